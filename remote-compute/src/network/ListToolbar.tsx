import { Button, Caption1, Input, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import type { useWorkspaceNetworks } from './useWorkspaceNetworks';

const useStyles = makeStyles({
  filter: { maxWidth: '320px', minWidth: '160px', width: '100%' },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

type List = ReturnType<typeof useWorkspaceNetworks>;

export function ListFilter({ list }: { list: List }) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  return (
    <Input
      className={styles.filter}
      type="search"
      contentBefore={<SearchRegular />}
      placeholder={t('network.filter')}
      aria-label={t('network.filter')}
      value={list.filter}
      onChange={(_event, { value }) => list.setFilter(value)}
    />
  );
}

/** "No match", or the pager when there is more than one page. */
export function ListFooter({ list, label }: { list: List; label: string }) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  if (list.rows.length === 0)
    return <Caption1 role="status">{t('network.noMatch', { filter: list.filter })}</Caption1>;
  if (list.shown.pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <Caption1 role="status">
        {t('instances.page', {
          from: list.first + 1,
          to: list.first + list.shown.rows.length,
          total: list.rows.length,
        })}
      </Caption1>
      <Button size="small" disabled={list.shown.page === 0} onClick={() => list.setPage(list.shown.page - 1)}>
        {t('instances.previous')}
      </Button>
      <Button
        size="small"
        disabled={list.shown.page >= list.shown.pages - 1}
        onClick={() => list.setPage(list.shown.page + 1)}
      >
        {t('instances.next')}
      </Button>
    </nav>
  );
}
