import { translationDiff } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { invitationDe } from '../invitation/de';
import { invitationEn } from '../invitation/en';
import { authDe } from './de';
import { authEn } from './en';

describe('German texts of the auth remote', () => {
  it.each([
    ['auth', authEn, authDe],
    ['authInvitation', invitationEn, invitationDe],
  ])('%s: the same keys, values and tags as English', (_ns, en, de) => {
    expect(translationDiff(en, de)).toEqual({ missing: [], extra: [], placeholders: [] });
  });
});
