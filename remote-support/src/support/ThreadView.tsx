import {
  Body1,
  Button,
  Caption1,
  Card,
  Link,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  Spinner,
  Subtitle1,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowLeftRegular,
  ArrowReplyRegular,
  AttachRegular,
  HeadsetRegular,
  MailUnreadRegular,
  MoreHorizontalRegular,
  PersonRegular,
} from '@fluentui/react-icons';
import { formatBytes, usePortal } from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import { useEffect, useMemo, useRef } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  MarkSupportThreadReadDocument,
  MarkSupportThreadUnreadDocument,
  SupportThreadDocument,
  type SupportThreadFieldsFragment,
} from '../gql/graphql';
import { useSupportTranslation } from '../i18n/useSupportTranslation';
import { sanitizeSupportHtml } from './sanitize';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  headText: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    flexGrow: 1,
    minWidth: 0,
  },
  subject: { margin: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexShrink: 0 },
  messages: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  message: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  fromSupport: { borderLeft: `3px solid ${tokens.colorBrandStroke1}` },
  messageHead: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  from: { fontWeight: tokens.fontWeightSemibold },
  date: { color: tokens.colorNeutralForeground3, marginLeft: 'auto' },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0, fontFamily: tokens.fontFamilyBase },
  html: {
    overflowWrap: 'anywhere',
    '& p': { margin: `0 0 ${tokens.spacingVerticalS}` },
    '& p:last-child': { marginBottom: 0 },
    '& pre': { whiteSpace: 'pre-wrap' },
    '& a': { color: tokens.colorBrandForegroundLink },
  },
  files: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  file: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  fileName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
});

/**
 * One conversation, oldest first: the customer's messages as plain text, support's answers as
 * sanitised HTML, attachments to download. Opening it marks its answers read (the app bar's count
 * falls in every tab by the workspace's subscription); "Mark as unread" marks it again and goes back
 * to the list, like a mail client.
 */
export function ThreadView({
  uid,
  refresh,
  onBack,
  onReply,
  showBack,
}: {
  uid: string;
  /** bumped by the page on a `supportChanged` event of this thread */
  refresh: number;
  onBack: () => void;
  onReply: (thread: SupportThreadFieldsFragment) => void;
  showBack: boolean;
}) {
  const styles = useStyles();
  const { t } = useSupportTranslation();
  const { formatDateTime } = useDateFormat();
  const portal = usePortal();
  const [result, refetch] = useQuery({ query: SupportThreadDocument, variables: { uid } });
  const [, markRead] = useMutation(MarkSupportThreadReadDocument);
  const [, markUnread] = useMutation(MarkSupportThreadUnreadDocument);
  const thread = result.data?.supportThread;

  // a supportChanged event of this thread (the page counts them): ask the api again
  const seen = useRef(refresh);
  useEffect(() => {
    if (seen.current === refresh) return;
    seen.current = refresh;
    refetch({ requestPolicy: 'network-only' });
  });

  const unread = thread?.unreadCount ?? 0;
  useEffect(() => {
    if (unread > 0) void markRead({ uid });
  }, [unread, uid, markRead]);

  const bodies = useMemo(
    () =>
      new Map(
        (thread?.messages ?? []).map((m) => [
          m.uid,
          m.author === 'SUPPORT' ? sanitizeSupportHtml(m.body) : m.body,
        ]),
      ),
    [thread],
  );

  if (result.fetching && !thread) return <Spinner label={t('title')} />;
  if (!thread) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t('thread.loadFailed', { detail: result.error?.message ?? '' })}</MessageBarBody>
      </MessageBar>
    );
  }
  const hasAnswer = thread.messages.some((m) => m.author === 'SUPPORT');
  return (
    <article className={styles.root} aria-label={thread.subject}>
      {showBack ? (
        <div>
          <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={onBack}>
            {t('thread.back')}
          </Button>
        </div>
      ) : null}
      <div className={styles.head}>
        <div className={styles.headText}>
          <Subtitle1 as="h2" className={styles.subject}>
            {thread.subject}
          </Subtitle1>
          <Caption1 className={styles.muted}>
            {thread.workspaceName}
            {thread.instanceName ? ` · ${t('thread.instance', { name: thread.instanceName })}` : ''}
            {thread.invoiceNumber ? ` · ${t('thread.invoice', { number: thread.invoiceNumber })}` : ''}
          </Caption1>
        </div>
        <div className={styles.actions}>
          <Button appearance="primary" icon={<ArrowReplyRegular />} onClick={() => onReply(thread)}>
            {t('thread.reply')}
          </Button>
          {hasAnswer ? (
            <Menu>
              <MenuTrigger disableButtonEnhancement>
                <Button icon={<MoreHorizontalRegular />} aria-label={t('thread.more')} />
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  <MenuItem
                    icon={<MailUnreadRegular />}
                    onClick={async () => {
                      const answer = await markUnread({ uid });
                      if (!answer.error) {
                        portal.notify({ type: 'info', message: t('thread.markedUnread') });
                        onBack();
                      }
                    }}
                  >
                    {t('thread.markUnread')}
                  </MenuItem>
                </MenuList>
              </MenuPopover>
            </Menu>
          ) : null}
        </div>
      </div>
      <ol className={styles.messages}>
        {thread.messages.map((message) => (
          <li key={message.uid}>
            <Card
              className={mergeClasses(styles.message, message.author === 'SUPPORT' && styles.fromSupport)}
            >
              <div className={styles.messageHead}>
                {message.author === 'SUPPORT' ? <HeadsetRegular /> : <PersonRegular />}
                <Body1 className={styles.from}>{message.from}</Body1>
                <Caption1 className={styles.date}>{formatDateTime(message.createdAt)}</Caption1>
              </div>
              {message.author === 'SUPPORT' ? (
                <div
                  className={styles.html}
                  data-testid="support-answer"
                  // sanitised by DOMPurify (sanitize.ts): no script, no handlers, no javascript: links
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above
                  dangerouslySetInnerHTML={{ __html: bodies.get(message.uid) ?? '' }}
                />
              ) : (
                <p className={styles.text}>{message.body}</p>
              )}
              {message.attachments.length > 0 ? (
                <ul
                  className={styles.files}
                  aria-label={t('attachments', { count: message.attachments.length })}
                >
                  {message.attachments.map((file) => (
                    <li key={file.uid} className={styles.file}>
                      <AttachRegular />
                      <Link
                        href={file.url}
                        download={file.name}
                        className={styles.fileName}
                        aria-label={t('thread.download', { name: file.name, size: formatBytes(file.size) })}
                      >
                        {file.name}
                      </Link>
                      <Caption1 className={styles.muted}>{formatBytes(file.size)}</Caption1>
                    </li>
                  ))}
                </ul>
              ) : null}
            </Card>
          </li>
        ))}
      </ol>
    </article>
  );
}
