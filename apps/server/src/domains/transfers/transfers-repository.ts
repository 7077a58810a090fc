import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { transfers, type TransferRow } from '../../db/schema';
import { newId, newIds } from '../../lib/ids';

/** What the transfer form edits. */
export type TransferValues = Pick<
  TransferRow,
  'fromAccountId' | 'toAccountId' | 'amountCents' | 'date' | 'note'
> & { toDate?: string | null; toAmountCents?: number | null };

/** A transfer made from bank rows or transactions: also where each leg came from. */
export type TransferFromRows = TransferValues &
  Pick<TransferRow, 'fromImportId' | 'toImportId' | 'fromBankId' | 'toBankId' | 'replaced'>;

/** Rows per INSERT statement (PostgreSQL takes at most 65,535 parameters in one). */
const INSERT_BATCH = 1000;

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

    /** Inserts transfers made from bank rows or transactions, in batches; returns them. */
    async insertMany(userId: string, values: TransferFromRows[]): Promise<TransferRow[]> {
      const inserted: TransferRow[] = [];
      for (let start = 0; start < values.length; start += INSERT_BATCH) {
        const batch = values.slice(start, start + INSERT_BATCH);
        const ids = newIds(batch.length);
        const rows = await db
          .insert(transfers)
          .values(batch.map((value, index) => ({ id: ids[index]!, userId, ...value })))
          .returning();
        inserted.push(...rows);
      }
      return inserted;
    },

    /** The user's transfers with a leg from this import. */
    async withLegFrom(userId: string, importId: string): Promise<TransferRow[]> {
      return db
        .select()
        .from(transfers)
        .where(
          and(
            eq(transfers.userId, userId),
            or(eq(transfers.fromImportId, importId), eq(transfers.toImportId, importId)),
          ),
        );
    },

    async deleteMany(userId: string, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const deleted = await db
        .delete(transfers)
        .where(and(eq(transfers.userId, userId), inArray(transfers.id, ids)))
        .returning({ id: transfers.id });
      return deleted.length;
    },

    /** Forgets where legs came from (their import is undone; the transfer stays). */
    async setOrigins(
      userId: string,
      id: string,
      origins: Pick<
        TransferRow,
        'fromImportId' | 'toImportId' | 'fromBankId' | 'toBankId' | 'replaced'
      >,
    ): Promise<void> {
      await db
        .update(transfers)
        .set({ ...origins, updatedAt: sql`now()` })
        .where(and(eq(transfers.userId, userId), eq(transfers.id, id)));
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
