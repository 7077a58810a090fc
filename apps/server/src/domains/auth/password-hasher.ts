import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with OWASP's recommended minimum cost (19 MiB, 2 passes, 1 lane): strong against
 * offline guessing while a sign-in stays around 30 ms on a small server.
 */
const HASH_OPTIONS = {
  // Algorithm.Argon2id: the package's enum is an ambient const enum, unreadable at run time here.
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check when the e-mail is unknown, so the reply time does not
 * tell an attacker which e-mails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('moneta-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
