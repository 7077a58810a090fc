import { randomInt } from 'node:crypto';
import { normalizeEmail, passwordProblem } from '@moneta/shared';
import type { Database } from '../db/database';
import { createPasswordConfirmation } from '../domains/auth/password-confirmation';
import { hashPassword } from '../domains/auth/password-hasher';
import { createSignInThrottle } from '../domains/auth/sign-in-throttle';
import { createTokenService } from '../domains/auth/token-service';
import { createSecurityEventsService } from '../domains/security-events/security-events-service';
import { createSessionsService } from '../domains/sessions/sessions-service';
import { createTwoFactorService } from '../domains/two-factor/two-factor-service';
import { createUsersService } from '../domains/users/users-service';
import { randomSecret } from '../lib/hashing';

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

/**
 * The owner's changes to a user (`npm run user`), made through the same services as the app's,
 * so that a rule about users, sessions or two-factor holds here too. `loginRateLimit` is the
 * server's LOGIN_RATE_LIMIT (the two-factor service counts codes with it; the owner gives none).
 */
export function createUserAdmin(db: Database, options: { loginRateLimit: number }) {
  const users = createUsersService(db);
  const events = createSecurityEventsService(db);
  // The command line ends sessions and starts none: the key would sign nothing.
  const sessions = createSessionsService(db, {
    tokens: createTokenService(randomSecret()),
    events,
  });
  const throttle = createSignInThrottle(db, { limit: options.loginRateLimit });
  const twoFactor = createTwoFactorService(db, {
    throttle,
    confirmPassword: createPasswordConfirmation(throttle),
    events,
    now: () => new Date(),
  });

  async function userByEmail(email: string) {
    const row = await users.findByEmail(normalizeEmail(email));
    if (!row) throw new UserAdminError(`There is no account with the e-mail ${email}.`);
    return row;
  }

  return {
    /**
     * The owner's reset of a user's password (`npm run user -- reset-password`): the new
     * password replaces the old one and every session of the user ends (running servers refuse
     * their tokens within a second). API tokens, two-factor and passkeys stay.
     */
    async resetPassword(email: string, password: string): Promise<{ endedSessions: number }> {
      const problem = passwordProblem(password);
      if (problem) throw new UserAdminError(problem);
      const user = await userByEmail(email);
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        await users.update(user.id, { passwordHash }, tx);
        const endedSessions = await sessions.endAllIn(tx, user.id);
        await events.record(user.id, 'password-reset', undefined, 'by the server owner', tx);
        return { endedSessions };
      });
    },

    /** The owner turns a user's two-factor sign-in off (a lost phone and lost backup codes). */
    async disableTwoFactor(email: string): Promise<boolean> {
      const user = await userByEmail(email);
      return twoFactor.disableByOwner(user.id);
    },
  };
}
