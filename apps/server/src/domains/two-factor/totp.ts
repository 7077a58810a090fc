import { Secret, TOTP } from 'otpauth';

/**
 * RFC 6238 as every authenticator app does it: SHA-1, 6 digits, 30 s (docs/architecture.md,
 * Security).
 */
const PERIOD_SECONDS = 30;
/** Codes of the step before and after are accepted too, for clocks a little off. */
const WINDOW = 1;
const ISSUER = 'Moneta';

function totpFor(secret: string, label = '') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an authenticator app reads from the QR code. */
export function otpauthUrl(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

/** A code for the step at `timestamp` (tests, and the owner's own checks). */
export function totpCode(secret: string, timestamp: number): string {
  return totpFor(secret).generate({ timestamp });
}

/**
 * The time step a 6-digit code belongs to, within one step of `timestamp`, or undefined. The
 * caller accepts it only if it is later than the last step used (no code works twice).
 */
export function totpStep(secret: string, code: string, timestamp: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpFor(secret).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return undefined;
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}
