import { act, screen, waitFor } from '@testing-library/react';
import { type Ref, useImperativeHandle, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstanceFieldsFragment } from '../gql/graphql';
import { computeClient, instance, typedInstance } from '../test/computeClient';
import { renderPage } from '../test/renderPage';
import ConsolePage from './ConsolePage';
import type { TerminalHandle } from './ConsoleTerminal';

// xterm.js needs a real browser (canvas, layout): here a stand-in shows what was written as text;
// the e2e suite drives the real terminal.
vi.mock('./ConsoleTerminal', async (original) => ({
  ...(await original<typeof import('./ConsoleTerminal')>()),
  ConsoleTerminal: ({
    ref,
    label,
    onData,
  }: {
    ref?: Ref<TerminalHandle>;
    label: string;
    onData(t: string): void;
  }) => {
    const [text, setText] = useState('');
    useImperativeHandle(ref, () => ({
      write: (bytes: Uint8Array) => setText((t) => t + new TextDecoder().decode(bytes)),
      reset: () => setText(''),
      focus: () => {},
      selection: () => '',
      paste: (pasted: string) => onData(pasted),
    }));
    return (
      <div role="log" aria-label={label} data-testid="terminal">
        {text}
      </div>
    );
  },
}));

/** The browser's WebSocket, driven by the test. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: unknown) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  receive(data: string | Uint8Array) {
    act(() => this.onmessage?.({ data: typeof data === 'string' ? data : data.buffer }));
  }
  serverClose(code: number, reason = '') {
    act(() => {
      this.readyState = 3;
      this.onclose?.({ code, reason });
    });
  }
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  // setup.ts stubs ResizeObserver for every test
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const WEB = instance('web-1');
const OFF = instance('db-replica', { status: 'INACTIVE', allowedActions: ['START', 'DELETE'] });

const consoleAnswer = (found: InstanceFieldsFragment | null) => () => ({
  data: { __typename: 'Query', consoleInstance: found && typedInstance(found) },
});
const tokenAnswer = () => ({ data: { __typename: 'Query', getWSAToken: 'token-1' } });
const startingAnswer = () => ({
  data: {
    __typename: 'Mutation',
    instanceAction: typedInstance({ ...OFF, pendingAction: 'START', allowedActions: [] }),
  },
});

function setup(found: InstanceFieldsFragment | null, uid = found?.uid ?? 'uid-x') {
  const api = computeClient({
    ConsoleInstance: consoleAnswer(found),
    WsaToken: tokenAnswer,
    InstanceAction: startingAnswer,
  });
  return {
    ...renderPage(<ConsolePage />, {
      path: `/console/${uid}`,
      route: '/console/:instanceUid',
      graphql: api.client,
    }),
    api,
  };
}

async function socket(index = 0): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(index));
  return FakeSocket.all[index]!;
}

describe('ConsolePage', () => {
  it('attaches with a fresh token, shows what the machine prints and sends what is typed', async () => {
    setup(WEB);
    expect(await screen.findByRole('heading', { name: 'web-1' })).toBeTruthy();
    const ws = await socket();
    expect(ws.url).toBe('ws://localhost:3000/ws/console/uid-web-1');
    expect(screen.getByRole('status').textContent).toBe('Connecting…');
    ws.open();
    expect(JSON.parse(ws.sent[0] as string)).toMatchObject({ type: 'auth', token: 'token-1' });
    ws.receive(JSON.stringify({ type: 'ready', instance: { uid: WEB.uid, name: 'web-1' } }));
    expect(screen.getByRole('status').textContent).toBe('Connected');
    ws.receive(new TextEncoder().encode('root@web-1:~# '));
    expect(screen.getByTestId('terminal').textContent).toBe('root@web-1:~# ');
    expect(screen.getByRole('link', { name: 'Back to web-1' }).getAttribute('href')).toBe(
      '/workspace/C-1/instance/vm/uid-web-1/overview',
    );
  });

  it('an instance that is off: the api’s refusal says so and offers Start', async () => {
    const { api } = setup(OFF);
    const ws = await socket();
    ws.open();
    ws.serverClose(4409, 'The instance is off. Start it to use the console.');
    expect(await screen.findByText('db-replica is off. Start it to use the console.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Disconnected');
    const start = screen.getByRole('button', { name: 'Start instance' });
    await act(async () => start.click());
    await waitFor(() =>
      expect(api.fetch.mock.calls.some(([, init]) => String(init?.body).includes('"action":"START"'))).toBe(
        true,
      ),
    );
    // It runs now (live event): the console attaches by itself.
    act(() =>
      api.instanceChanged({ ...OFF, status: 'ACTIVE', allowedActions: ['STOP', 'RESTART', 'DELETE'] }),
    );
    const again = await socket(1);
    again.open();
    again.receive(JSON.stringify({ type: 'ready' }));
    expect(screen.getByRole('status').textContent).toBe('Connected');
    expect(screen.queryByText('db-replica is off. Start it to use the console.')).toBeNull();
  });

  it('a Stop while attached ends the session with a message', async () => {
    setup(WEB);
    const ws = await socket();
    ws.open();
    ws.receive(JSON.stringify({ type: 'ready' }));
    ws.serverClose(4410, 'The instance was stopped.');
    expect(await screen.findByText('web-1 was stopped. The console session has ended.')).toBeTruthy();
  });

  it('installing: says the console opens by itself', async () => {
    setup(instance('gitlab', { status: 'INSTALLING', allowedActions: ['DELETE'] }));
    const ws = await socket();
    ws.open();
    ws.serverClose(4412);
    expect(
      await screen.findByText('gitlab is being installed. The console opens by itself once it is active.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start instance' })).toBeNull();
  });

  it('a dropped line: Disconnected, and Reconnect attaches again', async () => {
    setup(WEB);
    const ws = await socket();
    ws.open();
    ws.receive(JSON.stringify({ type: 'ready' }));
    ws.serverClose(1006);
    expect(
      await screen.findByText('The connection to the console was lost. Reconnect to continue.'),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Disconnected');
    await act(async () => screen.getByRole('button', { name: 'Reconnect' }).click());
    const again = await socket(1);
    again.open();
    again.receive(JSON.stringify({ type: 'ready' }));
    expect(screen.getByRole('status').textContent).toBe('Connected');
  });

  it('a lapsed token is fetched again once, without a message', async () => {
    setup(WEB);
    const ws = await socket();
    ws.open();
    ws.serverClose(4401, 'Signature has expired');
    const again = await socket(1);
    again.open();
    again.receive(JSON.stringify({ type: 'ready' }));
    expect(screen.getByRole('status').textContent).toBe('Connected');
  });

  it('an instance that is not the user’s: not found, and no socket', async () => {
    setup(null, 'uid-other');
    expect(
      await screen.findByText('This instance does not exist, or it is not in a workspace of yours.'),
    ).toBeTruthy();
    expect(FakeSocket.all).toEqual([]);
  });
});
