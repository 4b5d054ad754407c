import { gql, type SubscriptionForwarder } from '@urql/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPortalClient, type PortalClientOptions } from './createPortalClient';
import { PERMISSION_DENIED_MESSAGE } from './graphqlErrors';
import { PORTAL_NOTIFY_CONTEXT_KEY } from './portalErrorExchange';

const ME = gql`
  query Me($a: Int) {
    me(a: $a) {
      reason
    }
  }
`;
const UPLOAD = gql`
  mutation Upload($file: File!) {
    upload(file: $file)
  }
`;

function clearCookies() {
  // biome-ignore lint/suspicious/noDocumentCookie: the tests reset the cookie the client reads
  document.cookie = 'csrftoken=; Max-Age=0; Path=/';
}

function setup(respond: () => Promise<Response> | Response = () => Response.json({ data: { me: null } })) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => respond());
  const handlers = {
    currentRouteRequiresAuth: vi.fn(() => true),
    saveBeforeExpiryPath: vi.fn(),
    checkSession: vi.fn(),
    notify: vi.fn(),
  } satisfies Omit<PortalClientOptions, 'fetch'>;
  const client = createPortalClient({ ...handlers, fetch: fetch as typeof globalThis.fetch });
  const request = () => {
    const [url, init] = fetch.mock.calls[0]!;
    return { url, init: init!, headers: new Headers(init!.headers) };
  };
  return { client, fetch, handlers, request };
}

describe('createPortalClient', () => {
  beforeEach(clearCookies);
  afterEach(clearCookies);

  it('POSTs to /api/ with same-origin credentials and the CSRF header from the csrftoken cookie', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie the client reads
    document.cookie = 'csrftoken=tok%2B1';
    const { client, request } = setup();
    await client.query(ME, {}).toPromise();
    const { url, init, headers } = request();
    expect(url).toBe('/api/');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('X-CSRFToken')).toBe('tok+1');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('sends no CSRF header without the cookie', async () => {
    const { client, request } = setup();
    await client.query(ME, {}).toPromise();
    expect(request().headers.has('X-CSRFToken')).toBe(false);
  });

  it('the body carries query, variables, operationName and extensions', async () => {
    const { client, request } = setup();
    await client.query(ME, { a: 1 }).toPromise();
    const body = JSON.parse(request().init.body as string);
    expect(Object.keys(body).sort()).toEqual(['extensions', 'operationName', 'query', 'variables']);
    expect(body).toMatchObject({ operationName: 'Me', variables: { a: 1 }, extensions: {} });
    // graphcache asks for __typename, which it needs to normalise
    expect(body.query).toContain('__typename');
  });

  it('is multipart (GraphQL multipart request) when a variable holds a file', async () => {
    const { client, request } = setup(() => Response.json({ data: { upload: true } }));
    const file = new File(['key'], 'id_ed25519.pub', { type: 'text/plain' });
    await client.mutation(UPLOAD, { file }).toPromise();
    const body = request().init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(JSON.parse(body.get('operations') as string)).toMatchObject({
      operationName: 'Upload',
      variables: { file: null },
    });
    expect(JSON.parse(body.get('map') as string)).toEqual({ 0: ['variables.file'] });
    expect((body.get('0') as File).name).toBe('id_ed25519.pub');
  });

  it('a permission error saves the route and re-checks the session, without a notification', async () => {
    const { client, handlers } = setup(() =>
      Response.json({ data: null, errors: [{ message: PERMISSION_DENIED_MESSAGE }] }),
    );
    await client.query(ME, {}).toPromise();
    expect(handlers.saveBeforeExpiryPath).toHaveBeenCalledTimes(1);
    expect(handlers.checkSession).toHaveBeenCalledTimes(1);
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('another GraphQL error is notified with the server message', async () => {
    const { client, handlers } = setup(() =>
      Response.json({ data: null, errors: [{ message: 'Quota exceeded' }] }),
    );
    await client.query(ME, {}).toPromise();
    expect(handlers.notify).toHaveBeenCalledWith({ type: 'error', message: 'Quota exceeded' });
    expect(handlers.checkSession).not.toHaveBeenCalled();
  });

  it('a network error is notified as Network Error', async () => {
    const { client, handlers } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await client.query(ME, {}).toPromise();
    expect(handlers.notify).toHaveBeenCalledWith({
      type: 'error',
      message: 'Network Error: Failed to fetch',
    });
  });

  it('on a route that does not require auth, nothing happens', async () => {
    const { client, handlers } = setup(() =>
      Response.json({ data: null, errors: [{ message: PERMISSION_DENIED_MESSAGE }] }),
    );
    handlers.currentRouteRequiresAuth.mockReturnValue(false);
    await client.query(ME, {}).toPromise();
    expect(handlers.saveBeforeExpiryPath).not.toHaveBeenCalled();
    expect(handlers.checkSession).not.toHaveBeenCalled();
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('an operation can keep its errors to its screen', async () => {
    const { client, handlers } = setup(() => Response.json({ data: null, errors: [{ message: 'Bad key' }] }));
    const result = await client.query(ME, {}, { [PORTAL_NOTIFY_CONTEXT_KEY]: false }).toPromise();
    expect(result.error?.graphQLErrors[0]?.message).toBe('Bad key');
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('subscriptions go to the given forwarder', async () => {
    const forwardSubscription = vi.fn<SubscriptionForwarder>(() => ({
      subscribe: (sink) => {
        sink.next({ data: { notifications: { __typename: 'Notification', type: 'info', message: 'hi' } } });
        sink.complete();
        return { unsubscribe: () => {} };
      },
    }));
    const fetch = vi.fn();
    const client = createPortalClient({
      currentRouteRequiresAuth: () => true,
      saveBeforeExpiryPath: () => {},
      checkSession: () => {},
      notify: () => {},
      fetch,
      forwardSubscription,
    });
    const NOTIFICATIONS = gql`
      subscription Notifications {
        notifications {
          type
          message
        }
      }
    `;
    const result = await client.subscription(NOTIFICATIONS, {}).toPromise();
    expect(forwardSubscription).toHaveBeenCalledTimes(1);
    expect(result.data).toMatchObject({ notifications: { message: 'hi' } });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('normalises workspaces by contractUid: a later answer for one updates a query showing it', async () => {
    const answers = [
      { data: { allWorkspaces: [{ __typename: 'Workspace', contractUid: 'C1', unreadMessages: 1 }] } },
      { data: { allWorkspaces: [{ __typename: 'Workspace', contractUid: 'C1', unreadMessages: 5 }] } },
    ];
    const { client } = setup(() => Response.json(answers.shift()));
    const LIST = gql`
      query List($contractUid: String) {
        allWorkspaces(contractUid: $contractUid) {
          contractUid
          unreadMessages
        }
      }
    `;
    const seen: number[] = [];
    const { unsubscribe } = client.query(LIST, {}).subscribe((r) => {
      const first = r.data?.allWorkspaces[0];
      if (first) seen.push(first.unreadMessages);
    });
    await vi.waitFor(() => expect(seen).toEqual([1]));
    await client.query(LIST, { contractUid: 'C1' }).toPromise();
    await vi.waitFor(() => expect(seen.at(-1)).toBe(5));
    unsubscribe();
  });
});
