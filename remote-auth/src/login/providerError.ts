/**
 * allauth sends the visitor back from a provider with `?error=<code>` when the login failed
 * (`cancelled`, `denied`, `unknown`); the SSO callback passes it on to the login page.
 */
export function providerErrorKey(error: string): 'cancelled' | 'denied' | 'other' {
  if (error === 'cancelled') return 'cancelled';
  if (error === 'denied') return 'denied';
  return 'other';
}
