/**
 * The one writer of transactions: creating and changing them for the API, and every write the
 * other domains ask for (receipts, recurring rules, categories, rules, tags, transfers,
 * imports, restores), with their categories remembered on the way. Deleting into the trash is
 * trash-service.ts's, a bulk edit bulk-edit-service.ts's.
 */
import {
  ErrorCode,
  tagKey,
  type Transaction,
  type ValidTransactionInput,
  type ValidTransactionUpdate,
} from '@moneta/shared';
import type { Executor } from '../../db/database';
import type { TransactionRow } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { isId, newIds } from '../../lib/ids';
import { accountNotFound } from '../accounts/accounts-service';
import type { CategoryKey } from '../categories/categories-repository';
import { rememberCategories } from '../categories/remember-category';
import { createBaseAmountsRepository } from './base-amounts-repository';
import { currencyValues } from './currency-values';
import type { ReadersFor } from './domain-readers';
import {
  createRecurringOccurrencesRepository,
  type OccurrenceCandidate,
  type OccurrenceRule,
} from './recurring-occurrences-repository';
import { categoriesOf, keptParts, putBackParts, splitValues } from './split-values';
import { createTrashRepository } from './trash-repository';
import { toTransactionDto, toTransactionValues } from './transaction-dto';
import { createTransactionSplitsRepository, type SplitPart } from './transaction-splits-repository';
import { createTransactionTagsRepository } from './transaction-tags-repository';
import {
  createTransactionsRepository,
  type NewTransactionRow,
  type TransactionSnapshot,
  type TransactionSource,
} from './transactions-repository';
import {
  inHouseholdSpelling,
  inOwnAccount,
  inTransaction,
  transactionNotFound,
  type TransactionLinks,
  type WriteOptions,
} from './write-steps';
import type { HouseholdId } from '../households/household-id';

const tagNotFound = () => notFound('No transaction has this tag.', ErrorCode.TAG_NOT_FOUND);

/** Remembers the categories a transaction (or its parts) uses, in its household. */
function rememberCategoriesOf(
  tx: Executor,
  by: Pick<CategoryKey, 'householdId' | 'userId'>,
  split: { category: string; parts: readonly SplitPart[] },
  isIncome: boolean,
): Promise<void> {
  return rememberCategories(
    tx,
    categoriesOf(split.category, split.parts).map((name) => ({ ...by, name, isIncome })),
  );
}

/** One written row as the API shows it, with its base amount. */
async function dtoOf(
  tx: Executor,
  householdId: HouseholdId,
  base: string,
  row: TransactionRow,
  parts: readonly SplitPart[],
) {
  const amounts = await createBaseAmountsRepository(tx).of(householdId, base, [row]);
  return toTransactionDto(row, amounts.get(row.id), parts);
}

export function createTransactionWriter(db: Executor, readers: ReadersFor) {
  return {
    /** A transaction `userId` enters in the household's books. */
    async create(
      householdId: HouseholdId,
      userId: string,
      input: ValidTransactionInput,
      options: TransactionLinks & WriteOptions = {},
    ): Promise<Transaction> {
      const { tx, ...links } = options;
      return inOwnAccount(input.accountId, () =>
        inTransaction(db, { tx }, async (tx) => {
          const money = await currencyValues(readers(tx), householdId, input);
          const split = splitValues(input, money.values.currency!);
          await rememberCategoriesOf(tx, { householdId, userId }, split, input.isIncome);
          const tags =
            input.tags && (await inHouseholdSpelling(readers(tx), householdId, input.tags));
          const row = await createTransactionsRepository(tx).insert(householdId, userId, {
            ...toTransactionValues({ ...input, tags }),
            category: split.category,
            ...money.values,
            ...links,
          });
          await createTransactionSplitsRepository(tx).replace(
            householdId,
            userId,
            row.id,
            split.parts,
          );
          return dtoOf(tx, householdId, money.base, row, split.parts);
        }),
      );
    },

    /**
     * Creates many transactions (each in the household it names) in one statement; an occurrence of a recurring
     * rule that exists already is skipped. Returns how many were created. Categories are
     * remembered except for occurrences: their rule remembered its category when it was saved,
     * and doing it again while the recurring engine holds the rule's lock could wait in a cycle
     * with a category deletion (which removes the category before it moves the rules).
     */
    async createMany(rows: NewTransactionRow[], options: WriteOptions = {}): Promise<number> {
      if (rows.length === 0) return 0;
      if (rows.some((row) => row.accountId && !isId(row.accountId))) throw accountNotFound();
      return inTransaction(db, options, async (tx) => {
        await rememberCategories(
          tx,
          rows
            .filter((row) => !row.recurringId)
            .map(({ householdId, userId, category: name, isIncome }) => ({
              householdId,
              userId,
              name,
              isIncome,
            })),
        );
        return createTransactionsRepository(tx).insertMany(rows);
      });
    },

    /** The transactions that may stand for a recurring rule's occurrences (see the repository). */
    async occurrenceCandidates(
      rule: OccurrenceRule,
      window: { from: string; to: string },
      options: WriteOptions = {},
    ): Promise<OccurrenceCandidate[]> {
      return createRecurringOccurrencesRepository(options.tx ?? db).occurrenceCandidates(
        rule,
        window.from,
        window.to,
      );
    },

    /** Marks existing transactions of the rule's household as occurrences of the rule. */
    async linkToRecurring(
      rule: OccurrenceRule,
      ids: string[],
      options: WriteOptions = {},
    ): Promise<number> {
      return createRecurringOccurrencesRepository(options.tx ?? db).linkToRecurring(
        rule.householdId,
        rule.id,
        ids,
      );
    },

    /**
     * Creates the transactions a source query selects (see TransactionSource), in one
     * statement that runs inside PostgreSQL: an import's commit, where sending 100,000 rows
     * out to Node and back in batches cost more than writing them. Their categories are
     * remembered first, as for createMany (one lock order for every writer). Returns how many
     * were created.
     */
    async createFrom(source: TransactionSource, options: WriteOptions = {}): Promise<number> {
      return inTransaction(db, options, async (tx) => {
        const repository = createTransactionsRepository(tx);
        const splits = createTransactionSplitsRepository(tx);
        const categories = await repository.categoriesOf(source);
        const total = categories.reduce((sum, category) => sum + category.count, 0);
        if (total === 0) return 0;
        // A split row's parts name categories of their own, remembered with the rows'.
        const partCategories = await splits.categoriesOfSource(source);
        await rememberCategories(
          tx,
          [...categories, ...partCategories].map(({ householdId, userId, name, isIncome }) => ({
            householdId,
            userId,
            name,
            isIncome,
          })),
        );
        const ids = newIds(total);
        const created = await repository.insertFrom(source, ids);
        const parts = partCategories.reduce((sum, category) => sum + category.count, 0);
        await splits.insertFromSource(source, ids, newIds(parts));
        return created;
      });
    },

    /**
     * A missing `note` keeps the stored note (`null` or "" clears it), and a missing `accountId`
     * the account: an older client that knows neither must not move or wipe anything. `userId`
     * changes it.
     */
    async update(
      householdId: HouseholdId,
      userId: string,
      id: string,
      input: ValidTransactionUpdate,
      options: WriteOptions = {},
    ): Promise<Transaction> {
      if (!isId(id)) throw transactionNotFound();
      return inOwnAccount(input.accountId, () =>
        inTransaction(db, options, async (tx) => {
          const repository = createTransactionsRepository(tx);
          const stored = await repository.find(householdId, id);
          if (!stored) throw transactionNotFound();
          const money = await currencyValues(readers(tx), householdId, input, stored);
          const currency = money.values.currency ?? stored.currency;
          const splits = createTransactionSplitsRepository(tx);
          const storedParts = (await splits.of(householdId, [id])).get(id);
          const split =
            input.splits === undefined && storedParts
              ? keptParts(stored, storedParts, input, currency)
              : splitValues(input, currency);
          const tags =
            input.tags && (await inHouseholdSpelling(readers(tx), householdId, input.tags));
          const row = await repository.update(householdId, userId, id, {
            ...toTransactionValues({ ...input, tags }),
            category: split.category,
            ...money.values,
          });
          if (!row) throw transactionNotFound();
          if (input.splits !== undefined || !storedParts) {
            await splits.replace(householdId, userId, id, split.parts);
          }
          await rememberCategoriesOf(tx, { householdId, userId }, split, input.isIncome);
          return dtoOf(tx, householdId, money.base, row, split.parts);
        }),
      );
    },

    /** Renames or merges a tag on all the household's transactions (docs/api.md, Tags). */
    async renameTag(householdId: HouseholdId, from: string, to: string): Promise<number> {
      return db.transaction(async (tx) => {
        const spelling = await readers(tx).tagSpellings(householdId, [from]);
        if (!spelling.has(tagKey(from))) throw tagNotFound();
        return createTransactionTagsRepository(tx).renameTag(householdId, from, to);
      });
    },

    async removeTag(householdId: HouseholdId, tag: string): Promise<number> {
      const removed = await createTransactionTagsRepository(db).removeTag(householdId, tag);
      if (removed === 0) throw tagNotFound();
      return removed;
    },

    /**
     * Takes the household's transactions with these ids out of the ledger, for a transfer that
     * replaces them (docs/transfers.md): deleted, and returned as they were so that they can be
     * put back. Ids that are not the household's are simply not returned.
     */
    async takeForTransfer(
      householdId: HouseholdId,
      ids: string[],
      options: WriteOptions = {},
    ): Promise<TransactionSnapshot[]> {
      const own = [...new Set(ids)].filter(isId);
      return createTransactionsRepository(options.tx ?? db).take(householdId, own);
    },

    /**
     * Puts back transactions takeForTransfer took (an undone import's transfer), split ones
     * with their parts.
     */
    async restore(snapshots: TransactionSnapshot[], options: WriteOptions = {}): Promise<number> {
      return inTransaction(db, options, async (tx) => {
        const restored = await createTransactionsRepository(tx).restore(snapshots);
        await putBackParts(tx, snapshots, restored);
        return restored.length;
      });
    },

    /**
     * Undoes an import: deletes the transactions it created, and forgets those of them in the
     * trash (an undone import's rows must not come back); returns how many were deleted.
     */
    async removeByImport(householdId: HouseholdId, importId: string, options: WriteOptions = {}) {
      const tx = options.tx ?? db;
      await createTrashRepository(tx).forgetImport(householdId, importId);
      return createTransactionsRepository(tx).deleteByImport(householdId, importId);
    },

    /**
     * Gives the household's transactions with these ids a category and optionally a new name (a
     * rule applied to existing transactions, by `userId`); the category is remembered for the
     * kinds it reached. Returns how many changed.
     */
    async recategorise(
      householdId: HouseholdId,
      userId: string,
      ids: string[],
      change: { category: string; name: string | null },
      options: WriteOptions = {},
    ): Promise<number> {
      return inTransaction(db, options, async (tx) => {
        const changed = await createTransactionsRepository(tx).recategorise(
          householdId,
          userId,
          ids,
          change,
        );
        const kinds = changed.filter((row) => row.isRecategorised).map((row) => row.isIncome);
        await rememberCategories(
          tx,
          [...new Set(kinds)].map((isIncome) => ({
            householdId,
            userId,
            name: change.category,
            isIncome,
          })),
        );
        return changed.length;
      });
    },

    /**
     * Gives restored transactions their parts (an export coming back into the household, by
     * `userId`), checked by the restore's reader; the parts' categories are remembered for the
     * transactions' kinds.
     */
    async restoreSplits(
      householdId: HouseholdId,
      userId: string,
      splits: Array<{ transactionId: string; isIncome: boolean; parts: SplitPart[] }>,
      options: WriteOptions = {},
    ): Promise<number> {
      return inTransaction(db, options, async (tx) => {
        const categories = new Map<string, CategoryKey>();
        for (const { isIncome, parts } of splits) {
          for (const { category: name } of parts) {
            categories.set(`${isIncome}|${name}`, { householdId, userId, name, isIncome });
          }
        }
        await rememberCategories(tx, [...categories.values()]);
        const repository = createTransactionSplitsRepository(tx);
        let count = 0;
        for (const { transactionId, parts } of splits) {
          await repository.replace(householdId, userId, transactionId, parts);
          count += parts.length;
        }
        return count;
      });
    },

    /** Moves the household's transactions of a category (of the given kinds) to another one. */
    async moveCategory(
      householdId: HouseholdId,
      change: { from: string; to: string; kinds: boolean[] },
      options: WriteOptions = {},
    ): Promise<number> {
      return inTransaction(db, options, async (tx) => {
        const moved = await createTransactionsRepository(tx).moveCategory(
          householdId,
          change.from,
          change.to,
          change.kinds,
        );
        // Parts follow their category too (a split transaction whose category is another one).
        await createTransactionSplitsRepository(tx).moveCategory(
          householdId,
          change.from,
          change.to,
          change.kinds,
        );
        return moved;
      });
    },
  };
}

export type TransactionWriter = ReturnType<typeof createTransactionWriter>;
