import { lazy, Suspense, useState } from 'react';
import { useConsent, useConsentStore } from './ConsentContext';
import { CookieBanner } from './CookieBanner';
import { CookiePolicyButton } from './CookiePolicyButton';
import { ACCEPT_ALL, type ConsentChoice, REJECT_OPTIONAL } from './consentStore';

/**
 * The Cookie Policy button of every screen, its consent dialog, and the first-visit notice while
 * the visitor has not decided.
 */
// a lazy chunk, loaded when the visitor first opens it (Customise, or the Cookie Policy button)
const CookieConsentDialog = lazy(() =>
  import('./CookieConsentDialog').then((module) => ({ default: module.CookieConsentDialog })),
);

export function CookieConsent() {
  const store = useConsentStore();
  const consent = useConsent(store);
  const [open, setOpen] = useState(false);
  // once opened it stays mounted, so closing animates as before
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
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
      {wanted ? (
        <Suspense fallback={null}>
          <CookieConsentDialog
            open={open}
            choice={consent}
            onDecide={decide}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
