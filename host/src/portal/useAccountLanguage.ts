import { languageOf, type PortalMe, setLanguage } from '@portal/shared';
import type { i18n } from 'i18next';
import { useEffect, useRef } from 'react';

/**
 * The signed-in user's language (`me.user.language`, chosen in the user menu on any device) wins
 * over this browser's remembered one: when `me` answers with a language, or with another one than
 * it last did, the page switches to it and remembers it. A user who never chose keeps the
 * browser's. Only a change of the account's value acts, so a choice made here is never undone by
 * a `me` that has not caught up yet.
 */
export function useAccountLanguage(instance: i18n, me: PortalMe | null): void {
  const seen = useRef<string | null>(null);
  const language = languageOf(me?.user.language);
  useEffect(() => {
    if (!language || language === seen.current) return;
    seen.current = language;
    void setLanguage(instance, language);
  }, [instance, language]);
}
