import { errors, jwtVerify, SignJWT } from 'jose';
import { createExpiringMap } from '../../lib/expiring-map';
import { isId } from '../../lib/ids';

const ALGORITHM = 'HS256';
/** How long a session (and its token) lasts: 7 days (docs/api.md, Authentication). */
export const SESSION_LIFETIME_MS = 7 * 86_400_000;
const ISSUER = 'moneta';
/** Verified tokens remembered at most; a busy server sees far fewer distinct sessions. */
const VERIFIED_CACHE_SIZE = 10_000;

/** What a session token says: whose it is and which session it belongs to. */
export interface SessionClaims {
  userId: string;
  sessionId: string;
}

export interface TokenService {
  issue(claims: SessionClaims & { expiresAt: Date }): Promise<string>;
  /**
   * The claims of a valid token, or undefined for any invalid or expired one. Tokens without a
   * session (`sid`), as issued before sessions existed, are invalid (docs/decisions.md).
   */
  verify(token: string): Promise<SessionClaims | undefined>;
}

/**
 * HS256 JWTs (docs/api.md, Authentication). Only HS256 is accepted: `alg: none` and key confusion
 * fail.
 */
export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  // Tokens that passed verification, by text, until they expire. A token's signature depends
  // only on its text and the clock, so a token seen before needs no second HMAC: under load the
  // signature check was the largest single cost of an authenticated request. Only valid tokens
  // enter, so forged ones cannot crowd out real ones. Whether its session still exists is
  // checked apart, on every request (plugins/authenticate.ts).
  const verified = createExpiringMap<string, SessionClaims>(VERIFIED_CACHE_SIZE);
  return {
    issue({ userId, sessionId, expiresAt }) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token, Date.now());
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
        });
        // Only ids name a user and a session: any other text would reach a uuid column as bad
        // SQL input.
        const { sub, sid } = payload;
        if (typeof sub !== 'string' || !isId(sub)) return undefined;
        if (typeof sid !== 'string' || !isId(sid)) return undefined;
        const claims = { userId: sub, sessionId: sid };
        // Tokens we issue always expire; one without `exp` is verified every time.
        if (payload.exp !== undefined) verified.set(token, claims, payload.exp * 1000);
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
        throw error;
      }
    },
  };
}
