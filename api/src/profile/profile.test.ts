import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parse, subscribe } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ManualScheduler } from '../compute/scheduler.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { type DemoSeed, seedDemo } from '../db/seed.js';
import { tokenContext } from '../graphql/context.js';
import { PERMISSION_DENIED } from '../graphql/errors.js';
import { buildSchema } from '../modules.js';
import { errorMessages, gql, WSA_TOKEN } from '../test/graphql.js';
import { openTestDatabase, testConfig } from '../test/helpers.js';
import { Browser, signedInBrowser } from '../test/identity.js';
import { userProfiles } from './tables.js';
import {
  PROFILE_MESSAGES,
  parseMobilePhone,
  timeZones,
  validPreferences,
  validProfile,
} from './validation.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

describe('parseMobilePhone (the spec messages of section 5)', () => {
  it.each([
    ['+49 151 23456789', '+4915123456789'],
    ['0049 (151) 234-56789', '+4915123456789'],
    ['+1 415 555 2671', '+14155552671'],
    ['+371 2 123 4567', '+37121234567'],
  ])('%s is a mobile number: %s', (input, e164) => {
    expect(parseMobilePhone(input)).toEqual({ phone: e164 });
  });

  it.each([
    ['0151 23456789', PROFILE_MESSAGES.phoneUnparseable],
    ['call me', PROFILE_MESSAGES.phoneUnparseable],
    ['+49 151 2345678x', PROFILE_MESSAGES.phoneUnparseable],
    ['+49 1', PROFILE_MESSAGES.phoneUnparseable],
    ['+49 15', PROFILE_MESSAGES.phoneInvalid],
    ['+1 415 555 26711', PROFILE_MESSAGES.phoneInvalid],
    ['+49 1512', PROFILE_MESSAGES.phoneNotMobile],
    ['+49 30 12345678', PROFILE_MESSAGES.phoneNotMobile],
  ])('%s: %s', (input, problem) => {
    expect(parseMobilePhone(input)).toEqual({ problem });
  });

  it('the messages are the spec words', () => {
    expect([
      PROFILE_MESSAGES.phoneUnparseable,
      PROFILE_MESSAGES.phoneInvalid,
      PROFILE_MESSAGES.phoneNotMobile,
    ]).toEqual([
      'Not valid phone number.',
      'Phone number must be valid',
      'Valid mobile phone number required.',
    ]);
  });
});

describe('validProfile and validPreferences', () => {
  const profile = { firstName: ' Ada ', lastName: 'Lovelace', phone: '+49 151 23456789', isBusiness: true };

  it('trims names and stores the phone in E.164', () => {
    expect(validProfile(profile)).toEqual({ ...profile, firstName: 'Ada', phone: '+4915123456789' });
  });

  it('names the field of the first problem', () => {
    expect(() => validProfile({ ...profile, firstName: '  ' })).toThrow(
      expect.objectContaining({ message: 'Required', field: 'firstName' }),
    );
    expect(() => validProfile({ ...profile, lastName: 'x'.repeat(151) })).toThrow(
      expect.objectContaining({ message: 'Last name can have at most 150 characters.', field: 'lastName' }),
    );
    expect(() => validProfile({ ...profile, phone: '' })).toThrow(
      expect.objectContaining({ message: 'Required', field: 'phone' }),
    );
  });

  it('knows the full IANA list and UTC, and refuses anything else', () => {
    expect(timeZones().size).toBeGreaterThan(300);
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Asia/Calcutta', 'UTC'])
      expect(validPreferences({ timezone: zone, dateFormat: 'YYYY-MM-DD', timeFormat: '24h' }).timezone).toBe(
        zone,
      );
    expect(() =>
      validPreferences({ timezone: 'Mars/Olympus', dateFormat: 'YYYY-MM-DD', timeFormat: '24h' }),
    ).toThrow(
      expect.objectContaining({
        message: 'Unknown time zone "Mars/Olympus". Choose one from the list.',
        field: 'timezone',
      }),
    );
    for (const zone of ['+02:00', 'CEST', 'Europe/Nowhere', ''])
      expect(() => validPreferences({ timezone: zone, dateFormat: 'YYYY-MM-DD', timeFormat: '24h' })).toThrow(
        expect.objectContaining({ field: 'timezone' }),
      );
    expect(() => validPreferences({ timezone: 'UTC', dateFormat: 'DD/MM/YY', timeFormat: '24h' })).toThrow(
      expect.objectContaining({ field: 'dateFormat' }),
    );
    expect(() =>
      validPreferences({ timezone: 'UTC', dateFormat: 'DD.MM.YYYY', timeFormat: 'military' }),
    ).toThrow(expect.objectContaining({ field: 'timeFormat' }));
  });
});

// The mutations on a real app and a seeded PGlite, one for the file.
let database: Database;
let seed: DemoSeed;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
  app = buildApp(testConfig(), { database, compute: { scheduler: new ManualScheduler(Date.now()) } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const USER = 'user { email firstName lastName phone timezone dateFormat timeFormat isBusiness }';
const UPDATE_PROFILE = `mutation ($input: ProfileInput!) { updateProfile(input: $input) { ${USER} } }`;
const UPDATE_PREFERENCES = `mutation ($input: PreferencesInput!) { updatePreferences(input: $input) { ${USER} } }`;

const userRow = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('updateProfile', () => {
  it('saves names, the phone in E.164 and the account type, and answers the changed user', async () => {
    const browser = await signedInBrowser(app, database.db, seed.nowsUser);
    const answer = await gql(browser, UPDATE_PROFILE, {
      input: { firstName: ' Grace ', lastName: 'Hopper', phone: '0049 151 2345 6789', isBusiness: true },
    });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.updateProfile.user).toMatchObject({
      email: seed.nowsUser.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+4915123456789',
      isBusiness: true,
    });
    const row = await userRow(seed.nowsUser.id);
    expect(row).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+4915123456789',
      phoneVerified: true,
    });
    // and back to Personal
    const personal = await gql(browser, UPDATE_PROFILE, {
      input: { firstName: 'Grace', lastName: 'Hopper', phone: '+4915123456789', isBusiness: false },
    });
    expect(personal.body.data.updateProfile.user.isBusiness).toBe(false);
  });

  it('the demo user is Business (seed)', async () => {
    const [row] = await database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, seed.demoUser.id));
    expect(row?.isBusiness).toBe(true);
  });

  it('refuses a bad phone with the spec message on the field, and changes nothing', async () => {
    const browser = await signedInBrowser(app, database.db, seed.otherUser);
    const before = await userRow(seed.otherUser.id);
    for (const [phone, message] of [
      ['0151 23456789', 'Not valid phone number.'],
      ['+49 15', 'Phone number must be valid'],
      ['+49 30 12345678', 'Valid mobile phone number required.'],
    ]) {
      const answer = await gql(browser, UPDATE_PROFILE, {
        input: { firstName: 'Changed', lastName: 'Name', phone, isBusiness: true },
      });
      expect(errorMessages(answer)).toEqual([message]);
      expect(answer.body.errors[0].extensions).toMatchObject({ code: 'INVALID_PROFILE', field: 'phone' });
    }
    expect(await userRow(seed.otherUser.id)).toEqual(before);
  });

  it('without a session: the permission error', async () => {
    const answer = await gql(new Browser(app), UPDATE_PROFILE, {
      input: { firstName: 'A', lastName: 'B', phone: '+4915123456789', isBusiness: false },
    });
    expect(errorMessages(answer)).toEqual([PERMISSION_DENIED]);
  });
});

describe('updatePreferences', () => {
  it('saves them, answers the changed user and tells the other tabs (meChanged)', async () => {
    const browser = await signedInBrowser(app, database.db, seed.totpUser);
    const claims = await app.graphql.wsaTokens.verify((await gql(browser, WSA_TOKEN)).body.data.getWSAToken);
    const events = (await subscribe({
      schema: buildSchema(),
      document: parse('subscription { meChanged { user { email timezone dateFormat timeFormat } } }'),
      contextValue: tokenContext(app.graphql, claims, '127.0.0.1'),
    })) as AsyncGenerator<Json>;
    const event = events.next();

    const answer = await gql(browser, UPDATE_PREFERENCES, {
      input: { timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY', timeFormat: '12h' },
    });
    const expected = { timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY', timeFormat: '12h' };
    expect(answer.body.data.updatePreferences.user).toMatchObject(expected);
    expect((await event).value.data.meChanged.user).toEqual({ email: seed.totpUser.email, ...expected });
    await events.return(undefined);
    expect(await userRow(seed.totpUser.id)).toMatchObject(expected);
  });

  it('refuses an unknown zone or format on its field, and changes nothing', async () => {
    const browser = await signedInBrowser(app, database.db, seed.unverifiedUser);
    const before = await userRow(seed.unverifiedUser.id);
    const zone = await gql(browser, UPDATE_PREFERENCES, {
      input: { timezone: 'Europe/Atlantis', dateFormat: 'YYYY-MM-DD', timeFormat: '24h' },
    });
    expect(errorMessages(zone)).toEqual(['Unknown time zone "Europe/Atlantis". Choose one from the list.']);
    expect(zone.body.errors[0].extensions).toMatchObject({ code: 'INVALID_PREFERENCES', field: 'timezone' });
    const format = await gql(browser, UPDATE_PREFERENCES, {
      input: { timezone: 'UTC', dateFormat: 'YYYY/MM/DD', timeFormat: '24h' },
    });
    expect(errorMessages(format)).toEqual(['Choose a date format: YYYY-MM-DD, MM/DD/YYYY, DD.MM.YYYY.']);
    expect(await userRow(seed.unverifiedUser.id)).toEqual(before);
  });

  it('without a session: the permission error; the subscription too', async () => {
    const answer = await gql(new Browser(app), UPDATE_PREFERENCES, {
      input: { timezone: 'UTC', dateFormat: 'YYYY-MM-DD', timeFormat: '24h' },
    });
    expect(errorMessages(answer)).toEqual([PERMISSION_DENIED]);
  });
});
