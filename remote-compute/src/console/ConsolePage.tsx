import {
  Button,
  FluentProvider,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  Spinner,
  Subtitle2,
  Tooltip,
  tokens,
  webDarkTheme,
} from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  ArrowLeftRegular,
  ClipboardPasteRegular,
  CopyRegular,
  PlayRegular,
  PlugDisconnectedRegular,
} from '@fluentui/react-icons';
import { usePortal } from '@portal/shared';
import { useCallback, useEffect, useRef } from 'react';
import { useHref, useLinkClickHandler, useParams } from 'react-router';
import { useQuery } from 'urql';
import { ConsoleInstanceDocument } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { InstanceStatus } from '../instances/InstanceStatus';
import { OsIconView } from '../instances/OsIconView';
import { useInstanceAction } from '../instances/useInstanceAction';
import { useInstanceLiveUpdates } from '../instances/useInstanceLiveUpdates';
import { ConsoleTerminal, TERMINAL_THEME, type TerminalHandle } from './ConsoleTerminal';
import { isRunning, noticeOf, shouldAutoConnect } from './consoleState';
import { useConsoleSocket } from './useConsoleSocket';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100dvh',
    minHeight: '320px',
    backgroundColor: TERMINAL_THEME.background,
    color: tokens.colorNeutralForeground1,
  },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  identity: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
  },
  name: { margin: 0, overflowWrap: 'anywhere' },
  grow: { flexGrow: 1 },
  tools: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  state: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  dot: { width: '8px', height: '8px', borderRadius: '50%', flexShrink: 0 },
  on: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  off: { backgroundColor: tokens.colorNeutralForeground4 },
  notice: { margin: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} 0` },
  center: { margin: 'auto', padding: tokens.spacingHorizontalL, maxWidth: '560px' },
});

/** Console (spec section 2, full screen): the instance's serial console in a terminal. */
export default function ConsolePage() {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { copy, notify, setTitle } = usePortal();
  const { instanceUid = '' } = useParams();
  const [{ data, error, fetching }] = useQuery({
    query: ConsoleInstanceDocument,
    variables: { uid: instanceUid },
  });
  const instance = data?.consoleInstance;
  useInstanceLiveUpdates(instance?.contractUid);
  const run = useInstanceAction();
  const terminal = useRef<TerminalHandle>(null);
  const write = useCallback((bytes: Uint8Array) => terminal.current?.write(bytes), []);
  const { connection, connect, disconnect, send, resize } = useConsoleSocket(instanceUid, !!instance, write);
  const detailsHref = instance
    ? `/workspace/${encodeURIComponent(instance.contractUid)}/instance/vm/${encodeURIComponent(instance.uid)}/overview`
    : '/';
  const backHref = useHref(detailsHref);
  const onBack = useLinkClickHandler<HTMLAnchorElement>(detailsHref);

  useEffect(() => {
    if (instance?.name) setTitle(t('console.title', { name: instance.name }));
  }, [instance?.name, setTitle, t]);

  // The machine has come to run (started here or anywhere else): attach without a click.
  const running = isRunning(instance);
  const wasRunning = useRef(running);
  useEffect(() => {
    const before = wasRunning.current;
    wasRunning.current = running;
    if (shouldAutoConnect(connection, before, running)) connect();
  }, [connection, running, connect]);

  useEffect(() => {
    if (connection.phase === 'connected') terminal.current?.focus();
  }, [connection.phase]);

  const onPasteRequest = useCallback(async () => {
    try {
      const text = await navigator.clipboard.readText();
      if (text) terminal.current?.paste(text);
    } catch {
      notify({ type: 'warning', message: t('console.pasteRefused') });
    }
    terminal.current?.focus();
  }, [notify, t]);

  const onCopy = useCallback(
    (text: string) => {
      void copy(text);
      terminal.current?.focus();
    },
    [copy],
  );

  if (!data) {
    return (
      <FluentProvider theme={webDarkTheme}>
        <div className={styles.root}>
          <div className={styles.center}>
            {error ? (
              <MessageBar intent="error">
                <MessageBarBody>
                  {t('common.loadFailed', { detail: error.graphQLErrors[0]?.message ?? error.message })}
                </MessageBarBody>
              </MessageBar>
            ) : fetching ? (
              <Spinner label={t('common.loading')} />
            ) : null}
          </div>
        </div>
      </FluentProvider>
    );
  }
  if (!instance) {
    return (
      <FluentProvider theme={webDarkTheme}>
        <div className={styles.root}>
          <div className={styles.center}>
            <MessageBar intent="warning">
              <MessageBarBody>{t('console.notFound')}</MessageBarBody>
            </MessageBar>
            <p>
              <a href={backHref} onClick={onBack}>
                {t('console.home')}
              </a>
            </p>
          </div>
        </div>
      </FluentProvider>
    );
  }

  const notice = connection.phase === 'closed' ? noticeOf(connection.end, instance) : null;
  const connected = connection.phase === 'connected';
  return (
    <FluentProvider theme={webDarkTheme}>
      <div className={styles.root}>
        <header className={styles.header}>
          <div className={styles.identity}>
            <Tooltip content={t('console.back', { name: instance.name })} relationship="label">
              <Button
                as="a"
                href={backHref}
                onClick={onBack}
                appearance="subtle"
                icon={<ArrowLeftRegular />}
              />
            </Tooltip>
            <OsIconView system={instance.system} size={20} />
            <Subtitle2 as="h1" className={styles.name}>
              {instance.name}
            </Subtitle2>
            <InstanceStatus instance={instance} />
          </div>
          <span className={styles.grow} />
          <div className={styles.tools}>
            <span className={styles.state} role="status" aria-live="polite">
              <span className={`${styles.dot} ${connected ? styles.on : styles.off}`} aria-hidden="true" />
              {t(`console.state.${connection.phase}`)}
            </span>
            {connection.phase === 'closed' ? (
              <Button size="small" icon={<ArrowClockwiseRegular />} onClick={connect}>
                {t('console.reconnect')}
              </Button>
            ) : (
              <Button size="small" icon={<PlugDisconnectedRegular />} onClick={disconnect}>
                {t('console.disconnect')}
              </Button>
            )}
            <Tooltip content={t('console.copyHint')} relationship="description">
              <Button
                size="small"
                appearance="subtle"
                icon={<CopyRegular />}
                aria-label={t('console.copy')}
                onClick={() => {
                  const text = terminal.current?.selection() ?? '';
                  if (text) onCopy(text);
                  else notify({ type: 'info', message: t('console.nothingSelected') });
                }}
              />
            </Tooltip>
            <Tooltip content={t('console.pasteHint')} relationship="description">
              <Button
                size="small"
                appearance="subtle"
                icon={<ClipboardPasteRegular />}
                aria-label={t('console.paste')}
                disabled={!connected}
                onClick={() => void onPasteRequest()}
              />
            </Tooltip>
          </div>
        </header>
        {notice && (
          <MessageBar intent={notice.intent} className={styles.notice}>
            <MessageBarBody>{t(`console.notice.${notice.key}`, { name: instance.name })}</MessageBarBody>
            {notice.action === 'start' && (
              <MessageBarActions>
                <Button
                  size="small"
                  icon={<PlayRegular />}
                  disabled={!instance.allowedActions.includes('START')}
                  onClick={() => void run(instance, 'START')}
                >
                  {t('console.start')}
                </Button>
              </MessageBarActions>
            )}
          </MessageBar>
        )}
        <ConsoleTerminal
          ref={terminal}
          label={t('console.terminal', { name: instance.name })}
          onData={send}
          onResize={resize}
          onCopy={onCopy}
          onPasteRequest={() => void onPasteRequest()}
        />
      </div>
    </FluentProvider>
  );
}
