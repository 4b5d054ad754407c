import {
  Body1,
  Button,
  Caption1,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  SearchBox,
  Spinner,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title3,
  tokens,
} from '@fluentui/react-components';
import {
  AttachRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
  ComposeRegular,
  HeadsetRegular,
} from '@fluentui/react-icons';
import { EmptyState, usePortal } from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useSubscription } from 'urql';
import {
  SupportChangedDocument,
  type SupportFolder,
  SupportLimitsDocument,
  SupportMessagesDocument,
  type SupportMessagesQuery,
  type SupportThreadFieldsFragment,
} from '../gql/graphql';
import { useSupportTranslation } from '../i18n/useSupportTranslation';
import { DEFAULT_LIMITS } from './files';
import { type ReplyTo, SendDialog } from './SendDialog';
import { ThreadView } from './ThreadView';
import { useNarrower } from './useNarrow';

/** Rows per page of the list (keyset paging on the api). */
export const PAGE_SIZE = 25;

const FOLDERS = ['inbox', 'sent', 'all'] as const;
type Folder = (typeof FOLDERS)[number];
const FOLDER_OF: Record<Folder, SupportFolder> = { inbox: 'INBOX', sent: 'SENT', all: 'ALL' };

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    minWidth: 0,
    boxSizing: 'border-box',
  },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  headerText: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    flexGrow: 1,
    minWidth: 0,
  },
  title: { margin: 0 },
  available: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground2,
  },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minWidth: 0,
  },
  search: { flexGrow: 1, maxWidth: '420px', minWidth: '0', width: '100%' },
  panes: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    minWidth: 0,
  },
  split: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  table: { tableLayout: 'fixed', width: '100%' },
  fromCol: { width: '28%' },
  dateCol: { width: '150px' },
  row: { cursor: 'pointer' },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  unread: { fontWeight: tokens.fontWeightSemibold },
  cellText: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  subjectCell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  dot: {
    width: '8px',
    height: '8px',
    borderRadius: '50%',
    backgroundColor: tokens.colorBrandBackground,
    flexShrink: 0,
  },
  excerpt: { color: tokens.colorNeutralForeground3 },
  items: { display: 'flex', flexDirection: 'column', margin: 0, padding: 0, listStyle: 'none' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    cursor: 'pointer',
    minWidth: 0,
    textAlign: 'left',
    backgroundColor: 'transparent',
    borderTop: 'none',
    borderLeft: 'none',
    borderRight: 'none',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    fontFamily: 'inherit',
    fontSize: 'inherit',
    color: 'inherit',
    width: '100%',
  },
  itemHead: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  itemFrom: { flexGrow: 1, minWidth: 0 },
  paging: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalS,
  },
  hint: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalL },
  srOnly: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});

type Item = SupportMessagesQuery['supportMessages']['items'][number];

/**
 * Support (`/support`): the current workspace's conversations with support. Folders Inbox, Sent and
 * All (`?folder=`), a full-text search (`?q=`), keyset paging, and the thread (`?thread=`) beside
 * the list (from md 960 px) or instead of it (phones: master/detail). New message and Reply share
 * one dialog. Live: a `supportChanged` event of the workspace refetches the list and the open thread.
 */
export default function SupportPage() {
  const styles = useStyles();
  const { t } = useSupportTranslation();
  const portal = usePortal();
  const { formatDate, formatDateTime } = useDateFormat();
  const [params, setParams] = useSearchParams();
  const narrow = useNarrower(960);
  const phone = useNarrower(640);
  const folder: Folder = FOLDERS.find((f) => f === params.get('folder')) ?? 'inbox';
  const search = params.get('q') ?? '';
  const threadUid = params.get('thread');
  const contractUid = portal.workspace?.contractUid ?? '';

  const [typed, setTyped] = useState(search);
  useEffect(() => setTyped(search), [search]);
  // the search runs a moment after typing stops (or at once on Enter)
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => update({ q: typed || null }), 350);
    return () => clearTimeout(timer);
  });

  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const scope = `${contractUid}|${folder}|${search}`;
  const [pagedScope, setPagedScope] = useState(scope);
  if (pagedScope !== scope) {
    setPagedScope(scope);
    setCursors([null]);
  }
  const after = cursors.at(-1) ?? null;

  const [list, refetchList] = useQuery({
    query: SupportMessagesDocument,
    variables: { contractUid, folder: FOLDER_OF[folder], search: search || null, first: PAGE_SIZE, after },
    pause: !contractUid,
    requestPolicy: 'cache-and-network',
  });
  const [limits] = useQuery({ query: SupportLimitsDocument, pause: !contractUid });

  const [changed] = useSubscription({
    query: SupportChangedDocument,
    variables: { contractUid },
    pause: !contractUid,
  });
  const [threadRefresh, setThreadRefresh] = useState(0);
  useEffect(() => {
    const event = changed.data?.supportChanged;
    if (!event) return;
    refetchList({ requestPolicy: 'network-only' });
    if (event.threadUid === threadUid) setThreadRefresh((n) => n + 1);
  }, [changed.data, refetchList, threadUid]);

  const [dialog, setDialog] = useState<{ open: boolean; replyTo: ReplyTo | null }>({
    open: false,
    replyTo: null,
  });

  function update(next: Record<string, string | null>) {
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value === null || value === '') merged.delete(key);
          else merged.set(key, value);
        }
        return merged;
      },
      { replace: 'q' in next && !('folder' in next) },
    );
  }

  const page = list.data?.supportMessages;
  const items = page?.items ?? [];
  const open = (item: Item) => update({ thread: item.threadUid });
  const onSent = (thread: SupportThreadFieldsFragment) => {
    setDialog({ open: false, replyTo: null });
    portal.notify({ type: 'success', message: t('send.sent') });
    if (thread.contractUid === contractUid) update({ thread: thread.uid });
    else portal.setWorkspace(thread.contractUid);
  };

  if (!portal.workspace) {
    return (
      <div className={styles.root}>
        <EmptyState media={<HeadsetRegular />} title={t('noWorkspace')} text={t('noWorkspaceText')} />
      </div>
    );
  }

  const showList = !(narrow && threadUid);
  const showThread = Boolean(threadUid) || !narrow;
  const first = (cursors.length - 1) * PAGE_SIZE + 1;

  return (
    <div className={styles.root}>
      <header className={styles.header}>
        <div className={styles.headerText}>
          <Title3 as="h1" className={styles.title}>
            {t('title')}
          </Title3>
          <Body1 className={styles.available}>
            <HeadsetRegular />
            {t('available')}
          </Body1>
        </div>
        <Button
          appearance="primary"
          icon={<ComposeRegular />}
          onClick={() => setDialog({ open: true, replyTo: null })}
        >
          {t('newMessage')}
        </Button>
      </header>

      <div className={styles.toolbar}>
        <TabList
          aria-label={t('folders')}
          selectedValue={folder}
          onTabSelect={(_event, data) => update({ folder: String(data.value), thread: null })}
        >
          {FOLDERS.map((f) => (
            <Tab key={f} value={f}>
              {t(`folder.${f}`)}
            </Tab>
          ))}
        </TabList>
        <SearchBox
          className={styles.search}
          aria-label={t('search')}
          placeholder={t('searchPlaceholder')}
          value={typed}
          onChange={(_event, data) => setTyped(data.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') update({ q: typed || null });
          }}
        />
      </div>

      <div className={mergeClasses(styles.panes, !narrow && threadUid ? styles.split : undefined)}>
        {showList ? (
          <section className={styles.list} aria-label={t(`folder.${folder}`)}>
            {list.error && !page ? (
              <MessageBar intent="error">
                <MessageBarBody>{t('loadFailed', { detail: list.error.message })}</MessageBarBody>
                <MessageBarActions>
                  <Button onClick={() => refetchList({ requestPolicy: 'network-only' })}>{t('retry')}</Button>
                </MessageBarActions>
              </MessageBar>
            ) : !page ? (
              <Spinner label={t(`folder.${folder}`)} />
            ) : items.length === 0 ? (
              <EmptyState
                title={search ? t('empty.search', { search }) : t(`empty.${folder}`)}
                text={t('empty.text')}
              />
            ) : phone || (threadUid && !narrow) ? (
              <ul className={styles.items}>
                {items.map((item) => (
                  <li key={item.uid}>
                    <button
                      type="button"
                      className={mergeClasses(styles.item, item.threadUid === threadUid && styles.selected)}
                      onClick={() => open(item)}
                      aria-current={item.threadUid === threadUid ? 'true' : undefined}
                    >
                      <span className={styles.itemHead}>
                        {item.unread ? <span className={styles.dot} aria-hidden /> : null}
                        <Body1
                          className={mergeClasses(
                            styles.itemFrom,
                            styles.cellText,
                            item.unread && styles.unread,
                          )}
                        >
                          {item.from}
                        </Body1>
                        {item.attachmentCount > 0 ? (
                          <AttachRegular aria-label={t('attachments', { count: item.attachmentCount })} />
                        ) : null}
                        <Caption1 title={formatDateTime(item.createdAt)}>
                          {formatDate(item.createdAt)}
                        </Caption1>
                      </span>
                      <Body1 className={mergeClasses(styles.cellText, item.unread && styles.unread)}>
                        {item.unread ? <span className={styles.srOnly}>{t('unread')}:</span> : null}
                        {item.unread ? ' ' : null}
                        {item.subject}
                      </Body1>
                      <Caption1 className={mergeClasses(styles.cellText, styles.excerpt)}>
                        {item.excerpt}
                      </Caption1>
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <Table className={styles.table} aria-label={t(`folder.${folder}`)}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell className={styles.fromCol}>{t('columns.from')}</TableHeaderCell>
                    <TableHeaderCell>{t('columns.subject')}</TableHeaderCell>
                    <TableHeaderCell className={styles.dateCol}>{t('columns.date')}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((item) => (
                    <TableRow
                      key={item.uid}
                      className={mergeClasses(styles.row, item.unread && styles.unread)}
                      onClick={() => open(item)}
                    >
                      <TableCell>
                        <span className={styles.subjectCell}>
                          {item.unread ? <span className={styles.dot} aria-hidden /> : null}
                          <span className={styles.cellText}>{item.from}</span>
                        </span>
                      </TableCell>
                      <TableCell>
                        <span className={styles.subjectCell}>
                          <button
                            type="button"
                            className={mergeClasses(styles.item, styles.cellText)}
                            style={{ padding: 0, borderBottom: 'none' }}
                            onClick={(event) => {
                              event.stopPropagation();
                              open(item);
                            }}
                          >
                            {item.unread ? <span className={styles.srOnly}>{t('unread')}:</span> : null}
                            {item.unread ? ' ' : null}
                            {item.subject}
                            <span className={styles.excerpt}> – {item.excerpt}</span>
                          </button>
                          {item.attachmentCount > 0 ? (
                            <AttachRegular aria-label={t('attachments', { count: item.attachmentCount })} />
                          ) : null}
                        </span>
                      </TableCell>
                      <TableCell>
                        <span className={styles.cellText} title={formatDateTime(item.createdAt)}>
                          {formatDateTime(item.createdAt)}
                        </span>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {page && page.totalCount > 0 ? (
              <nav className={styles.paging} aria-label={t('folders')}>
                <Caption1>
                  {t('paging.range', {
                    from: first.toLocaleString(),
                    to: (first + items.length - 1).toLocaleString(),
                    total: page.totalCount.toLocaleString(),
                  })}
                </Caption1>
                <Button
                  icon={<ChevronLeftRegular />}
                  disabled={cursors.length === 1}
                  onClick={() => setCursors((c) => c.slice(0, -1))}
                >
                  {t('paging.newer')}
                </Button>
                <Button
                  icon={<ChevronRightRegular />}
                  iconPosition="after"
                  disabled={!page.hasNextPage}
                  onClick={() => setCursors((c) => [...c, page.endCursor ?? null])}
                >
                  {t('paging.older')}
                </Button>
              </nav>
            ) : null}
          </section>
        ) : null}
        {showThread ? (
          threadUid ? (
            <ThreadView
              key={threadUid}
              uid={threadUid}
              refresh={threadRefresh}
              showBack={narrow}
              onBack={() => update({ thread: null })}
              onReply={(thread) =>
                setDialog({
                  open: true,
                  replyTo: { uid: thread.uid, subject: thread.subject, contractUid: thread.contractUid },
                })
              }
            />
          ) : null
        ) : null}
      </div>
      {dialog.open ? (
        <SendDialog
          open
          replyTo={dialog.replyTo}
          limits={limits.data?.supportLimits ?? DEFAULT_LIMITS}
          onClose={() => setDialog({ open: false, replyTo: null })}
          onSent={onSent}
        />
      ) : null}
    </div>
  );
}
