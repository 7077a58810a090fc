import type { AuthResponse, CurrencyCode, User } from '@moneta/shared';
import { DEFAULT_TIME_ZONE } from '@moneta/shared';
import type { Database } from '../../db/database';
import { conflict, sessionExpired, unauthorized } from '../../http/app-error';
import type { AccountsService } from '../accounts/accounts-service';
import { toUserDto } from '../users/user-dto';
import { createUsersRepository, type UsersRepository } from '../users/users-repository';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hasher';
import type { TokenService } from './token-service';

/** One message for an unknown e-mail and a wrong password, so neither is revealed. */
export const INVALID_CREDENTIALS = 'Invalid email or password.';

export interface Credentials {
  email: string;
  password: string;
  timeZone?: string | undefined;
}

export interface AuthServiceDependencies {
  db: Database;
  users: UsersRepository;
  tokens: TokenService;
  accounts: AccountsService;
}

export function createAuthService({ db, users, tokens, accounts }: AuthServiceDependencies) {
  async function withToken(user: User): Promise<AuthResponse> {
    return { token: await tokens.issue(user._id), ...user };
  }

  return {
    async signup({ email, password, timeZone }: Credentials): Promise<AuthResponse> {
      const passwordHash = await hashPassword(password);
      // The user and their first account together: every user always has an account.
      const row = await db.transaction(async (tx) => {
        const inserted = await createUsersRepository(tx).insert({
          email,
          passwordHash,
          timeZone: timeZone ?? DEFAULT_TIME_ZONE,
        });
        if (inserted) await accounts.createDefault(tx, inserted.id);
        return inserted;
      });
      if (!row) throw conflict('An account with this email already exists.', 'EMAIL_TAKEN');
      return withToken(toUserDto(row));
    },

    async login({ email, password, timeZone }: Credentials): Promise<AuthResponse> {
      const row = await users.findByEmail(email);
      const isValid = row
        ? await verifyPassword(row.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!row || !isValid) throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
      const current =
        timeZone && timeZone !== row.timeZone
          ? ((await users.update(row.id, { timeZone })) ?? row)
          : row;
      return withToken(toUserDto(current));
    },

    /** The signed-in user read afresh: the app's start-up check, never a remembered copy. */
    async currentUser(userId: string): Promise<User> {
      const row = await users.findById(userId);
      if (!row) throw sessionExpired();
      return toUserDto(row);
    },

    async completeSetup(
      userId: string,
      settings: { defaultCurrency: CurrencyCode; timeZone?: string | undefined },
    ): Promise<User> {
      const row = await users.update(userId, {
        isSetupComplete: true,
        defaultCurrency: settings.defaultCurrency,
        ...(settings.timeZone ? { timeZone: settings.timeZone } : {}),
      });
      if (!row) throw unauthorized();
      return toUserDto(row);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
