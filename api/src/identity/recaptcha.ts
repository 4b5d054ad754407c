import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaVerifier } from './context.js';

/**
 * reCAPTCHA v3: Google scores the token; below `minScore`, or on any failure to ask (timeout, bad
 * answer), the request is refused: bot protection fails closed.
 */
export function recaptchaVerifier(
  options: { secret: string; minScore: number; verifyUrl: string },
  logger: FastifyBaseLogger,
): CaptchaVerifier {
  return async (token, ip) => {
    if (!token) return false;
    try {
      const response = await fetch(options.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: options.secret, response: token, remoteip: ip }),
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) throw new Error(`reCAPTCHA answered ${response.status}`);
      const result = (await response.json()) as {
        success?: boolean;
        score?: number;
        'error-codes'?: string[];
      };
      const passed = result.success === true && (result.score ?? 0) >= options.minScore;
      if (!passed) logger.info({ score: result.score, errors: result['error-codes'] }, 'reCAPTCHA refused');
      return passed;
    } catch (err) {
      logger.warn({ err }, 'reCAPTCHA verification failed');
      return false;
    }
  };
}
