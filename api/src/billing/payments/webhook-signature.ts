import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures in Stripe's scheme (`Stripe-Signature: t=<unix s>,v1=<hex>`, HMAC-SHA256 of
 * `${t}.${raw body}` with the endpoint secret, 5 minutes' tolerance), so the sandbox signs what it
 * delivers exactly as Stripe does and one handler verifies both. With real keys the `stripe` SDK's
 * `webhooks.constructEvent` does the same check.
 */
export const SIGNATURE_HEADER = 'stripe-signature';
export const DEFAULT_TOLERANCE_S = 300;

export function signPayload(payload: string, secret: string, timestampS: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampS}.${payload}`).digest('hex');
  return `t=${timestampS},v1=${v1}`;
}

export type SignatureProblem =
  | 'missing'
  | 'malformed'
  | 'timestamp_out_of_tolerance'
  | 'no_matching_signature';

/** Checks a delivery; answers null when it is good, else why not (to log: the answer is a 400). */
export function verifySignature(
  payload: string,
  header: string | undefined,
  secret: string,
  nowS: number,
  toleranceS = DEFAULT_TOLERANCE_S,
): SignatureProblem | null {
  if (!header) return 'missing';
  const parts = header.split(',').map((part) => part.split('=') as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value!);
  if (!Number.isInteger(timestamp) || signatures.length === 0) return 'malformed';
  if (Math.abs(nowS - timestamp) > toleranceS) return 'timestamp_out_of_tolerance';
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex'));
  const match = signatures.some((signature) => {
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return match ? null : 'no_matching_signature';
}
