import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../test/graphql.js';
import { type IdentityHarness, openIdentityHarness, signedInBrowser } from '../test/identity.js';
import { API_RATE_LIMITED, API_RATE_LIMITS } from './plugin.js';

let h: IdentityHarness;

beforeAll(async () => {
  h = await openIdentityHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('the flood guard of /api/ counts what it has verified', () => {
  it('counts a made-up session cookie per request as the address it comes from', async () => {
    const caller = h.browser('198.51.100.201');
    const statuses: number[] = [];
    for (let i = 0; i <= API_RATE_LIMITS.address; i++) {
      caller.jar.set('sessionid', randomBytes(16).toString('hex'));
      statuses.push((await gql(caller, '{ __typename }')).status);
    }
    expect(statuses.slice(0, API_RATE_LIMITS.address).every((s) => s === 200)).toBe(true);
    const refused = statuses.at(-1);
    expect(refused).toBe(429);
    caller.jar.set('sessionid', randomBytes(16).toString('hex'));
    const again = await gql(caller, '{ __typename }');
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(API_RATE_LIMITED);
  });

  it("refuses a stranger's upload before reading it, and reads a member's", async () => {
    const boundary = 'portalboundary';
    const operations = JSON.stringify({
      query: 'mutation ($f: File!) { __typename }',
      variables: { f: null },
    });
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.f"]}\r\n--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    let bodyRead = false;
    const body = async function* () {
      yield Buffer.from(head);
      // only reached when the server reads past the headers of the first file
      bodyRead = true;
      yield Buffer.alloc(1024 * 1024);
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    };
    const stranger = h.browser('198.51.100.202');
    await stranger.call('GET', '/_allauth/browser/v1/config');
    const answer = await h.app.inject({
      method: 'POST',
      url: '/api/',
      payload: Readable.from(body()),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-csrftoken': stranger.jar.get('csrftoken') ?? '',
        cookie: [...stranger.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-forwarded-for': '198.51.100.202',
      },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.headers.connection).toBe('close');
    expect(bodyRead).toBe(false);

    const member = await signedInBrowser(h.app, h.database.db, h.seed.demoUser);
    expect((await gql(member, '{ __typename }')).status).toBe(200);
  });
});
