/**
 * The address the login form starts with, when a page sends the visitor to log in as someone in
 * particular (the invitation's "Log out and continue as …"). Kept for this tab only, and
 * forgotten once the login form is submitted.
 */
const KEY = 'portal.auth.loginHint';

export function saveLoginHint(email: string): void {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // storage may be unavailable (private mode): the form then starts empty
  }
}

export function readLoginHint(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function clearLoginHint(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing was kept
  }
}
