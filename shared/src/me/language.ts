import type { Client } from '@urql/core';
import type { Cache, DataFields, UpdatesConfig } from '@urql/exchange-graphcache';
import { MeDocument, type MeQuery, SetLanguageDocument, type SetLanguageMutation } from '../gql/graphql';
import type { Language } from '../i18n/language';

type MeUserFields = Partial<NonNullable<MeQuery['me']>['user']>;
type MeEnvFields = Partial<NonNullable<MeQuery['me']>['env']>;

/**
 * Writes the fields of a user (and of `env`, e.g. `unreadDirectMessages`) an answer carries into
 * the cached `me` (the me store re-emits it).
 */
function mergeMe(answer: { user?: MeUserFields; env?: MeEnvFields } | null | undefined, cache: Cache) {
  if (!answer?.user && !answer?.env) return;
  cache.updateQuery<MeQuery>({ query: MeDocument }, (data) =>
    data?.me
      ? {
          ...data,
          me: {
            ...data.me,
            user: { ...data.me.user, ...answer.user },
            env: { ...data.me.env, ...answer.env },
          },
        }
      : data,
  );
}

const answeredUser = (field: string) => (result: DataFields, _args: unknown, cache: Cache) =>
  mergeMe(result[field] as { user?: MeUserFields; env?: MeEnvFields } | null | undefined, cache);

/**
 * graphcache updates of the user's mutations: `Me` is embedded (no key), so the answer of
 * `setLanguage`, `updateProfile` and `updatePreferences`, and each `meChanged` event (another tab
 * saved; an answer from support read or arrived: `env.unreadDirectMessages`), is written into the
 * cached `me` by hand; the me store then re-emits it and every date of
 * the portal follows the new preferences.
 */
export const ME_CACHE_UPDATES = {
  Subscription: { meChanged: answeredUser('meChanged') },
  Mutation: {
    updateProfile: answeredUser('updateProfile'),
    updatePreferences: answeredUser('updatePreferences'),
    // a key added or deleted anywhere (Profile › SSH keys, New instance): every list of keys reloads
    addSshKey(_result, _args, cache) {
      cache.invalidate('Query', 'sshKeys');
    },
    deleteSshKey(_result, _args, cache) {
      cache.invalidate('Query', 'sshKeys');
    },
    setLanguage(result, _args, cache) {
      const language = (result as SetLanguageMutation).setLanguage?.user.language ?? null;
      cache.updateQuery<MeQuery>({ query: MeDocument }, (data) =>
        data?.me ? { ...data, me: { ...data.me, user: { ...data.me.user, language } } } : data,
      );
    },
  },
} satisfies UpdatesConfig;

/** Saves the signed-in user's language on their account; resolves whether it was saved. */
export async function saveLanguage(client: Pick<Client, 'mutation'>, language: Language): Promise<boolean> {
  const result = await client.mutation(SetLanguageDocument, { language }).toPromise();
  return !result.error && result.data?.setLanguage.user.language === language;
}
