/**
 * The trash (docs/api.md, Trash): deleting transactions into it, listing it, and putting them
 * back as they were.
 */
import {
  ErrorCode,
  fromStoredHundredths,
  type TrashedTransaction,
  type TrashPage,
} from '@moneta/shared';
import type { Executor } from '../../db/database';
import { notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import type { CategoryKey } from '../categories/categories-repository';
import { rememberCategories } from '../categories/remember-category';
import { categoriesOf, putBackParts, snapshotParts } from './split-values';
import { createTrashRepository, TRASH_DAYS, type TrashedRow } from './trash-repository';
import { createTransactionsRepository } from './transactions-repository';
import { inTransaction, transactionNotFound, type WriteOptions } from './write-steps';
import type { HouseholdId } from '../households/household-id';

const notInTrash = () =>
  notFound(
    'Some of these transactions are not in the trash (restored already, or deleted more than 30 days ago). Nothing was restored.',
    ErrorCode.TRASH_NOT_FOUND,
  );

/** A trashed row as the API shows it. */
function toTrashedDto({ snapshot, deletedAt }: TrashedRow): TrashedTransaction {
  const row = snapshot as Record<string, unknown>;
  const purgeOn = new Date(deletedAt.getTime() + TRASH_DAYS * 86_400_000);
  const parts = snapshotParts(row);
  return {
    _id: snapshot.id,
    name: String(row.name),
    category: String(row.category),
    cost: fromStoredHundredths(Number(row.cost_cents)),
    currency: String(row.currency),
    addedOn: String(row.added_on),
    isIncome: row.is_income === true,
    note: typeof row.note === 'string' && row.note !== '' ? row.note : null,
    accountId: String(row.account_id),
    tags: Array.isArray(row.tags) ? row.tags.map(String) : [],
    ...(parts.length > 0 && {
      splits: parts.map((part) => ({
        category: part.category,
        amount: fromStoredHundredths(part.amountCents),
        note: part.note,
      })),
    }),
    deletedAt: deletedAt.toISOString(),
    purgeOn: purgeOn.toISOString().slice(0, 10),
  };
}

export function createTrashService(db: Executor) {
  return {
    /** Deletes a transaction into the trash, where it can be restored for 30 days. */
    async remove(householdId: HouseholdId, id: string, options: WriteOptions = {}): Promise<void> {
      if (!isId(id)) throw transactionNotFound();
      const moved = await inTransaction(db, options, async (tx) => {
        await createTrashRepository(tx).purgeExpired();
        return createTrashRepository(tx).moveToTrash(householdId, [id]);
      });
      if (moved === 0) throw transactionNotFound();
    },

    /** All or nothing: if any id is not one of the household's transactions, nothing is deleted. */
    async removeMany(
      householdId: HouseholdId,
      transactionIds: string[],
      options: WriteOptions = {},
    ): Promise<number> {
      const ids = [...new Set(transactionIds)];
      if (!ids.every(isId))
        throw notFound(
          'Some of the selected transactions were not found.',
          ErrorCode.TRANSACTION_NOT_FOUND,
        );
      return inTransaction(db, options, async (tx) => {
        await createTrashRepository(tx).purgeExpired();
        const deleted = await createTrashRepository(tx).moveToTrash(householdId, ids);
        if (deleted !== ids.length) {
          // Throwing rolls the deletion back.
          throw notFound(
            'Some of the selected transactions were not found. Nothing was deleted.',
            ErrorCode.TRANSACTION_NOT_FOUND,
          );
        }
        return deleted;
      });
    },

    /** The household's trash, the latest deleted first (docs/api.md, Trash). */
    async trash(householdId: HouseholdId, page: number, limit: number): Promise<TrashPage> {
      const { rows, total } = await createTrashRepository(db).page(householdId, {
        limit,
        offset: (page - 1) * limit,
      });
      return {
        transactions: rows.map(toTrashedDto),
        totalPages: Math.max(1, Math.ceil(total / limit)),
        currentPage: page,
        total,
      };
    },

    /**
     * Puts trashed transactions back as they were, all or nothing: an id that is not in the
     * household's trash (never deleted, restored already, expired, another household's)
     * restores none. `userId` restores them.
     */
    async restoreFromTrash(
      householdId: HouseholdId,
      userId: string,
      transactionIds: string[],
    ): Promise<number> {
      const ids = [...new Set(transactionIds)];
      if (!ids.every(isId)) throw notInTrash();
      return db.transaction(async (tx) => {
        const snapshots = await createTrashRepository(tx).take(householdId, ids);
        if (snapshots.length !== ids.length) throw notInTrash();
        // A custom category deleted since comes back with its rows (as any write remembers it).
        const categories = new Map<string, CategoryKey>();
        for (const snapshot of snapshots) {
          const isIncome = snapshot.is_income === true;
          for (const name of categoriesOf(String(snapshot.category), snapshotParts(snapshot))) {
            categories.set(`${isIncome}|${name}`, { householdId, userId, name, isIncome });
          }
        }
        await rememberCategories(tx, [...categories.values()]);
        const restored = await createTransactionsRepository(tx).restore(snapshots);
        if (restored.length !== ids.length) throw notInTrash();
        await putBackParts(tx, snapshots, restored);
        await createTrashRepository(tx).restoreAttachments(householdId, ids);
        return restored.length;
      });
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
