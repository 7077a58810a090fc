import type { AuthResponse, LoginResponse, User } from '@moneta/shared';
import { DEFAULT_TIME_ZONE, ErrorCode } from '@moneta/shared';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { ClientInfo } from '../../http/client-info';
import { conflict, sessionExpired, unauthorized } from '../../http/app-error';
import { randomSecret } from '../../lib/hashing';
import type { AccountsService } from '../accounts/accounts-service';
import type { HouseholdsService } from '../households/households-service';
import type { SecurityEventsService } from '../security-events/security-events-service';
import type { SessionsService } from '../sessions/sessions-service';
import { roleForbids } from '../households/household-errors';
import { invalidCode, type TwoFactorService } from '../two-factor/two-factor-service';
import { toUserDto } from '../users/user-dto';
import type { UsersService } from '../users/users-service';
import { createChallengesRepository } from './challenges-repository';
import type { ConfirmPassword } from './password-confirmation';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hasher';
import type { SignInThrottle } from './sign-in-throttle';
import { defaultHouseholdOf } from '../households/default-household';
import type { ActiveHousehold } from '../households/household-id';
import type { RequestHousehold } from '../users/users-repository';

/** One message for an unknown e-mail and a wrong password, so neither is revealed. */
export const INVALID_CREDENTIALS = 'Invalid email or password.';
/** Wrong codes one two-factor challenge takes before it is void (the per-user limit is apart). */
const MAX_CHALLENGE_ATTEMPTS = 5;

export interface Credentials {
  email: string;
  password: string;
  timeZone?: string | undefined;
}

export interface AuthServiceDependencies {
  db: Database;
  users: UsersService;
  accounts: AccountsService;
  households: Pick<HouseholdsService, 'createPersonal' | 'adoptSettings' | 'adoptTimeZone'>;
  sessions: SessionsService;
  twoFactor: TwoFactorService;
  events: SecurityEventsService;
  throttle: SignInThrottle;
  confirmPassword: ConfirmPassword;
}

const challengeExpired = () =>
  unauthorized(
    'This sign-in has expired or was already used. Please sign in again.',
    ErrorCode.CHALLENGE_INVALID,
  );

export function createAuthService(deps: AuthServiceDependencies) {
  const {
    db,
    users,
    accounts,
    households,
    sessions,
    twoFactor,
    events,
    throttle,
    confirmPassword,
  } = deps;
  const challenges = createChallengesRepository(db);

  /**
   * A new session for a user who proved who they are, recorded as a sign-in. The answer's base
   * currency is their default household's, the one their requests act on without a header.
   */
  async function signIn(row: UserRow, client: ClientInfo, how: string): Promise<AuthResponse> {
    const token = await sessions.start(row.id, client);
    await events.record(row.id, 'sign-in', client, how);
    return { token, ...toUserDto(row, await defaultHouseholdOf(db, row.id)) };
  }

  /** The user's new time zone, and their default household's while it has none of its own. */
  async function withTimeZone(row: UserRow, timeZone: string | undefined): Promise<UserRow> {
    if (!timeZone) return row;
    await households.adoptTimeZone(row.id, timeZone);
    return timeZone === row.timeZone ? row : ((await users.update(row.id, { timeZone })) ?? row);
  }

  return {
    /** A new session for the user a passkey identified; one deleted meanwhile → 401. */
    async signInAs(userId: string, client: ClientInfo, how: string): Promise<AuthResponse> {
      const row = await users.findById(userId);
      if (!row) throw sessionExpired();
      return signIn(row, client, how);
    },

    async signup(
      { email, password, timeZone }: Credentials,
      client: ClientInfo,
    ): Promise<AuthResponse> {
      const passwordHash = await hashPassword(password);
      // The user, their personal household and its first account together: every user always
      // has a household, and every household an account.
      const created = await db.transaction(async (tx) => {
        const inserted = await users.create(tx, {
          email,
          passwordHash,
          timeZone: timeZone ?? DEFAULT_TIME_ZONE,
        });
        if (!inserted) return undefined;
        await households.createPersonal(tx, inserted);
        return { row: inserted, token: await sessions.start(inserted.id, client, tx) };
      });
      if (!created)
        throw conflict('An account with this email already exists.', ErrorCode.EMAIL_TAKEN);
      return {
        token: created.token,
        ...toUserDto(created.row, await defaultHouseholdOf(db, created.row.id)),
      };
    },

    /**
     * Checks the password. With two-factor on, the answer is a challenge and no token: only
     * `loginSecondFactor` with a right code makes a session (docs/architecture.md, Security).
     */
    async login(
      { email, password, timeZone }: Credentials,
      client: ClientInfo,
    ): Promise<LoginResponse> {
      const ip = client.ip ?? '';
      const accountKey = throttle.account(ip, email);
      const addressKey = throttle.address(ip);
      await throttle.attempt(addressKey, accountKey);
      const row = await users.findByEmail(email);
      const isValid = row
        ? await verifyPassword(row.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!row || !isValid) {
        if (row) await events.record(row.id, 'sign-in-failed', client, 'wrong password');
        throw unauthorized(INVALID_CREDENTIALS, ErrorCode.INVALID_CREDENTIALS);
      }
      await throttle.succeeded(accountKey);
      await throttle.notFailed(addressKey);
      // Nothing of the account changes before the second factor (not even the time zone).
      if (await twoFactor.isEnabled(row.id)) {
        const challenge = randomSecret();
        await challenges.store('two-factor', challenge, row.id);
        return { twoFactorRequired: true, challenge };
      }
      return signIn(await withTimeZone(row, timeZone), client, 'password');
    },

    /** The second step of a two-factor sign-in: the challenge and a TOTP or backup code. */
    async loginSecondFactor(
      input: { challenge: string; code: string; timeZone?: string | undefined },
      client: ClientInfo,
    ): Promise<AuthResponse> {
      const pending = await challenges.find('two-factor', input.challenge);
      if (!pending?.userId || pending.attempts >= MAX_CHALLENGE_ATTEMPTS) throw challengeExpired();
      const userId = pending.userId;
      const key = throttle.secondFactor(userId);
      await throttle.attempt(key);
      // The challenge is locked while its code is checked: two requests with one challenge
      // cannot both succeed, and the code and the challenge are used up together.
      const outcome = await db.transaction(async (tx) => {
        const locked = await createChallengesRepository(tx).find('two-factor', input.challenge, {
          lock: true,
        });
        if (!locked || locked.attempts >= MAX_CHALLENGE_ATTEMPTS) return 'expired' as const;
        const factor = await twoFactor.useCode(tx, userId, input.code);
        if (!factor) {
          await createChallengesRepository(tx).countAttempt(locked.id);
          return 'wrong' as const;
        }
        await createChallengesRepository(tx).delete(locked.id);
        return factor;
      });
      if (outcome === 'expired') throw challengeExpired();
      if (outcome === 'wrong') {
        await events.record(userId, 'sign-in-failed', client, 'wrong two-factor code');
        throw invalidCode();
      }
      await throttle.succeeded(key);
      const row = await users.findById(userId);
      if (!row) throw challengeExpired();
      return signIn(await withTimeZone(row, input.timeZone), client, `password and ${outcome}`);
    },

    /**
     * A new password (register rules), after the current one. Every session of the user ends,
     * the caller's too; the caller goes on in a new session with the token answered.
     */
    async changePassword(
      user: UserRow,
      input: { currentPassword: string; newPassword: string },
      client: ClientInfo,
    ): Promise<AuthResponse> {
      await confirmPassword(user, input.currentPassword);
      const passwordHash = await hashPassword(input.newPassword);
      const row = await users.update(user.id, { passwordHash });
      if (!row) throw sessionExpired();
      await sessions.endAllBut(user.id, undefined, client);
      await events.record(user.id, 'password-changed', client);
      const token = await sessions.start(user.id, client);
      return { token, ...toUserDto(row, await defaultHouseholdOf(db, user.id)) };
    },

    /**
     * The signed-in user read afresh: the app's start-up check, never a remembered copy; the
     * base currency is the active household's.
     */
    async currentUser(userId: string, household: ActiveHousehold): Promise<User> {
      const row = await users.findById(userId);
      if (!row) throw sessionExpired();
      return toUserDto(row, household);
    },

    /**
     * Completes setup, or changes the base currency (and time zone, and locale: Settings sends
     * them here too; one left out stays as it is). The base currency and time zone are the
     * active household's too (only its owner changes them, the user's own columns following;
     * another member changes only their locale). The first choice of a base
     * currency is also that of the household's accounts that hold nothing yet (the one made at
     * sign-up); a later change converts totals on read and leaves every account's currency as
     * it is.
     */
    async completeSetup(
      userId: string,
      household: RequestHousehold,
      settings: {
        defaultCurrency: string;
        timeZone?: string | undefined;
        locale?: string | undefined;
      },
    ): Promise<User> {
      const before = await users.findById(userId);
      if (!before) throw unauthorized();
      if (household.role !== 'owner') {
        // Another member sends the household's own settings beside their locale (Settings
        // does): those stay; a change to them is the owner's.
        const changes =
          settings.defaultCurrency !== household.baseCurrency ||
          (settings.timeZone !== undefined && settings.timeZone !== household.timeZone);
        if (changes) throw roleForbids('owner');
        const row = await users.update(userId, {
          isSetupComplete: true,
          ...(settings.locale ? { locale: settings.locale } : {}),
        });
        if (!row) throw unauthorized();
        return toUserDto(row, household);
      }
      await households.adoptSettings(household, {
        baseCurrency: settings.defaultCurrency,
        timeZone: settings.timeZone,
      });
      if (!before.isSetupComplete) {
        await accounts.adoptFirstCurrency(db, household.id, settings.defaultCurrency);
      }
      const row = await users.update(userId, {
        isSetupComplete: true,
        defaultCurrency: settings.defaultCurrency,
        ...(settings.timeZone ? { timeZone: settings.timeZone } : {}),
        ...(settings.locale ? { locale: settings.locale } : {}),
      });
      if (!row) throw unauthorized();
      return toUserDto(row, { baseCurrency: settings.defaultCurrency });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
