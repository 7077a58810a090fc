import { errors, jwtVerify, SignJWT } from 'jose';
import { createExpiringMap } from '../../lib/expiring-map';
import { isId } from '../../lib/ids';

const ALGORITHM = 'HS256';
const LIFETIME = '7d';
const ISSUER = 'moneta';
/** Verified tokens remembered at most; a busy server sees far fewer distinct sessions. */
const VERIFIED_CACHE_SIZE = 10_000;

export interface TokenService {
  issue(userId: string): Promise<string>;
  /** The user id the token was issued for, or undefined for any invalid or expired token. */
  verify(token: string): Promise<string | undefined>;
}

/** HS256 JWTs (DESIGN §4). Only HS256 is accepted: `alg: none` and key confusion fail. */
export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  // Tokens that passed verification, by text, until they expire. A token's validity depends
  // only on its text and the clock, so a token seen before needs no second HMAC: under load the
  // signature check was the largest single cost of an authenticated request. Only valid tokens
  // enter, so forged ones cannot crowd out real ones.
  const verified = createExpiringMap<string, string>(VERIFIED_CACHE_SIZE);
  return {
    issue(userId) {
      return new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(LIFETIME)
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
        // Only an id names a user: any other subject would reach the uuid column as bad SQL input.
        if (typeof payload.sub !== 'string' || !isId(payload.sub)) return undefined;
        // Tokens we issue always expire; one without `exp` is verified every time.
        if (payload.exp !== undefined) verified.set(token, payload.sub, payload.exp * 1000);
        return payload.sub;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
        throw error;
      }
    },
  };
}
