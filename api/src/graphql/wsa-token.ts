import { errors, jwtVerify, SignJWT } from 'jose';
import { permissionDenied, signatureExpired } from './errors.js';

/** Who the token is for: only the subscription websocket accepts it. */
const AUDIENCE = 'portal:ws';
const ISSUER = 'portal:api';
const ALGORITHM = 'HS256';

export interface WsaClaims {
  /** `users.id` */
  userId: string;
  /** `auth_sessions.id` of the session that asked for it: lets the socket end with that session. */
  sessionId: number | null;
}

export interface WsaTokenOptions {
  key: Uint8Array;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
}

/**
 * Checks a WSA token (the `connection_init` payload of `/ws/api/`). Throws the GraphQL error
 * 'Signature has expired' for an expired token and the permission error for anything else wrong
 * (tampered, wrong key, wrong audience, malformed).
 */
export async function verifyWsaToken(token: string, options: WsaTokenOptions): Promise<WsaClaims> {
  const now = options.now ?? Date.now;
  try {
    const { payload } = await jwtVerify(token, options.key, {
      algorithms: [ALGORITHM],
      audience: AUDIENCE,
      issuer: ISSUER,
      currentDate: new Date(now()),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const sid = payload.sid;
    return { userId: payload.sub!, sessionId: typeof sid === 'number' ? sid : null };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw signatureExpired();
    throw permissionDenied();
  }
}

/**
 * The WSA token of spec section 3 ("a string used to open the websocket"): a JWT (HS256) bound to
 * the user and session, valid `ttlS` seconds. Short-lived because the socket checks it once, at
 * `connection_init`; the client asks for a fresh one for every (re)connection.
 */
export class WsaTokens {
  constructor(
    private readonly key: Uint8Array,
    readonly ttlS: number,
    private readonly now: () => number = Date.now,
  ) {}

  issue(claims: WsaClaims): Promise<string> {
    const nowS = Math.floor(this.now() / 1000);
    return new SignJWT(claims.sessionId === null ? {} : { sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.userId)
      .setAudience(AUDIENCE)
      .setIssuer(ISSUER)
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + this.ttlS)
      .sign(this.key);
  }

  verify(token: string): Promise<WsaClaims> {
    return verifyWsaToken(token, { key: this.key, now: this.now });
  }
}
