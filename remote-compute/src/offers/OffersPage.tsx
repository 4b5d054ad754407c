import {
  Body1,
  Button,
  Caption1,
  Card,
  CardFooter,
  CardHeader,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  Subtitle2,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import { EmptyState, formatMoney, usePortal } from '@portal/shared';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { type OfferKind, OffersDocument } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { OsIconView } from '../instances/OsIconView';
import { planPrice, VISITOR_CURRENCY } from '../new-instance/pricing';
import { categoryOf, OFFER_FILTERS, type OfferFilter, offerFilter } from './offerFilters';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
  },
  tabs: { overflowX: 'auto', maxWidth: '100%' },
  grid: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  card: { height: '100%' },
  description: { color: tokens.colorNeutralForeground2, flexGrow: 1 },
  price: { fontWeight: tokens.fontWeightSemibold },
});

/** Products or Solutions: the offers of one kind as cards, filtered by category (`?filter=`). */
export function OffersPage({ kind }: { kind: OfferKind }) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { navigate, workspace } = usePortal();
  const [params, setParams] = useSearchParams();
  const filter = offerFilter(kind, params.get('filter'));
  const [{ data, error, fetching }] = useQuery({ query: OffersDocument, variables: { kind } });
  const currency = workspace?.balance.currency ?? VISITOR_CURRENCY;
  const offers = (data?.offers ?? []).filter(
    (offer) => filter === 'all' || offer.category.toUpperCase() === categoryOf(filter),
  );
  const labelOf = (id: OfferFilter) =>
    t(`offers.filter.${id === 'all' ? 'ALL' : categoryOf(id)}` as 'offers.filter.ALL');

  return (
    <div className={styles.root}>
      <TabList
        className={styles.tabs}
        selectedValue={filter}
        aria-label={t('offers.filters')}
        onTabSelect={(_event, { value }) => setParams(value === 'all' ? {} : { filter: String(value) })}
      >
        {OFFER_FILTERS[kind].map((id) => (
          <Tab key={id} value={id}>
            {labelOf(id)}
          </Tab>
        ))}
      </TabList>
      {!data ? (
        error ? (
          <MessageBar intent="error">
            <MessageBarBody>
              {t('common.loadFailed', { detail: error.graphQLErrors[0]?.message ?? error.message })}
            </MessageBarBody>
          </MessageBar>
        ) : (
          fetching && <Spinner label={t('common.loading')} />
        )
      ) : offers.length === 0 ? (
        <EmptyState title={t('offers.none')} />
      ) : (
        <ul className={styles.grid}>
          {offers.map((offer) => {
            const price = planPrice(offer.plan, currency);
            return (
              <li key={offer.templateUid}>
                <Card className={styles.card}>
                  <CardHeader
                    image={<OsIconView system={offer.image.system} size={32} />}
                    header={<Subtitle2 as="h2">{offer.title}</Subtitle2>}
                    description={<Caption1>{offer.image.name}</Caption1>}
                  />
                  <Body1 as="p" className={styles.description}>
                    {offer.description}
                  </Body1>
                  {price && (
                    <Body1 className={styles.price}>
                      {t('offers.priceFrom', { price: formatMoney(price.monthly, price.currency) })}
                    </Body1>
                  )}
                  <CardFooter>
                    <Button
                      appearance="primary"
                      aria-label={t('offers.chooseLabel', { title: offer.title })}
                      onClick={() =>
                        navigate(`/new-instance?${new URLSearchParams({ template_uid: offer.templateUid })}`)
                      }
                    >
                      {t('offers.choose')}
                    </Button>
                  </CardFooter>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
