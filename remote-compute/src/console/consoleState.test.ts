import { describe, expect, it } from 'vitest';
import { endOf, inputFrames, isRunning, noticeOf, shouldAutoConnect } from './consoleState';

describe('console state', () => {
  it('reads the close codes of the api', () => {
    expect([1000, 1001, 1006, 1012, 4401, 4403, 4404, 4408, 4409, 4410, 4412, 4429, 4500].map(endOf)).toEqual(
      [
        'detached',
        'lost',
        'lost',
        'lost',
        'expired',
        'denied',
        'deleted',
        'lost',
        'off',
        'stopped',
        'installing',
        'tooMuchInput',
        'lost',
      ],
    );
  });

  it('offers Start when the instance is off and may start, Reconnect when the line dropped', () => {
    expect(noticeOf('off', { allowedActions: ['START', 'DELETE'] })).toEqual({
      key: 'off',
      intent: 'warning',
      action: 'start',
    });
    expect(noticeOf('stopped', { allowedActions: [] }).action).toBeNull();
    expect(noticeOf('lost', { allowedActions: [] }).action).toBe('reconnect');
    expect(noticeOf('detached', null).action).toBe('reconnect');
    expect(noticeOf('installing', null)).toEqual({ key: 'installing', intent: 'info', action: null });
    expect(noticeOf('deleted', null).action).toBeNull();
  });

  it('attaches again by itself once a machine that was not running comes to run', () => {
    const off = { phase: 'closed', end: 'off' } as const;
    expect(shouldAutoConnect(off, false, true)).toBe(true);
    expect(shouldAutoConnect(off, true, true)).toBe(false);
    expect(shouldAutoConnect(off, false, false)).toBe(false);
    expect(shouldAutoConnect({ phase: 'closed', end: 'stopped' }, false, true)).toBe(true);
    expect(shouldAutoConnect({ phase: 'closed', end: 'lost' }, false, true)).toBe(false);
    expect(shouldAutoConnect({ phase: 'connected' }, false, true)).toBe(false);
    expect(isRunning({ status: 'ACTIVE', pendingAction: null })).toBe(true);
    expect(isRunning({ status: 'ACTIVE', pendingAction: 'STOP' })).toBe(false);
    expect(isRunning({ status: 'INACTIVE', pendingAction: 'START' })).toBe(false);
    expect(isRunning(null)).toBe(false);
  });

  it('cuts a paste into frames without splitting a character', () => {
    expect(inputFrames('')).toEqual([]);
    const frames = inputFrames('aä€b', 3);
    expect(frames.map((f) => new TextDecoder().decode(f))).toEqual(['aä', '€', 'b']);
    expect(inputFrames('x'.repeat(20_000)).map((f) => f.length)).toEqual([8192, 8192, 3616]);
  });
});
