import type { SmsSender } from './types.js';

/**
 * The provider seam: most SMS gateways (or a small relay in front of one) accept a JSON POST, so the
 * api stays free of any one vendor's SDK.
 */
export function webhookSms(url: string, token: string | undefined): SmsSender {
  return {
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
