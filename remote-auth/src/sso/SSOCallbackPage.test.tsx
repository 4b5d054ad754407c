import { NEXT_COOKIE } from '@portal/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { pendingAuth, renderPage } from '../test/renderPage';
import SSOCallbackPage from './SSOCallbackPage';

const path = '/account/provider/callback';

describe('SSOCallbackPage', () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: test clean-up of the next cookie
    document.cookie = `${NEXT_COOKIE}=; Max-Age=0; Path=/`;
  });

  it('signed in: goes to the saved next path and forgets it', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the spec's next cookie
    document.cookie = `${NEXT_COOKIE}=${encodeURIComponent('/billing')}; Path=/`;
    const { portal } = renderPage(<SSOCallbackPage />, { path, isAuthenticated: true });
    expect(portal.navigate).toHaveBeenCalledWith('/billing', { replace: true });
    expect(document.cookie).not.toContain('billing');
  });

  it('a pending flow: its page', () => {
    const { portal } = renderPage(<SSOCallbackPage />, { path, auth: pendingAuth('provider_signup') });
    expect(portal.navigate).toHaveBeenCalledWith('/auth/provider/signup', { replace: true });
  });

  it('otherwise the login page, with the error', () => {
    const { portal } = renderPage(<SSOCallbackPage />, { path: `${path}?error=denied` });
    expect(portal.navigate).toHaveBeenCalledWith('/auth/login?error=denied', { replace: true });
  });
});
