import { randomInt } from 'node:crypto';
import { BACKUP_CODE_COUNT } from '@moneta/shared';
import { sha256Hex } from '../../lib/hashing';

/** RFC 4648 base32: no 0/1/8/9, so no O/0 or I/1 confusion when typing. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 10 characters of base32: 50 bits each, far beyond guessing at a handful of tries per window. */
const CODE_LENGTH = 10;

/** Ten new codes, shown once as XXXXX-XXXXX. */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const characters = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(32)]).join('');
    return `${characters.slice(0, 5)}-${characters.slice(5)}`;
  });
}

/** A code as typed (any case, spaces and dashes anywhere) in its one stored form, or undefined. */
export function normalizeBackupCode(code: string): string | undefined {
  const normalized = code.replace(/[\s-]/g, '').toUpperCase();
  return normalized.length === CODE_LENGTH && [...normalized].every((c) => ALPHABET.includes(c))
    ? normalized
    : undefined;
}

/** Stored per user, so that equal codes of two users (never expected) differ too. */
export function backupCodeHash(userId: string, code: string): string {
  return sha256Hex(`${userId}:${normalizeBackupCode(code) ?? code}`);
}
