/**
 * The trash (deleted_transactions): deleted transactions kept 30 days so that a delete can be
 * undone. This file moves transactions into it, reads them, takes them out to be restored, and
 * purges the expired ones.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { HouseholdId } from '../households/household-id';
import { snapshotOf, type TransactionSnapshot } from './transaction-columns';

/** How long a deleted transaction can be restored (docs/api.md, Trash). */
export const TRASH_DAYS = 30;

const isKept = sql`deleted_at > now() - make_interval(days => ${TRASH_DAYS})`;

export interface TrashedRow {
  snapshot: TransactionSnapshot;
  deletedAt: Date;
}

export function createTrashRepository(db: Executor) {
  return {
    /**
     * Moves the household's transactions with these ids to the trash (deleted_transactions, as `take`
     * snapshots them) in one statement, with their attached files (held in
     * deleted_transaction_attachments: the delete's cascade takes them from
     * transaction_attachments at the end of the statement, after this copy read them); returns
     * how many moved.
     */
    async moveToTrash(householdId: HouseholdId, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db.execute(sql`
        WITH taken AS (
          DELETE FROM transactions AS t
          WHERE t.household_id = ${householdId} AND t.id = ANY(${sql.param(ids)}::uuid[])
          -- A split transaction's parts ride in its row: a restore writes them back.
          RETURNING t.id, t.user_id, t.household_id, ${snapshotOf('t')} AS row
        ), held AS (
          INSERT INTO deleted_transaction_attachments (id, user_id, household_id, transaction_id,
            file_name, mime_type, size_bytes, sha256, content, created_at)
          SELECT a.id, a.user_id, a.household_id, a.transaction_id, a.file_name, a.mime_type,
            a.size_bytes, a.sha256, a.content, a.created_at
          FROM transaction_attachments AS a
          WHERE a.household_id = ${householdId} AND a.transaction_id IN (SELECT id FROM taken)
          ON CONFLICT (id) DO NOTHING
        )
        INSERT INTO deleted_transactions (id, user_id, household_id, row)
        SELECT id, user_id, household_id, row FROM taken
        ON CONFLICT (id) DO UPDATE SET row = excluded.row, deleted_at = now()`);
      return result.rowCount ?? 0;
    },

    /** One page of the household's trash, the latest deleted first, and how many it holds. */
    async page(
      householdId: HouseholdId,
      page: { limit: number; offset: number },
    ): Promise<{ rows: TrashedRow[]; total: number }> {
      const result = await db.execute<{
        row: TransactionSnapshot;
        deleted_at: string;
        total: number;
      }>(sql`
        SELECT row, deleted_at, count(*) OVER ()::int AS total
        FROM deleted_transactions
        WHERE household_id = ${householdId} AND ${isKept}
        ORDER BY deleted_at DESC, id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`);
      let total = result.rows[0]?.total;
      if (total === undefined) {
        const count = await db.execute<{ total: number }>(sql`
          SELECT count(*)::int AS total FROM deleted_transactions
          WHERE household_id = ${householdId} AND ${isKept}`);
        total = count.rows[0]?.total ?? 0;
      }
      return {
        rows: result.rows.map((row) => ({
          snapshot: row.row,
          deletedAt: new Date(row.deleted_at),
        })),
        total,
      };
    },

    /**
     * Takes the household's trashed transactions with these ids out of the trash, returning them as
     * they were deleted; an id not in the trash (or expired) is not returned.
     */
    async take(householdId: HouseholdId, ids: string[]): Promise<TransactionSnapshot[]> {
      if (ids.length === 0) return [];
      const result = await db.execute<{ row: TransactionSnapshot }>(sql`
        DELETE FROM deleted_transactions
        WHERE household_id = ${householdId} AND id = ANY(${sql.param(ids)}::uuid[]) AND ${isKept}
        RETURNING row`);
      return result.rows.map((row) => row.row);
    },

    /**
     * Puts back the files held for these transactions once they are restored (moveToTrash held
     * them); a transaction not restored keeps none.
     */
    async restoreAttachments(householdId: HouseholdId, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db.execute(sql`
        WITH back AS (
          DELETE FROM deleted_transaction_attachments AS h
          WHERE h.household_id = ${householdId} AND h.transaction_id = ANY(${sql.param(ids)}::uuid[])
            AND EXISTS (SELECT 1 FROM transactions AS t WHERE t.id = h.transaction_id)
          RETURNING h.*
        )
        INSERT INTO transaction_attachments (id, user_id, household_id, transaction_id, file_name,
          mime_type, size_bytes, sha256, content, created_at)
        SELECT id, user_id, household_id, transaction_id, file_name, mime_type, size_bytes, sha256,
          content, created_at FROM back
        ON CONFLICT DO NOTHING`);
      return result.rowCount ?? 0;
    },

    /** Forgets the trashed transactions an undone import had created, and their files. */
    async forgetImport(householdId: HouseholdId, importId: string): Promise<number> {
      const result = await db.execute<{ count: number }>(sql`
        WITH gone AS (
          DELETE FROM deleted_transactions
          WHERE household_id = ${householdId} AND row->>'import_id' = ${importId}
          RETURNING id
        ), files AS (
          DELETE FROM deleted_transaction_attachments AS h USING gone WHERE h.transaction_id = gone.id
        )
        SELECT count(*)::int AS count FROM gone`);
      return result.rows[0]?.count ?? 0;
    },

    /** Removes every user's rows deleted more than TRASH_DAYS ago, and their files. */
    async purgeExpired(): Promise<number> {
      const result = await db.execute<{ count: number }>(sql`
        WITH gone AS (
          DELETE FROM deleted_transactions WHERE NOT (${isKept}) RETURNING id
        ), files AS (
          DELETE FROM deleted_transaction_attachments AS h USING gone WHERE h.transaction_id = gone.id
        )
        SELECT count(*)::int AS count FROM gone`);
      return result.rows[0]?.count ?? 0;
    },
  };
}
