import type { AuthResponseBody } from '@portal/shared';

/**
 * The address the provider gave, from allauth's `GET /auth/provider/signup` answer
 * (`{user, account, email: [{email, primary, verified}]}`); '' when it has none.
 */
export function providerSignupEmail(response: AuthResponseBody | null): string {
  if (response?.status !== 200) return '';
  const data = (response.data ?? {}) as {
    user?: { email?: unknown };
    email?: { email?: unknown; primary?: unknown }[];
  };
  if (typeof data.user?.email === 'string') return data.user.email;
  const addresses = Array.isArray(data.email) ? data.email : [];
  const address = (addresses.find((item) => item?.primary === true) ?? addresses[0])?.email;
  return typeof address === 'string' ? address : '';
}
