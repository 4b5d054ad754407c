import { fetchWsaToken, websocketUrl } from '@portal/shared/graphql';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import { CONSOLE_PATH, type ConsoleConnection, endOf, inputFrames } from './consoleState';

/**
 * The console socket of an instance (`/ws/console/<uid>`): opens once `enabled`, authenticates with a
 * fresh WSA token (fetched through the portal's client, so a lapsed session is handled as
 * everywhere), then carries the terminal's bytes both ways in binary frames and its size in
 * `resize` messages. A 4401 (token or session lapsed) is retried once with a fresh token; every
 * other end is reported, and `connect` attaches again (Reconnect). Nothing polls.
 */
export function useConsoleSocket(uid: string, enabled: boolean, onData: (bytes: Uint8Array) => void) {
  const client = useClient();
  const [connection, setConnection] = useState<ConsoleConnection>({ phase: 'connecting' });
  const socket = useRef<WebSocket | null>(null);
  const size = useRef<{ cols: number; rows: number } | null>(null);
  const output = useRef(onData);
  output.current = onData;
  /** Each attempt's number: events of an older socket are ignored. */
  const attempt = useRef(0);

  const drop = useCallback(() => {
    const open = socket.current;
    socket.current = null;
    if (open && open.readyState <= WebSocket.OPEN) open.close(1000, 'Detached');
  }, []);

  const connect = useCallback(
    async (retryExpired = true) => {
      const mine = ++attempt.current;
      drop();
      setConnection({ phase: 'connecting' });
      let token: string;
      try {
        token = await fetchWsaToken(client);
      } catch {
        if (mine === attempt.current) setConnection({ phase: 'closed', end: 'lost' });
        return;
      }
      if (mine !== attempt.current) return;
      const ws = new WebSocket(websocketUrl(CONSOLE_PATH + encodeURIComponent(uid), window.location));
      ws.binaryType = 'arraybuffer';
      socket.current = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token, ...size.current }));
      ws.onmessage = (event: MessageEvent) => {
        if (mine !== attempt.current) return;
        if (typeof event.data === 'string') {
          const message = JSON.parse(event.data) as { type?: string };
          if (message.type === 'ready') setConnection({ phase: 'connected' });
          return;
        }
        output.current(new Uint8Array(event.data as ArrayBuffer));
      };
      ws.onclose = (event: CloseEvent) => {
        if (mine !== attempt.current) return;
        socket.current = null;
        const end = endOf(event.code);
        if (end === 'expired' && retryExpired) {
          void connect(false);
          return;
        }
        setConnection({ phase: 'closed', end });
      };
    },
    [client, uid, drop],
  );

  const disconnect = useCallback(() => {
    attempt.current++;
    drop();
    setConnection({ phase: 'closed', end: 'detached' });
  }, [drop]);

  /** Typed or pasted text, in frames the api accepts. */
  const send = useCallback((text: string) => {
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    for (const frame of inputFrames(text)) ws.send(frame);
  }, []);

  const resize = useCallback((cols: number, rows: number) => {
    size.current = { cols, rows };
    const ws = socket.current;
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'resize', cols, rows }));
  }, []);

  useEffect(() => {
    if (!enabled) return;
    void connect();
    return () => {
      attempt.current++;
      drop();
    };
  }, [enabled, connect, drop]);

  return { connection, connect: () => void connect(), disconnect, send, resize };
}
