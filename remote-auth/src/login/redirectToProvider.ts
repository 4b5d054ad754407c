import { IDENTITY_BASE } from '@portal/shared';

export const PROVIDER_CALLBACK_URL = '/account/provider/callback';

function readCookie(name: string): string {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return '';
}

/**
 * Provider login (spec section 7): a real form POST, because the browser must follow allauth's
 * redirect to the provider; allauth sends the visitor back to `callback_url`.
 */
export function redirectToProvider(provider: string, process: 'login' | 'connect' = 'login'): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = `${IDENTITY_BASE}/auth/provider/redirect`;
  form.style.display = 'none';
  const fields = {
    provider,
    process,
    callback_url: PROVIDER_CALLBACK_URL,
    csrfmiddlewaretoken: readCookie('csrftoken'),
  };
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
