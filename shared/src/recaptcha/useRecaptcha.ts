import { useCallback, useEffect } from 'react';
import { usePortal } from '../contract/PortalContext';
import { getRecaptchaToken, loadRecaptcha, type RecaptchaAction } from './loadRecaptcha';

/**
 * Bot protection for one form: starts loading Google's script when the form shows (if a site key
 * is configured), and `getToken()` answers the token to send as `recaptcha_token` (undefined: send none).
 */
export function useRecaptcha(action: RecaptchaAction): {
  enabled: boolean;
  getToken: () => Promise<string | undefined>;
} {
  const siteKey = usePortal().runtimeConfig.recaptchaSiteKey;
  useEffect(() => {
    if (siteKey) loadRecaptcha(siteKey).catch(() => undefined);
  }, [siteKey]);
  const getToken = useCallback(() => getRecaptchaToken(siteKey, action), [siteKey, action]);
  return { enabled: Boolean(siteKey), getToken };
}
