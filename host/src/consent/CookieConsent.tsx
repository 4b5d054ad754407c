import { useState } from 'react';
import { useConsent, useConsentStore } from './ConsentContext';
import { CookieBanner } from './CookieBanner';
import { CookieConsentDialog } from './CookieConsentDialog';
import { CookiePolicyButton } from './CookiePolicyButton';
import { ACCEPT_ALL, type ConsentChoice, REJECT_OPTIONAL } from './consentStore';

/**
 * The Cookie Policy button of every screen, its consent dialog, and the first-visit notice while
 * the visitor has not decided.
 */
export function CookieConsent() {
  const store = useConsentStore();
  const consent = useConsent(store);
  const [open, setOpen] = useState(false);
  const decide = (choice: ConsentChoice) => {
    store.save(choice);
    setOpen(false);
  };
  return (
    <>
      <CookiePolicyButton onClick={() => setOpen(true)} />
      {consent || open ? null : (
        <CookieBanner
          onAcceptAll={() => decide(ACCEPT_ALL)}
          onRejectOptional={() => decide(REJECT_OPTIONAL)}
          onCustomise={() => setOpen(true)}
        />
      )}
      <CookieConsentDialog open={open} choice={consent} onDecide={decide} onClose={() => setOpen(false)} />
    </>
  );
}
