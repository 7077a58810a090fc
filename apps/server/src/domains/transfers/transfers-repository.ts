import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { transfers, type TransferRow } from '../../db/schema';
import { newId } from '../../lib/ids';

export type TransferValues = Pick<
  TransferRow,
  'fromAccountId' | 'toAccountId' | 'amountCents' | 'date' | 'note'
>;

function ownedBy(userId: string, accountId: string | undefined): SQL | undefined {
  return and(
    eq(transfers.userId, userId),
    accountId
      ? or(eq(transfers.fromAccountId, accountId), eq(transfers.toAccountId, accountId))
      : undefined,
  );
}

export function createTransfersRepository(db: Executor) {
  return {
    /** A page of the user's transfers (or one account's), newest first, and how many there are. */
    async page(
      userId: string,
      accountId: string | undefined,
      page: { limit: number; offset: number },
    ): Promise<{ rows: TransferRow[]; total: number }> {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(transfers)
          .where(ownedBy(userId, accountId))
          .orderBy(desc(transfers.date), desc(transfers.createdAt), desc(transfers.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(transfers)
          .where(ownedBy(userId, accountId)),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    async insert(userId: string, values: TransferValues): Promise<TransferRow> {
      const [row] = await db
        .insert(transfers)
        .values({ id: newId(), userId, ...values })
        .returning();
      return row!;
    },

    async update(
      userId: string,
      id: string,
      values: TransferValues,
    ): Promise<TransferRow | undefined> {
      const [row] = await db
        .update(transfers)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(transfers.userId, userId), eq(transfers.id, id)))
        .returning();
      return row;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(transfers)
        .where(and(eq(transfers.userId, userId), eq(transfers.id, id)))
        .returning({ id: transfers.id });
      return deleted.length > 0;
    },
  };
}
