import { describe, expect, it } from 'vitest';
import { PERMISSION_DENIED, SIGNATURE_EXPIRED } from './errors.js';
import { verifyWsaToken, WsaTokens } from './wsa-token.js';

describe('WSA tokens', () => {
  const key = new TextEncoder().encode('k'.repeat(32));
  const clock = { ms: Date.UTC(2026, 0, 1) }; // a whole second
  const tokens = new WsaTokens(key, 5, () => clock.ms);

  it('verify to the user and session they were issued for, until their lifetime ends', async () => {
    const token = await tokens.issue({ userId: 'u-1', sessionId: 7 });
    clock.ms += 4_000;
    await expect(tokens.verify(token)).resolves.toEqual({ userId: 'u-1', sessionId: 7 });
    clock.ms += 1_000;
    await expect(tokens.verify(token)).rejects.toThrow(SIGNATURE_EXPIRED);
    await expect(tokens.verify(token)).rejects.toMatchObject({ extensions: { code: 'SIGNATURE_EXPIRED' } });
  });

  it('are refused with the permission error when signed with another key or not for the socket', async () => {
    const token = await tokens.issue({ userId: 'u-1', sessionId: null });
    const otherKey = new TextEncoder().encode('o'.repeat(32));
    await expect(verifyWsaToken(token, { key: otherKey, now: () => clock.ms })).rejects.toThrow(
      PERMISSION_DENIED,
    );
    await expect(verifyWsaToken(token, { key, now: () => clock.ms })).resolves.toEqual({
      userId: 'u-1',
      sessionId: null,
    });
    // Right key, no audience: not a WSA token.
    const { SignJWT } = await import('jose');
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u-1')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    await expect(verifyWsaToken(foreign, { key })).rejects.toThrow(PERMISSION_DENIED);
  });
});
