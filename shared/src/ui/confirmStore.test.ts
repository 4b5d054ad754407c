import { describe, expect, it, vi } from 'vitest';
import { createConfirmStore } from './confirmStore';

describe('createConfirmStore', () => {
  it('shows requests one at a time, oldest first, and answers each', async () => {
    const store = createConfirmStore();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.current()).toBeNull();
    const first = store.confirm({ title: 'One?' });
    const second = store.confirm({ title: 'Two?' });
    expect(listener).toHaveBeenCalledTimes(2);
    const one = store.current()!;
    expect(one.request.title).toBe('One?');
    expect(store.current()).toBe(one); // a stable snapshot
    store.settle(one.id, true);
    expect(store.current()?.request.title).toBe('Two?');
    store.settle(store.current()!.id, false);
    expect(store.current()).toBeNull();
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(false);
  });

  it('ignores an answer to an unknown or answered request', async () => {
    const store = createConfirmStore();
    const answer = store.confirm();
    const { id } = store.current()!;
    store.settle(id, true);
    store.settle(id, false);
    store.settle(999, false);
    await expect(answer).resolves.toBe(true);
  });

  it('rejects with the error of a failed action', async () => {
    const store = createConfirmStore();
    const answer = store.confirm();
    store.fail(store.current()!.id, new Error('boom'));
    await expect(answer).rejects.toThrow('boom');
    expect(store.current()).toBeNull();
  });

  it('stops telling a listener that unsubscribed', () => {
    const store = createConfirmStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    void store.confirm();
    expect(listener).not.toHaveBeenCalled();
  });
});
