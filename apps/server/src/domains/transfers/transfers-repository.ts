import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { transfers, type TransferRow } from '../../db/schema';
import { newId, newIds } from '../../lib/ids';
import type { HouseholdId } from '../households/household-id';

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

function ownedBy(householdId: HouseholdId, accountId: string | undefined): SQL | undefined {
  return and(
    eq(transfers.householdId, householdId),
    accountId
      ? or(eq(transfers.fromAccountId, accountId), eq(transfers.toAccountId, accountId))
      : undefined,
  );
}

/** The owner and author columns of a transfer `userId` makes in the household's books. */
const madeBy = (householdId: HouseholdId, userId: string) => ({
  householdId,
  userId,
  createdBy: userId,
  updatedBy: userId,
});

export function createTransfersRepository(db: Executor) {
  return {
    /**
     * A page of the household's transfers (or one account's), newest first, and how many there
     * are.
     */
    async page(
      householdId: HouseholdId,
      accountId: string | undefined,
      page: { limit: number; offset: number },
    ): Promise<{ rows: TransferRow[]; total: number }> {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(transfers)
          .where(ownedBy(householdId, accountId))
          .orderBy(desc(transfers.date), desc(transfers.createdAt), desc(transfers.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(transfers)
          .where(ownedBy(householdId, accountId)),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /** A transfer `userId` makes in the household's books. */
    async insert(
      householdId: HouseholdId,
      userId: string,
      values: TransferValues,
    ): Promise<TransferRow> {
      const [row] = await db
        .insert(transfers)
        .values({ id: newId(), ...madeBy(householdId, userId), ...values })
        .returning();
      return row!;
    },

    /**
     * Inserts transfers made from bank rows or transactions (by `userId`), in batches; returns
     * them.
     */
    async insertMany(
      householdId: HouseholdId,
      userId: string,
      values: TransferFromRows[],
    ): Promise<TransferRow[]> {
      const inserted: TransferRow[] = [];
      for (let start = 0; start < values.length; start += INSERT_BATCH) {
        const batch = values.slice(start, start + INSERT_BATCH);
        const ids = newIds(batch.length);
        const rows = await db
          .insert(transfers)
          .values(
            batch.map((value, index) => ({
              id: ids[index]!,
              ...madeBy(householdId, userId),
              ...value,
            })),
          )
          .returning();
        inserted.push(...rows);
      }
      return inserted;
    },

    /** The household's transfers with a leg from this import. */
    async withLegFrom(householdId: HouseholdId, importId: string): Promise<TransferRow[]> {
      return db
        .select()
        .from(transfers)
        .where(
          and(
            eq(transfers.householdId, householdId),
            or(eq(transfers.fromImportId, importId), eq(transfers.toImportId, importId)),
          ),
        );
    },

    async deleteMany(householdId: HouseholdId, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const deleted = await db
        .delete(transfers)
        .where(and(eq(transfers.householdId, householdId), inArray(transfers.id, ids)))
        .returning({ id: transfers.id });
      return deleted.length;
    },

    /** Forgets where legs came from (their import is undone; the transfer stays). */
    async setOrigins(
      householdId: HouseholdId,
      id: string,
      origins: Pick<
        TransferRow,
        'fromImportId' | 'toImportId' | 'fromBankId' | 'toBankId' | 'replaced'
      >,
    ): Promise<void> {
      await db
        .update(transfers)
        .set({ ...origins, updatedAt: sql`now()` })
        .where(and(eq(transfers.householdId, householdId), eq(transfers.id, id)));
    },

    /** Changes the household's transfer `id`; `userId` changed it. */
    async update(
      householdId: HouseholdId,
      userId: string,
      id: string,
      values: TransferValues,
    ): Promise<TransferRow | undefined> {
      const [row] = await db
        .update(transfers)
        .set({ ...values, updatedBy: userId, updatedAt: sql`now()` })
        .where(and(eq(transfers.householdId, householdId), eq(transfers.id, id)))
        .returning();
      return row;
    },

    async delete(householdId: HouseholdId, id: string): Promise<boolean> {
      const deleted = await db
        .delete(transfers)
        .where(and(eq(transfers.householdId, householdId), eq(transfers.id, id)))
        .returning({ id: transfers.id });
      return deleted.length > 0;
    },
  };
}
