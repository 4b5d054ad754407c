import type { InstanceStatus } from '../gql/graphql';

/** The api's console socket, `/ws/console/<instanceUid>` (api README, "Console"). */
export const CONSOLE_PATH = '/ws/console/';

/** Why the console is not connected, from the socket's close code (api `CONSOLE_CLOSE`). */
export type ConsoleEnd =
  /** Disconnect pressed, or the page left. */
  | 'detached'
  /** The network or the api went away (1001, 1006, 1012 when an api process restarts, 4408, 4500, …): Reconnect. */
  | 'lost'
  /** 4409: the instance is off. */
  | 'off'
  /** 4410: it was stopped while attached. */
  | 'stopped'
  /** 4412: it is still being installed. */
  | 'installing'
  /** 4404: it was deleted while attached. */
  | 'deleted'
  /** 4403: not the user's (or gone). */
  | 'denied'
  /** 4401: the token or the session lapsed (the page fetches a fresh token once). */
  | 'expired'
  /** 4429: too much input at once. */
  | 'tooMuchInput';

export type ConsoleConnection =
  | { phase: 'connecting' }
  | { phase: 'connected' }
  | { phase: 'closed'; end: ConsoleEnd };

export function endOf(code: number): ConsoleEnd {
  switch (code) {
    case 1000:
      return 'detached';
    case 4401:
      return 'expired';
    case 4403:
      return 'denied';
    case 4404:
      return 'deleted';
    case 4409:
      return 'off';
    case 4410:
      return 'stopped';
    case 4412:
      return 'installing';
    case 4429:
      return 'tooMuchInput';
    default:
      return 'lost';
  }
}

/** Ends that the machine caused: the console comes back by itself once the instance runs again. */
const WAITING_FOR_MACHINE: readonly ConsoleEnd[] = ['off', 'stopped', 'installing'];

/** The machine runs, with nothing under way: a console can attach. */
export function isRunning(
  instance: { status: InstanceStatus; pendingAction?: string | null } | null | undefined,
): boolean {
  return instance?.status === 'ACTIVE' && !instance.pendingAction;
}

/**
 * Whether to attach again without a click: the socket was refused or ended because the machine
 * was not running, and the live instance has just come to run (it was not running before this
 * change). Only the change counts: a Stop's end may arrive before the instance's new status, and
 * must not attach again to the machine going down.
 */
export function shouldAutoConnect(
  connection: ConsoleConnection,
  wasRunning: boolean,
  running: boolean,
): boolean {
  return (
    connection.phase === 'closed' && WAITING_FOR_MACHINE.includes(connection.end) && !wasRunning && running
  );
}

/** What the page says when not connected, and which way out it offers. */
export interface ConsoleNotice {
  /** Key under `console.notice.` */
  key: ConsoleEnd;
  intent: 'info' | 'warning' | 'error';
  /** Start the instance (when its status allows it), Reconnect, or nothing. */
  action: 'start' | 'reconnect' | null;
}

export function noticeOf(
  end: ConsoleEnd,
  instance: { allowedActions: readonly string[] } | null | undefined,
): ConsoleNotice {
  const canStart = !!instance?.allowedActions.includes('START');
  switch (end) {
    case 'off':
    case 'stopped':
      return { key: end, intent: 'warning', action: canStart ? 'start' : null };
    case 'installing':
      return { key: end, intent: 'info', action: null };
    case 'deleted':
    case 'denied':
      return { key: end, intent: 'error', action: null };
    case 'tooMuchInput':
      return { key: end, intent: 'warning', action: 'reconnect' };
    default:
      return { key: end, intent: 'info', action: 'reconnect' };
  }
}

/** A paste goes out in frames of this size (the api takes up to 64 KiB a frame, 64 KiB at once). */
export const INPUT_FRAME_BYTES = 8 * 1024;

/** Splits typed or pasted text into frames, never inside a UTF-8 character. */
export function inputFrames(text: string, max = INPUT_FRAME_BYTES): Uint8Array<ArrayBuffer>[] {
  const bytes = new TextEncoder().encode(text);
  const frames: Uint8Array<ArrayBuffer>[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + max, bytes.length);
    // back off continuation bytes (10xxxxxx) so a character is not cut
    while (end < bytes.length && end > start && (bytes[end]! & 0xc0) === 0x80) end--;
    frames.push(bytes.subarray(start, end));
    start = end;
  }
  return frames;
}
