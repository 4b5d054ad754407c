import type { Client } from '@urql/core';
import type { UpdatesConfig } from '@urql/exchange-graphcache';
import { MeDocument, type MeQuery, SetLanguageDocument, type SetLanguageMutation } from '../gql/graphql';
import type { Language } from '../i18n/language';

/**
 * graphcache updates of the user's mutations: `Me` is embedded (no key), so the answer of
 * `setLanguage` is written into the cached `me` by hand; the me store then re-emits it.
 */
export const ME_CACHE_UPDATES: UpdatesConfig = {
  Mutation: {
    setLanguage(result, _args, cache) {
      const language = (result as SetLanguageMutation).setLanguage?.user.language ?? null;
      cache.updateQuery<MeQuery>({ query: MeDocument }, (data) =>
        data?.me ? { ...data, me: { ...data.me, user: { ...data.me.user, language } } } : data,
      );
    },
  },
};

/** Saves the signed-in user's language on their account; resolves whether it was saved. */
export async function saveLanguage(client: Pick<Client, 'mutation'>, language: Language): Promise<boolean> {
  const result = await client.mutation(SetLanguageDocument, { language }).toPromise();
  return !result.error && result.data?.setLanguage.user.language === language;
}
