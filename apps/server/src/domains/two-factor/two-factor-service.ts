import { ErrorCode } from '@moneta/shared';
import type { BackupCodes, TwoFactorSetup, TwoFactorStatus } from '@moneta/shared';
import type { Database, Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { ClientInfo } from '../../http/client-info';
import { AppError, conflict, unauthorized } from '../../http/app-error';
import type { ConfirmPassword } from '../auth/password-confirmation';
import type { SignInThrottle } from '../auth/sign-in-throttle';
import type { SecurityEventsService } from '../security-events/security-events-service';
import { backupCodeHash, newBackupCodes, normalizeBackupCode } from './backup-codes';
import { newTotpSecret, otpauthUrl, totpStep } from './totp';
import { createTwoFactorRepository } from './two-factor-repository';

/** How a second factor was given. */
export type SecondFactor = 'authenticator app' | 'backup code';

export const invalidCode = () =>
  unauthorized('That code is not right, or it was already used.', ErrorCode.INVALID_CODE);

export interface TwoFactorServiceDependencies {
  throttle: SignInThrottle;
  confirmPassword: ConfirmPassword;
  events: SecurityEventsService;
  /** The clock TOTP codes are checked against; tests move it. */
  now: () => Date;
}

export function createTwoFactorService(db: Database, deps: TwoFactorServiceDependencies) {
  const secrets = createTwoFactorRepository(db);
  const { throttle, confirmPassword, events, now } = deps;

  /** Checks a code without counting it: the caller counts it (sign-in) or not (enabling). */
  async function checkCode(
    executor: Executor,
    userId: string,
    code: string,
  ): Promise<SecondFactor | undefined> {
    const repository = createTwoFactorRepository(executor);
    const compact = code.replace(/[\s-]/g, '');
    if (/^\d{6}$/.test(compact)) {
      const row = await repository.find(userId);
      const step = row?.enabledAt ? totpStep(row.secret, compact, now().getTime()) : undefined;
      return step !== undefined && (await repository.useStep(userId, step))
        ? 'authenticator app'
        : undefined;
    }
    const backup = normalizeBackupCode(code);
    if (!backup) return undefined;
    return (await repository.useBackupCode(userId, backupCodeHash(userId, backup)))
      ? 'backup code'
      : undefined;
  }

  return {
    async isEnabled(userId: string): Promise<boolean> {
      return Boolean((await secrets.find(userId))?.enabledAt);
    },

    async status(userId: string): Promise<TwoFactorStatus> {
      const enabled = await this.isEnabled(userId);
      return {
        enabled,
        backupCodesLeft: enabled ? await secrets.countUnusedBackupCodes(userId) : 0,
      };
    },

    /** A new secret to scan; two-factor is on only once `enable` sees a code from it. */
    async setup(user: UserRow): Promise<TwoFactorSetup> {
      const secret = newTotpSecret();
      if (!(await secrets.savePending(user.id, secret))) {
        throw conflict(
          'Two-factor sign-in is already on. Turn it off first to set up a new app.',
          ErrorCode.TWO_FACTOR_ON,
        );
      }
      return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
    },

    async enable(userId: string, code: string, client: ClientInfo): Promise<BackupCodes> {
      const row = await secrets.find(userId);
      if (row?.enabledAt) {
        throw conflict('Two-factor sign-in is already on.', ErrorCode.TWO_FACTOR_ON);
      }
      if (!row) {
        throw conflict('Start the two-factor setup first.', ErrorCode.TWO_FACTOR_NOT_SET_UP);
      }
      const step = totpStep(row.secret, code.replace(/\s/g, ''), now().getTime());
      // A typo while setting up is not an attack on the account: 400, nothing counted.
      if (step === undefined) {
        throw new AppError(
          400,
          ErrorCode.INVALID_CODE,
          'That code is not right. Check that the time on your phone is correct and try the new code.',
        );
      }
      const backupCodes = newBackupCodes();
      await db.transaction(async (tx) => {
        const repository = createTwoFactorRepository(tx);
        if (!(await repository.enable(userId, step))) {
          throw conflict('Two-factor sign-in is already on.', ErrorCode.TWO_FACTOR_ON);
        }
        await repository.replaceBackupCodes(
          userId,
          backupCodes.map((backup) => backupCodeHash(userId, backup)),
        );
        await events.record(userId, 'two-factor-enabled', client, null, tx);
      });
      return { backupCodes };
    },

    async disable(
      user: UserRow,
      input: { password: string; code: string },
      client: ClientInfo,
    ): Promise<void> {
      await confirmPassword(user, input.password);
      if (!(await this.isEnabled(user.id))) {
        throw conflict('Two-factor sign-in is already off.', ErrorCode.TWO_FACTOR_OFF);
      }
      const key = throttle.secondFactor(user.id);
      await throttle.attempt(key);
      const disabled = await db.transaction(async (tx) => {
        if (!(await checkCode(tx, user.id, input.code))) return false;
        await createTwoFactorRepository(tx).delete(user.id);
        await events.record(user.id, 'two-factor-disabled', client, null, tx);
        return true;
      });
      if (!disabled) throw invalidCode();
      await throttle.succeeded(key);
    },

    /**
     * The server owner turns the user's two-factor sign-in off (a lost phone and lost backup
     * codes): no password or code is asked. False when it was not on.
     */
    async disableByOwner(userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const disabled = await createTwoFactorRepository(tx).delete(userId);
        if (disabled) {
          await events.record(userId, 'two-factor-disabled', undefined, 'by the server owner', tx);
        }
        return disabled;
      });
    },

    /**
     * Checks and uses up a sign-in code (a TOTP code once per time step, a backup code once) in
     * the caller's transaction. The caller counts the attempt (per user, SignInThrottle).
     */
    useCode: checkCode,
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
