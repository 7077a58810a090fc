import { createHash, randomBytes } from 'node:crypto';

/** A random secret of `bytes` bytes (256 bits by default), as base64url text. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * Hex SHA-256 of a text. Enough for secrets with 50 bits of entropy or more (tokens,
 * challenges, backup codes): nobody guesses them, and a fast hash lets them be looked up.
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
