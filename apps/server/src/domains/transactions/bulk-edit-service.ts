/**
 * A bulk edit (one set of values for every selected transaction) and its undo (each row's
 * values put back), each all or nothing in one statement.
 */
import {
  type BulkEditPrevious,
  type BulkEditResult,
  type BulkEditSet,
  type bulkRevertSchema,
  ErrorCode,
} from '@moneta/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/database';
import { isUniqueViolation } from '../../db/postgres-errors';
import { badRequest, conflict, notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { accountNotFound } from '../accounts/accounts-service';
import type { CategoryKey } from '../categories/categories-repository';
import { rememberCategories } from '../categories/remember-category';
import { type BulkField, createBulkEditRepository } from './bulk-edit-repository';
import type { ReadersFor } from './domain-readers';
import { createTransactionSplitsRepository } from './transaction-splits-repository';
import { inHouseholdSpelling, inOwnAccount } from './write-steps';
import type { HouseholdId } from '../households/household-id';

/**
 * One category set on split transactions would contradict their parts (the transaction's is its
 * largest part's): refused, nothing changed, rather than silently unsplitting them.
 */
async function refuseCategoryOnSplit(
  tx: Executor,
  householdId: HouseholdId,
  ids: readonly string[],
) {
  if (ids.length === 0) return;
  const split = await createTransactionSplitsRepository(tx).of(householdId, ids);
  if (split.size > 0) {
    throw badRequest(
      'Some of the selected transactions are split: change their parts one by one. Nothing was changed.',
      ErrorCode.VALIDATION,
    );
  }
}

const someNotFound = () =>
  notFound(
    'Some of the selected transactions were not found. Nothing was changed.',
    ErrorCode.TRANSACTION_NOT_FOUND,
  );

type BulkRevertInput = z.output<typeof bulkRevertSchema>['previous'];
type BulkValues = Partial<Omit<BulkEditPrevious, '_id'>>;

/** A bulk edit's fields by SQL name; a field left out (undefined) stays as each row has it. */
function toBulkFields(values: BulkValues): Partial<Record<BulkField, unknown>> {
  return {
    category: values.category,
    account_id: values.accountId,
    name: values.name,
    added_on: values.addedOn,
    note: values.note,
    tags: values.tags,
  };
}

/**
 * Sets each row's fields in one statement, all or nothing: a row that is not the household's changes
 * none (404). Remembers the categories given, for the kinds they reached. `set` names the fields
 * of an edit (its `previous` holds those); a revert's `previous` holds the fields it gave.
 */
async function setEach(
  tx: Executor,
  householdId: HouseholdId,
  userId: string,
  changes: Array<{ id: string } & Partial<Record<BulkField, unknown>>>,
  set: BulkValues | undefined,
): Promise<BulkEditResult> {
  let before;
  try {
    before = await createBulkEditRepository(tx).setFields(householdId, userId, changes);
  } catch (error) {
    if (isUniqueViolation(error, 'transactions_recurring_occurrence_key')) {
      throw conflict(
        'Two occurrences of the same recurring transaction cannot fall on the same day. Nothing was changed.',
        ErrorCode.RECURRING_DAY_TAKEN,
      );
    }
    throw error;
  }
  if (before.length !== changes.length) throw someNotFound();
  const changeOf = new Map(changes.map((change) => [change.id, change]));
  const categories = new Map<string, CategoryKey>();
  for (const row of before) {
    const category = changeOf.get(row.id)?.category;
    if (typeof category === 'string') {
      categories.set(`${row.is_income}|${category}`, {
        householdId,
        userId,
        name: category,
        isIncome: row.is_income,
      });
    }
  }
  await rememberCategories(tx, [...categories.values()]);
  return {
    updatedCount: before.length,
    previous: before.map((row) => {
      const given = set ?? changeOf.get(row.id) ?? {};
      const has = (key: string) => (given as Record<string, unknown>)[key] !== undefined;
      return {
        _id: row.id,
        ...(has('category') ? { category: row.category } : {}),
        ...(has('accountId') || has('account_id') ? { accountId: row.account_id } : {}),
        ...(has('name') ? { name: row.name } : {}),
        ...(has('addedOn') || has('added_on') ? { addedOn: row.added_on } : {}),
        ...(has('note') ? { note: row.note || null } : {}),
        ...(has('tags') ? { tags: row.tags } : {}),
      };
    }),
  };
}

export function createBulkEditService(db: Executor, readers: ReadersFor) {
  return {
    /**
     * Gives every selected transaction the same values for the fields `set` names, all or
     * nothing, in one statement; answers what each row held before (an Undo puts it back).
     */
    async bulkEdit(
      householdId: HouseholdId,
      userId: string,
      transactionIds: string[],
      set: BulkEditSet,
    ) {
      const ids = [...new Set(transactionIds)];
      if (!ids.every(isId)) throw someNotFound();
      return inOwnAccount(set.accountId, () =>
        db.transaction(async (tx) => {
          // A split transaction's category is its largest part's: one category for all of it
          // would contradict its parts, so it is refused rather than silently unsplitting.
          if (set.category !== undefined) await refuseCategoryOnSplit(tx, householdId, ids);
          const tags = set.tags && (await inHouseholdSpelling(readers(tx), householdId, set.tags));
          const fields = toBulkFields({ ...set, tags });
          return setEach(
            tx,
            householdId,
            userId,
            ids.map((id) => ({ id, ...fields })),
            set,
          );
        }),
      );
    },

    /** Puts back what a bulk edit answered as `previous`, all or nothing. */
    async bulkRevert(householdId: HouseholdId, userId: string, previous: BulkRevertInput) {
      const byId = new Map(previous.map((row) => [row._id, row]));
      if (![...byId.keys()].every(isId)) throw someNotFound();
      const accountIds = [...byId.values()].flatMap((row) =>
        row.accountId ? [row.accountId] : [],
      );
      if (!accountIds.every(isId)) throw accountNotFound();
      return inOwnAccount(undefined, () =>
        db.transaction(async (tx) => {
          // As in a bulk edit: a category put back on a split transaction would contradict its
          // parts (one split since the edit it undoes).
          await refuseCategoryOnSplit(
            tx,
            householdId,
            [...byId.values()].filter((row) => row.category !== undefined).map((row) => row._id),
          );
          return setEach(
            tx,
            householdId,
            userId,
            [...byId.values()].map(({ _id, ...fields }) => ({ id: _id, ...toBulkFields(fields) })),
            undefined,
          );
        }),
      );
    },
  };
}

export type BulkEditService = ReturnType<typeof createBulkEditService>;
