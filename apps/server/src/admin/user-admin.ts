import { randomInt } from 'node:crypto';
import { normalizeEmail, passwordProblem } from '@moneta/shared';
import type { Database } from '../db/database';
import { hashPassword } from '../domains/auth/password-hasher';
import { createSecurityEventsRepository } from '../domains/security-events/security-events-repository';
import { createSessionsRepository } from '../domains/sessions/sessions-repository';
import { createTwoFactorRepository } from '../domains/two-factor/two-factor-repository';
import { createUsersRepository } from '../domains/users/users-repository';

/** A mistake of the owner's (unknown e-mail, a password the rules refuse): a message, exit 1. */
export class UserAdminError extends Error {
  override name = 'UserAdminError';
}

const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '#%+-=@_';

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;

/** 16 characters (the register rules' maximum): letters, digits and symbols, about 95 bits. */
export function randomPassword(): string {
  const all = LETTERS + DIGITS + SYMBOLS;
  const characters = [pick(LETTERS), pick(DIGITS), pick(SYMBOLS)];
  while (characters.length < 16) characters.push(pick(all));
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j]!, characters[i]!];
  }
  return characters.join('');
}

async function userByEmail(db: Database, email: string) {
  const row = await createUsersRepository(db).findByEmail(normalizeEmail(email));
  if (!row) throw new UserAdminError(`There is no account with the e-mail ${email}.`);
  return row;
}

/**
 * The owner's reset of a user's password (`npm run user -- reset-password`): the new password
 * replaces the old one and every session of the user ends (running servers refuse their tokens
 * within a second). API tokens, two-factor and passkeys stay.
 */
export async function resetPassword(
  db: Database,
  email: string,
  password: string,
): Promise<{ endedSessions: number }> {
  const problem = passwordProblem(password);
  if (problem) throw new UserAdminError(problem);
  const user = await userByEmail(db, email);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await createUsersRepository(tx).update(user.id, { passwordHash });
    const ended = await createSessionsRepository(tx).deleteAllBut(user.id, undefined);
    await createSecurityEventsRepository(tx).insert({
      userId: user.id,
      type: 'password-reset',
      detail: 'by the server owner',
    });
    return { endedSessions: ended.length };
  });
}

/** The owner turns a user's two-factor sign-in off (a lost phone and lost backup codes). */
export async function disableTwoFactor(db: Database, email: string): Promise<boolean> {
  const user = await userByEmail(db, email);
  return db.transaction(async (tx) => {
    const disabled = await createTwoFactorRepository(tx).delete(user.id);
    if (disabled) {
      await createSecurityEventsRepository(tx).insert({
        userId: user.id,
        type: 'two-factor-disabled',
        detail: 'by the server owner',
      });
    }
    return disabled;
  });
}
