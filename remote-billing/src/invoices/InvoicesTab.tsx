import {
  Button,
  Caption1,
  Dropdown,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Option,
  ProgressBar,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular, DocumentRegular } from '@fluentui/react-icons';
import { currentLocale, EmptyState, formatMoney } from '@portal/shared';
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { LoadError } from '../common/LoadError';
import { useRefetchOnChange } from '../common/useBillingLive';
import { type InvoiceStatus, InvoicesDocument } from '../gql/graphql';
import { useBillingTranslation } from '../i18n/useBillingTranslation';
import { InvoiceList } from './InvoiceList';
import {
  filterProblems,
  INVOICE_STATUSES,
  type InvoiceFilterValues,
  isFiltered,
  NO_FILTER,
  toInvoiceFilter,
} from './invoiceFilter';
import { type InvoiceSelection, reconciled, selectionTotal } from './selection';

/** A count as the page's language groups it: '1,000', '1.000'. */
const count = (value: number) => new Intl.NumberFormat(currentLocale()).format(value);

/** Invoices per page (the api allows 1-100). */
export const INVOICES_PAGE_SIZE = 25;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
  },
  status: { minWidth: '200px', flexGrow: 1, maxWidth: '280px' },
  day: { minWidth: '150px', flexGrow: 1, maxWidth: '200px' },
  clear: { alignSelf: 'flex-end', marginBlockEnd: tokens.spacingVerticalXXS },
  selection: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  progress: { minHeight: '2px' },
  pager: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalS,
  },
});

/**
 * The Invoices tab: the workspace's invoices newest first, filtered by status and period, a page at
 * a time from the api (keyset paging, fast with 1,000 invoices); open invoices that may be paid can
 * be selected for Make a Payment, across pages.
 */
export function InvoicesTab({
  contractUid,
  selectable,
  selection,
  onSelectionChange,
}: {
  contractUid: string;
  selectable: boolean;
  selection: InvoiceSelection;
  onSelectionChange: (selection: InvoiceSelection) => void;
}) {
  const styles = useStyles();
  const { t } = useBillingTranslation();
  const [values, setValues] = useState<InvoiceFilterValues>(NO_FILTER);
  const problems = filterProblems(values);
  const valid = Object.keys(problems).length === 0;
  // the last good filter is the one shown; a bad one keeps the list as it was
  const [applied, setApplied] = useState<InvoiceFilterValues>(NO_FILTER);
  useEffect(() => {
    if (valid) setApplied(values);
  }, [valid, values]);
  const filter = useMemo(() => toInvoiceFilter(applied), [applied]);
  // the cursors of the pages seen: [null (the first page), endCursor of page 1, …]
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const page = cursors.length - 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter or workspace starts at page 1
  useEffect(() => setCursors([null]), [filter, contractUid]);

  const [{ data, fetching, error }, reexecute] = useQuery({
    query: InvoicesDocument,
    variables: { contractUid, filter, first: INVOICES_PAGE_SIZE, after: cursors[page] ?? null },
    pause: !contractUid,
  });
  useRefetchOnChange(() => reexecute({ requestPolicy: 'network-only' }));
  const result = data?.invoices;

  // an invoice paid meanwhile leaves the selection; one still open keeps its current amount due
  useEffect(() => {
    if (!result) return;
    const next = reconciled(selection, result.items);
    if (next !== selection) onSelectionChange(next);
  }, [result, selection, onSelectionChange]);

  const setValue = (patch: Partial<InvoiceFilterValues>) =>
    setValues((current) => ({ ...current, ...patch }));
  const statusLabel = (status: InvoiceStatus) => t(`status.${status}`);
  const filters = (
    <search className={styles.filters} aria-label={t('invoices.filters')}>
      <Field label={t('invoices.statusFilter')} className={styles.status}>
        <Dropdown
          multiselect
          placeholder={t('invoices.allStatuses')}
          selectedOptions={values.status}
          value={values.status.map(statusLabel).join(', ')}
          onOptionSelect={(_event, data) => setValue({ status: data.selectedOptions as InvoiceStatus[] })}
        >
          {INVOICE_STATUSES.map((status) => (
            <Option key={status} value={status}>
              {statusLabel(status)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field
        label={t('invoices.from')}
        className={styles.day}
        validationState={problems.from ? 'error' : 'none'}
        validationMessage={problems.from ? t(problems.from) : undefined}
      >
        <Input type="date" value={values.from} onChange={(_event, data) => setValue({ from: data.value })} />
      </Field>
      <Field
        label={t('invoices.to')}
        className={styles.day}
        validationState={problems.to ? 'error' : 'none'}
        validationMessage={problems.to ? t(problems.to) : undefined}
      >
        <Input type="date" value={values.to} onChange={(_event, data) => setValue({ to: data.value })} />
      </Field>
      {isFiltered(values) && (
        <Button
          className={styles.clear}
          appearance="subtle"
          icon={<DismissRegular />}
          onClick={() => setValues(NO_FILTER)}
        >
          {t('invoices.clearFilters')}
        </Button>
      )}
    </search>
  );

  if (!result) {
    if (error) return <LoadError error={error} retry={() => reexecute({ requestPolicy: 'network-only' })} />;
    return <Spinner label={t('common.loading')} />;
  }

  if (result.totalCount === 0 && !isFiltered(applied) && !isFiltered(values))
    return (
      <EmptyState media={<DocumentRegular />} title={t('invoices.empty')} text={t('invoices.emptyText')} />
    );

  const first = page * INVOICES_PAGE_SIZE;
  const total = selectionTotal(selection);
  return (
    <div className={styles.root}>
      {filters}
      {selection.size > 0 && (
        <div className={styles.selection} role="status">
          <Caption1>
            {t('page.selectedCount', {
              count: selection.size,
              amount: formatMoney(total.amount, total.currency),
            })}
          </Caption1>
          <Link as="button" onClick={() => onSelectionChange(new Map())}>
            {t('page.clearSelection')}
          </Link>
        </div>
      )}
      {error && <LoadError error={error} retry={() => reexecute({ requestPolicy: 'network-only' })} />}
      <div className={styles.progress}>{fetching && <ProgressBar aria-label={t('common.loading')} />}</div>
      {result.items.length === 0 ? (
        <MessageBar>
          <MessageBarBody>{t('invoices.noMatch')}</MessageBarBody>
        </MessageBar>
      ) : (
        <InvoiceList
          invoices={result.items}
          label={t('invoices.title')}
          selectable={selectable}
          selection={selection}
          onSelectionChange={onSelectionChange}
        />
      )}
      {result.totalCount > 0 && (
        <nav className={styles.pager} aria-label={t('invoices.pagination')}>
          <Caption1 role="status">
            {t('invoices.page', {
              from: count(first + 1),
              to: count(first + result.items.length),
              total: count(result.totalCount),
            })}
          </Caption1>
          <Button size="small" disabled={page === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
            {t('invoices.previous')}
          </Button>
          <Button
            size="small"
            disabled={!result.hasNextPage || fetching}
            onClick={() => setCursors((c) => [...c, result.endCursor ?? null])}
          >
            {t('invoices.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
