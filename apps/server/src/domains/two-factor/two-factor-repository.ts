import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { backupCodes, twoFactorSecrets, type TwoFactorSecretRow } from '../../db/schema';

export function createTwoFactorRepository(db: Executor) {
  return {
    async find(userId: string): Promise<TwoFactorSecretRow | undefined> {
      const [row] = await db
        .select()
        .from(twoFactorSecrets)
        .where(eq(twoFactorSecrets.userId, userId));
      return row;
    },

    /** Keeps a new secret being set up; answers false when two-factor is already on. */
    async savePending(userId: string, secret: string): Promise<boolean> {
      const rows = await db
        .insert(twoFactorSecrets)
        .values({ userId, secret })
        .onConflictDoUpdate({
          target: twoFactorSecrets.userId,
          set: { secret, createdAt: sql`now()`, lastUsedStep: null },
          setWhere: isNull(twoFactorSecrets.enabledAt),
        })
        .returning({ userId: twoFactorSecrets.userId });
      return rows.length > 0;
    },

    /** Turns two-factor on with the step of the code that proved the app works. */
    async enable(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(twoFactorSecrets)
        .set({ enabledAt: sql`now()`, lastUsedStep: step })
        .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.enabledAt)))
        .returning({ userId: twoFactorSecrets.userId });
      return rows.length > 0;
    },

    /** Records the step of a code being used; false when that step (or a later one) was used. */
    async useStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(twoFactorSecrets)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(twoFactorSecrets.userId, userId),
            isNotNull(twoFactorSecrets.enabledAt),
            or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
          ),
        )
        .returning({ userId: twoFactorSecrets.userId });
      return rows.length > 0;
    },

    /** Turns two-factor off: the secret and every backup code go. */
    async delete(userId: string): Promise<boolean> {
      await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
      const rows = await db
        .delete(twoFactorSecrets)
        .where(eq(twoFactorSecrets.userId, userId))
        .returning({ userId: twoFactorSecrets.userId });
      return rows.length > 0;
    },

    async replaceBackupCodes(userId: string, codeHashes: string[]): Promise<void> {
      await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
      await db.insert(backupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Uses a backup code up; false when it is not one of the user's unused codes. */
    async useBackupCode(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(backupCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(backupCodes.userId, userId),
            eq(backupCodes.codeHash, codeHash),
            isNull(backupCodes.usedAt),
          ),
        )
        .returning({ userId: backupCodes.userId });
      return rows.length > 0;
    },

    async countUnusedBackupCodes(userId: string): Promise<number> {
      const [row] = await db
        .select({ unused: count() })
        .from(backupCodes)
        .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
      return row?.unused ?? 0;
    },
  };
}
