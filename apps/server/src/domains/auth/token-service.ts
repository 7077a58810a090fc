import { errors, jwtVerify, SignJWT } from 'jose';
import { isId } from '../../lib/ids';

const ALGORITHM = 'HS256';
const LIFETIME = '7d';
const ISSUER = 'moneta';

export interface TokenService {
  issue(userId: string): Promise<string>;
  /** The user id the token was issued for, or undefined for any invalid or expired token. */
  verify(token: string): Promise<string | undefined>;
}

/** HS256 JWTs (DESIGN §4). Only HS256 is accepted: `alg: none` and key confusion fail. */
export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
        });
        // Only an id names a user: any other subject would reach the uuid column as bad SQL input.
        return typeof payload.sub === 'string' && isId(payload.sub) ? payload.sub : undefined;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
        throw error;
      }
    },
  };
}
