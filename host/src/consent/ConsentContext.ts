import { createContext, useContext, useState, useSyncExternalStore } from 'react';
import { type ConsentStore, createConsentStore } from './consentStore';

/** The page's consent store; App provides the one bootstrap wired to analytics and cookies. */
export const ConsentContext = createContext<ConsentStore | null>(null);

/** The provided store; without one (tests, a bare shell), a store over local storage per mount. */
export function useConsentStore(): ConsentStore {
  const provided = useContext(ConsentContext);
  const [fallback] = useState(() => (provided ? null : createConsentStore()));
  return provided ?? (fallback as ConsentStore);
}

export function useConsent(store: ConsentStore): StoredConsentOrNull {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

type StoredConsentOrNull = ReturnType<ConsentStore['getState']>;
