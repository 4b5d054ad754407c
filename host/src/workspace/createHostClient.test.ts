import { identity, PERMISSION_DENIED_MESSAGE } from '@portal/shared';
import { gql } from '@urql/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BEFORE_EXPIRY_KEY } from '../session/beforeExpiryPath';
import { createHostClient } from './createHostClient';

const ME = gql`
  query Me {
    me {
      reason
    }
  }
`;

describe('createHostClient: the host’s side of the error handling', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function setup(url: string, body: unknown) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(body)),
    );
    const getSession = vi.spyOn(identity, 'getSession').mockResolvedValue({ status: 200 });
    const notify = vi.fn();
    const [pathname = '/', query] = url.split('?');
    const client = createHostClient({
      place: () => ({ pathname, search: query ? `?${query}` : '' }),
      notify,
    });
    return { client, notify, getSession };
  }

  it('a permission error saves the route name and params as beforeExpiryPath and re-checks the session', async () => {
    const { client, notify, getSession } = setup('/workspace/C-1/billing/invoices?page=2', {
      errors: [{ message: PERMISSION_DENIED_MESSAGE }],
    });
    await client.query(ME, {}).toPromise();
    expect(JSON.parse(localStorage.getItem(BEFORE_EXPIRY_KEY)!)).toEqual({
      name: 'Billing',
      params: { contractUid: 'C-1', tab: 'invoices' },
      query: { page: '2' },
    });
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('on a route that does not require auth nothing happens', async () => {
    const { client, notify, getSession } = setup('/invitation/k-1', {
      errors: [{ message: 'Signature has expired' }],
    });
    await client.query(ME, {}).toPromise();
    expect(localStorage.getItem(BEFORE_EXPIRY_KEY)).toBeNull();
    expect(getSession).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('other errors are notified on routes that require auth', async () => {
    const { client, notify } = setup('/support', { errors: [{ message: 'Mailbox is full' }] });
    await client.query(ME, {}).toPromise();
    expect(notify).toHaveBeenCalledWith({ type: 'error', message: 'Mailbox is full' });
  });
});
