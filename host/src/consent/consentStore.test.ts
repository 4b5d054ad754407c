import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONSENT_MAX_AGE_MS,
  CONSENT_STORAGE_KEY,
  CONSENT_VERSION,
  createConsentStore,
  parseConsent,
} from './consentStore';

const NOW = new Date('2026-03-01T12:00:00Z');
const stored = (fields: Record<string, unknown>) =>
  JSON.stringify({
    version: CONSENT_VERSION,
    analytics: true,
    marketing: false,
    decidedAt: '2026-02-01T00:00:00Z',
    ...fields,
  });

describe('parseConsent', () => {
  it('reads a choice of this version', () => {
    expect(parseConsent(stored({}), NOW)).toEqual({
      version: CONSENT_VERSION,
      necessary: true,
      analytics: true,
      marketing: false,
      decidedAt: '2026-02-01T00:00:00Z',
    });
  });

  it.each([
    ['nothing stored', null],
    ['empty', ''],
    ['not JSON', '{nope'],
    ['not an object', '"yes"'],
    ['null', 'null'],
    ['another version', stored({ version: CONSENT_VERSION + 1 })],
    ['no version', stored({ version: undefined })],
    ['a category not a boolean', stored({ analytics: 'yes' })],
    ['no marketing', stored({ marketing: undefined })],
    ['no time', stored({ decidedAt: undefined })],
    ['a bad time', stored({ decidedAt: 'yesterday' })],
    ['a time in the future', stored({ decidedAt: '2026-03-02T00:00:00Z' })],
    [
      'older than 12 months',
      stored({ decidedAt: new Date(NOW.getTime() - CONSENT_MAX_AGE_MS - 1).toISOString() }),
    ],
  ])('asks again: %s', (_case, raw) => {
    expect(parseConsent(raw, NOW)).toBeNull();
  });

  it('a choice exactly 12 months old still counts', () => {
    const decidedAt = new Date(NOW.getTime() - CONSENT_MAX_AGE_MS).toISOString();
    expect(parseConsent(stored({ decidedAt }), NOW)?.decidedAt).toBe(decidedAt);
  });
});

describe('createConsentStore', () => {
  afterEach(() => localStorage.clear());

  it('starts undecided without a stored choice', () => {
    expect(createConsentStore({ now: () => NOW }).getState()).toBeNull();
  });

  it('saves a choice with version and time, tells subscribers, and a new store reads it', () => {
    const store = createConsentStore({ now: () => NOW });
    const listener = vi.fn();
    store.subscribe(listener);
    store.save({ analytics: false, marketing: true });
    const expected = {
      version: CONSENT_VERSION,
      necessary: true,
      analytics: false,
      marketing: true,
      decidedAt: NOW.toISOString(),
    };
    expect(store.getState()).toEqual(expected);
    expect(listener).toHaveBeenCalledOnce();
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? '')).toEqual(expected);
    expect(createConsentStore({ now: () => NOW }).getState()).toEqual(expected);
  });

  it('keeps the choice for the page when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    const store = createConsentStore({ storage: blocked, now: () => NOW });
    expect(store.getState()).toBeNull();
    store.save({ analytics: true, marketing: true });
    expect(store.getState()?.analytics).toBe(true);
  });

  it('follows a choice made in another tab', () => {
    const store = createConsentStore({ now: () => NOW });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    localStorage.setItem(CONSENT_STORAGE_KEY, stored({ decidedAt: NOW.toISOString() }));
    window.dispatchEvent(new StorageEvent('storage', { key: CONSENT_STORAGE_KEY }));
    expect(listener).toHaveBeenCalledOnce();
    expect(store.getState()?.analytics).toBe(true);
    window.dispatchEvent(new StorageEvent('storage', { key: 'workspaceUid' }));
    expect(listener).toHaveBeenCalledOnce();
    unsubscribe();
  });
});
