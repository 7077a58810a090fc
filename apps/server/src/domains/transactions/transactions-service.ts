import {
  addDays,
  type BulkEditPrevious,
  type BulkEditResult,
  type BulkEditSet,
  type bulkRevertSchema,
  tagKey,
  type TrashedTransaction,
  type TrashPage,
  type ChartData,
  datesBetween,
  ErrorCode,
  fromStoredHundredths,
  isCalendarDate,
  largestSplitPart,
  todayIn,
  toDayNumber,
  toStoredHundredths,
  type SummaryQuery,
  type Transaction,
  type TransactionFilters,
  type TransactionPage,
  type TransactionSummary,
  type ValidTransactionInput,
  type ValidTransactionUpdate,
} from '@moneta/shared';
import type { Readable } from 'node:stream';
import type { Executor } from '../../db/database';
import type { TransactionRow, UserRow } from '../../db/schema';
import { badRequest, conflict, notFound, sessionExpired } from '../../http/app-error';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/postgres-errors';
import type { z } from 'zod';
import { createTagsRepository } from '../tags/tags-repository';
import { createTrashRepository, TRASH_DAYS, type TrashedRow } from './trash-repository';
import { isId, newIds } from '../../lib/ids';
import { createAccountsRepository } from '../accounts/accounts-repository';
import { createRememberedAnswers } from '../answer-cache/remembered-answers';
import { accountNotFound, assertOwnAccount } from '../accounts/accounts-service';
import { assertCurrencyDecimals, knownCurrency } from '../rates/currency-rules';
import { createUsersRepository } from '../users/users-repository';
import { createBaseAmountsRepository } from './base-amounts-repository';
import type { CategoryKey } from '../categories/categories-repository';
import { rememberCategories, rememberCategory } from '../categories/remember-category';
import { exportCsv } from './csv-export';
import {
  inListOrder,
  toTransactionDto,
  toTransactionDtos,
  toTransferLegDto,
} from './transaction-dto';
import { createTransactionListRepository } from './transaction-list-repository';
import { narrowOnTimeout } from './search-timeout';
import {
  createTransactionTotalsRepository,
  type ChartTotalRow,
} from './transaction-totals-repository';
import { createTransactionSplitsRepository, type SplitPart } from './transaction-splits-repository';
import {
  type BulkField,
  createTransactionsRepository,
  type NewTransactionRow,
  type OccurrenceCandidate,
  type OccurrenceRule,
  type TransactionSnapshot,
  type TransactionSource,
  type TransactionValues,
} from './transactions-repository';

const RECENT_COUNT = 5;
const CHART_DAYS = 30;
/** Two years of daily points at most: a longer window is a request for a different chart. */
const MAX_CHART_DAYS = 731;

const transactionNotFound = () =>
  notFound('Transaction not found.', ErrorCode.TRANSACTION_NOT_FOUND);

function toValues(input: ValidTransactionInput | ValidTransactionUpdate): TransactionValues {
  return {
    name: input.name,
    category: input.category,
    costCents: toStoredHundredths(input.cost),
    addedOn: input.addedOn,
    isIncome: input.isIncome,
    note: input.note,
    accountId: input.accountId,
    tags: input.tags,
  };
}

/**
 * The parts a write stores (none for an unsplit transaction), each checked against the
 * transaction's currency, and the category the transaction carries: its largest part's
 * (docs/api.md, Transaction), else the one sent. Count, direction and sum were checked by the
 * schema.
 */
function splitValues(
  input: Pick<ValidTransactionInput, 'category' | 'splits'>,
  currency: string,
): { parts: SplitPart[]; category: string } {
  if (!input.splits?.length) return { parts: [], category: input.category };
  input.splits.forEach((part, index) =>
    assertCurrencyDecimals(part.amount, currency, `Part ${index + 1} of the split`),
  );
  return {
    parts: input.splits.map((part) => ({
      category: part.category,
      amountCents: toStoredHundredths(part.amount),
      note: part.note,
    })),
    category: largestSplitPart(input.splits).category,
  };
}

/**
 * An update that leaves `splits` out keeps the stored parts (an older client knows none), so it
 * may not change what they depend on: the amount, the direction, or the category (the largest
 * part's). Returns the parts kept; refuses such a change with what to send instead.
 */
function keptParts(
  stored: TransactionRow,
  parts: SplitPart[],
  input: ValidTransactionUpdate,
  currency: string,
): { parts: SplitPart[]; category: string } {
  const largest = parts.reduce((a, b) => (b.amountCents > a.amountCents ? b : a));
  if (
    toStoredHundredths(input.cost) !== stored.costCents ||
    input.isIncome !== stored.isIncome ||
    input.category !== largest.category
  ) {
    throw badRequest(
      'This transaction is split: its amount, direction and category follow its parts. Send the parts (splits) with the change, or splits: null to make it whole again.',
      ErrorCode.VALIDATION,
    );
  }
  parts.forEach((part, index) =>
    assertCurrencyDecimals(
      fromStoredHundredths(part.amountCents),
      currency,
      `Part ${index + 1} of the split`,
    ),
  );
  return { parts, category: largest.category };
}

/**
 * The parts a snapshot holds (a trashed row, or one a transfer replaced: the repository puts
 * them in as `splits`); none when unsplit.
 */
function snapshotParts(snapshot: Record<string, unknown>): SplitPart[] {
  const parts = snapshot.splits;
  if (!Array.isArray(parts)) return [];
  return parts.map((part: { category: string; amount_cents: number; note: string | null }) => ({
    category: String(part.category),
    amountCents: Number(part.amount_cents),
    note: part.note ?? null,
  }));
}

/**
 * Writes back the parts of split transactions a restore put back (`restored`: their ids), after
 * them, so that the derived triggers count each part in its category. A snapshot whose row was
 * not put back (its id taken again) leaves that row's parts alone.
 */
async function putBackParts(
  tx: Executor,
  snapshots: readonly TransactionSnapshot[],
  restored: readonly string[],
): Promise<void> {
  const isRestored = new Set(restored);
  const splits = createTransactionSplitsRepository(tx);
  for (const snapshot of snapshots) {
    const parts = snapshotParts(snapshot);
    if (parts.length > 0 && isRestored.has(snapshot.id)) {
      await splits.replace(String(snapshot.user_id), snapshot.id, parts);
    }
  }
}

/** Every category a write names: the transaction's and its parts'. */
function categoriesOf(category: string, parts: readonly SplitPart[]): string[] {
  return [...new Set([category, ...parts.map((part) => part.category)])];
}

/**
 * One category set on split transactions would contradict their parts (the transaction's is its
 * largest part's): refused, nothing changed, rather than silently unsplitting them.
 */
async function refuseCategoryOnSplit(tx: Executor, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const split = await createTransactionSplitsRepository(tx).of(userId, ids);
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

const notInTrash = () =>
  notFound(
    'Some of these transactions are not in the trash (restored already, or deleted more than 30 days ago). Nothing was restored.',
    ErrorCode.TRASH_NOT_FOUND,
  );

const tagNotFound = () => notFound('No transaction has this tag.', ErrorCode.TAG_NOT_FOUND);

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

/** Tags as the user already spells them ("TRIP" joins their "Trip"). */
async function inUsersSpelling(tx: Executor, userId: string, tags: string[]): Promise<string[]> {
  const spellings = await createTagsRepository(tx).spellings(userId, tags);
  return tags.map((tag) => spellings.get(tagKey(tag)) ?? tag);
}

/**
 * Sets each row's fields in one statement, all or nothing: a row that is not the user's changes
 * none (404). Remembers the categories given, for the kinds they reached. `set` names the fields
 * of an edit (its `previous` holds those); a revert's `previous` holds the fields it gave.
 */
async function setEach(
  tx: Executor,
  userId: string,
  changes: Array<{ id: string } & Partial<Record<BulkField, unknown>>>,
  set: BulkValues | undefined,
): Promise<BulkEditResult> {
  let before;
  try {
    before = await createTransactionsRepository(tx).setFields(userId, changes);
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

/** Who reads: totals and base amounts are in their base currency. */
export type Reader = Pick<UserRow, 'id' | 'defaultCurrency'>;

/** The currency columns of a write, checked (docs/currencies.md). */
type CurrencyValues = Pick<TransactionValues, 'currency' | 'baseCostCents' | 'baseCostCurrency'>;

/**
 * The currency of a transaction being written and what the bank charged in the base currency,
 * checked: a known code (default: the stored one on update, else the account's), a cost with no
 * more decimals than that currency has, and `baseCost` only for an amount in another currency
 * than the base (null clears it; left out on an update it stays, unless the currency becomes the
 * base). Returns the columns to write; undefined ones stay as stored.
 */
async function currencyValues(
  tx: Executor,
  userId: string,
  input: ValidTransactionInput | ValidTransactionUpdate,
  stored?: { currency: string },
): Promise<{ values: CurrencyValues; base: string }> {
  const user = await createUsersRepository(tx).findById(userId);
  // A user deleted since their token was checked (another server's): as the foreign key says.
  if (!user) throw sessionExpired();
  const base = user.defaultCurrency;
  const currency = input.currency
    ? knownCurrency(input.currency)
    : (stored?.currency ??
      (await createAccountsRepository(tx).currencyOf(userId, input.accountId)));
  if (!currency) throw accountNotFound();
  assertCurrencyDecimals(input.cost, currency, 'The cost');
  const values: CurrencyValues = { currency };
  if (input.baseCost === null || (input.baseCost === undefined && currency === base)) {
    values.baseCostCents = null;
    values.baseCostCurrency = null;
  } else if (input.baseCost !== undefined) {
    if (currency === base) {
      throw badRequest(
        `baseCost is only for an amount in another currency than your base currency (${base}).`,
        ErrorCode.VALIDATION,
      );
    }
    assertCurrencyDecimals(input.baseCost, base, 'What the bank charged');
    values.baseCostCents = toStoredHundredths(input.baseCost);
    values.baseCostCurrency = base;
  }
  return { values, base };
}

/**
 * A transaction goes into one of its user's own accounts: an id that is not an id, or that the
 * (user, account) foreign key refuses, is someone else's or no account at all — a 404.
 */
async function inOwnAccount<T>(accountId: string | null | undefined, write: () => Promise<T>) {
  if (accountId && !isId(accountId)) throw accountNotFound();
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error, 'transactions_account_fk')) throw accountNotFound();
    throw error;
  }
}

/** What links a transaction to the thing that made it. */
export type TransactionLinks = Pick<TransactionValues, 'receiptId' | 'recurringId'>;

/** A write may join a database transaction the caller has open (a receipt and its expense). */
export interface WriteOptions {
  tx?: Executor | undefined;
}

export type { NewTransactionRow, TransactionSnapshot, TransactionSource };

/**
 * The transactions service is the one writer of transactions: creating, changing and deleting
 * them, for the API and for the other domains (receipts, recurring rules, categories), with
 * their categories remembered on the way.
 */
export function createTransactionsService(db: Executor) {
  const list = createTransactionListRepository(db);
  const totals = createTransactionTotalsRepository(db);
  const baseAmounts = createBaseAmountsRepository(db);
  // The dashboard's summary sums all of a user's history, each row in another currency at its
  // own day's rate, and is asked on every visit: it and the charts are remembered until the
  // user's data or the rates change (remembered-answers.ts).
  const remembered = createRememberedAnswers(db);
  const splits = createTransactionSplitsRepository(db);

  /** One written row as the API shows it, with its base amount. */
  async function dtoOf(
    tx: Executor,
    userId: string,
    base: string,
    row: TransactionRow,
    parts: readonly SplitPart[],
  ) {
    const amounts = await createBaseAmountsRepository(tx).of(userId, base, [row]);
    return toTransactionDto(row, amounts.get(row.id), parts);
  }

  /**
   * The DTOs of listed rows, with their base amounts and, for split ones, their parts (read here
   * unless the list's statement brought them: `knownParts`).
   */
  async function dtosOf(
    userId: string,
    base: string,
    rows: readonly TransactionRow[],
    knownParts?: ReadonlyMap<string, SplitPart[]>,
  ) {
    const [amounts, parts] = await Promise.all([
      baseAmounts.of(userId, base, rows),
      knownParts ??
        splits.of(
          userId,
          rows.map((row) => row.id),
        ),
    ]);
    return toTransactionDtos(rows, amounts, parts);
  }

  /** Runs `work` in the caller's open transaction, or in a new one (a savepoint in `db`'s). */
  function inTransaction<T>(options: WriteOptions, work: (tx: Executor) => Promise<T>) {
    return options.tx ? work(options.tx) : db.transaction(work);
  }

  return {
    async list(
      reader: Reader,
      filters: Partial<TransactionFilters>,
      page: number,
      limit: number,
    ): Promise<TransactionPage> {
      const userId = reader.id;
      await assertOwnAccount(db, userId, filters.accountId);
      const { rows, total, parts } = await narrowOnTimeout(filters, () =>
        list.pageWithCount(userId, filters, { limit, offset: (page - 1) * limit }),
      );
      return {
        transactions: await dtosOf(userId, reader.defaultCurrency, rows, parts),
        totalPages: Math.max(1, Math.ceil(total / limit)),
        currentPage: page,
        total,
      };
    },

    /**
     * The list with transfer legs among the transactions (docs/transfers.md): the first
     * page × limit of each in list order, merged, and the page cut from them; without a leg
     * among the filtered rows, the plain list.
     */
    async listWithTransfers(
      reader: Reader,
      filters: Partial<TransactionFilters>,
      page: number,
      limit: number,
    ): Promise<TransactionPage> {
      const userId = reader.id;
      const base = reader.defaultCurrency;
      await assertOwnAccount(db, userId, filters.accountId);
      const head = page * limit;
      const transfers = await narrowOnTimeout(filters, () =>
        list.transferLegs(userId, base, filters, head),
      );
      if (transfers.total === 0) {
        // No leg to merge (most users, most filters): the list's own paged statements.
        const plain = await narrowOnTimeout(filters, () =>
          list.pageWithCount(userId, filters, { limit, offset: (page - 1) * limit }),
        );
        return {
          transactions: (await dtosOf(userId, base, plain.rows, plain.parts)).map((row) => ({
            ...row,
            isTransfer: false,
          })),
          totalPages: Math.max(1, Math.ceil(plain.total / limit)),
          currentPage: page,
          total: plain.total,
        };
      }
      const [rows, count] = await narrowOnTimeout(filters, () =>
        Promise.all([list.head(userId, filters, head), list.count(userId, filters)]),
      );
      const merged = [
        ...(await dtosOf(userId, base, rows)).map((row) => ({ ...row, isTransfer: false })),
        ...transfers.legs.map(toTransferLegDto),
      ].sort(inListOrder);
      const total = count + transfers.total;
      return {
        transactions: merged.slice((page - 1) * limit, head),
        totalPages: Math.max(1, Math.ceil(total / limit)),
        currentPage: page,
        total,
      };
    },

    /** The user's transactions matching `filters` as a CSV stream, in list order. */
    async exportCsv(reader: Reader, filters: Partial<TransactionFilters>): Promise<Readable> {
      const userId = reader.id;
      const base = reader.defaultCurrency;
      await assertOwnAccount(db, userId, filters.accountId);
      const accounts = await createAccountsRepository(db).names(userId);
      return exportCsv(list.select(userId, filters), {
        base,
        accountNames: accounts,
        baseAmounts: (rows) => baseAmounts.of(userId, base, rows),
        splitsOf: (rows) =>
          splits.of(
            userId,
            rows.map((row) => row.id),
          ),
      });
    },

    async create(
      userId: string,
      input: ValidTransactionInput,
      options: TransactionLinks & WriteOptions = {},
    ): Promise<Transaction> {
      const { tx, ...links } = options;
      return inOwnAccount(input.accountId, () =>
        inTransaction({ tx }, async (tx) => {
          const money = await currencyValues(tx, userId, input);
          const split = splitValues(input, money.values.currency!);
          for (const category of categoriesOf(split.category, split.parts)) {
            await rememberCategory(tx, userId, category, input.isIncome);
          }
          const tags = input.tags && (await inUsersSpelling(tx, userId, input.tags));
          const row = await createTransactionsRepository(tx).insert(userId, {
            ...toValues({ ...input, tags }),
            category: split.category,
            ...money.values,
            ...links,
          });
          await createTransactionSplitsRepository(tx).replace(userId, row.id, split.parts);
          return dtoOf(tx, userId, money.base, row, split.parts);
        }),
      );
    },

    /**
     * Creates many transactions (of any users) in one statement; an occurrence of a recurring
     * rule that exists already is skipped. Returns how many were created. Categories are
     * remembered except for occurrences: their rule remembered its category when it was saved,
     * and doing it again while the recurring engine holds the rule's lock could wait in a cycle
     * with a category deletion (which removes the category before it moves the rules).
     */
    async createMany(rows: NewTransactionRow[], options: WriteOptions = {}): Promise<number> {
      if (rows.length === 0) return 0;
      if (rows.some((row) => row.accountId && !isId(row.accountId))) throw accountNotFound();
      return inTransaction(options, async (tx) => {
        await rememberCategories(
          tx,
          rows
            .filter((row) => !row.recurringId)
            .map((row) => ({ userId: row.userId, name: row.category, isIncome: row.isIncome })),
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
      return createTransactionsRepository(options.tx ?? db).occurrenceCandidates(
        rule,
        window.from,
        window.to,
      );
    },

    /** Marks existing transactions as occurrences of a recurring rule. */
    async linkToRecurring(
      userId: string,
      recurringId: string,
      ids: string[],
      options: WriteOptions = {},
    ): Promise<number> {
      return createTransactionsRepository(options.tx ?? db).linkToRecurring(
        userId,
        recurringId,
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
      return inTransaction(options, async (tx) => {
        const repository = createTransactionsRepository(tx);
        const splits = createTransactionSplitsRepository(tx);
        const categories = await repository.categoriesOf(source);
        const total = categories.reduce((sum, category) => sum + category.count, 0);
        if (total === 0) return 0;
        // A split row's parts name categories of their own, remembered with the rows'.
        const partCategories = await splits.categoriesOfSource(source);
        await rememberCategories(
          tx,
          [...categories, ...partCategories].map(({ userId, name, isIncome }) => ({
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
     * the account: an older client that knows neither must not move or wipe anything.
     */
    async update(
      userId: string,
      id: string,
      input: ValidTransactionUpdate,
      options: WriteOptions = {},
    ): Promise<Transaction> {
      if (!isId(id)) throw transactionNotFound();
      return inOwnAccount(input.accountId, () =>
        inTransaction(options, async (tx) => {
          const repository = createTransactionsRepository(tx);
          const stored = await repository.find(userId, id);
          if (!stored) throw transactionNotFound();
          const money = await currencyValues(tx, userId, input, stored);
          const currency = money.values.currency ?? stored.currency;
          const splits = createTransactionSplitsRepository(tx);
          const storedParts = (await splits.of(userId, [id])).get(id);
          const split =
            input.splits === undefined && storedParts
              ? keptParts(stored, storedParts, input, currency)
              : splitValues(input, currency);
          const tags = input.tags && (await inUsersSpelling(tx, userId, input.tags));
          const row = await repository.update(userId, id, {
            ...toValues({ ...input, tags }),
            category: split.category,
            ...money.values,
          });
          if (!row) throw transactionNotFound();
          if (input.splits !== undefined || !storedParts) {
            await splits.replace(userId, id, split.parts);
          }
          for (const category of categoriesOf(split.category, split.parts)) {
            await rememberCategory(tx, userId, category, input.isIncome);
          }
          return dtoOf(tx, userId, money.base, row, split.parts);
        }),
      );
    },

    /** Deletes a transaction into the trash, where it can be restored for 30 days. */
    async remove(userId: string, id: string, options: WriteOptions = {}): Promise<void> {
      if (!isId(id)) throw transactionNotFound();
      const moved = await inTransaction(options, async (tx) => {
        await createTrashRepository(tx).purgeExpired();
        return createTransactionsRepository(tx).moveToTrash(userId, [id]);
      });
      if (moved === 0) throw transactionNotFound();
    },

    /** All or nothing: if any id is not one of the user's transactions, nothing is deleted. */
    async removeMany(
      userId: string,
      transactionIds: string[],
      options: WriteOptions = {},
    ): Promise<number> {
      const ids = [...new Set(transactionIds)];
      if (!ids.every(isId))
        throw notFound(
          'Some of the selected transactions were not found.',
          ErrorCode.TRANSACTION_NOT_FOUND,
        );
      return inTransaction(options, async (tx) => {
        await createTrashRepository(tx).purgeExpired();
        const deleted = await createTransactionsRepository(tx).moveToTrash(userId, ids);
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

    /** The user's trash, the latest deleted first (docs/api.md, Trash). */
    async trash(userId: string, page: number, limit: number): Promise<TrashPage> {
      const { rows, total } = await createTrashRepository(db).page(userId, {
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
     * user's trash (never deleted, restored already, expired, someone else's) restores none.
     */
    async restoreFromTrash(userId: string, transactionIds: string[]): Promise<number> {
      const ids = [...new Set(transactionIds)];
      if (!ids.every(isId)) throw notInTrash();
      return db.transaction(async (tx) => {
        const snapshots = await createTrashRepository(tx).take(userId, ids);
        if (snapshots.length !== ids.length) throw notInTrash();
        // A custom category deleted since comes back with its rows (as any write remembers it).
        const categories = new Map<string, CategoryKey>();
        for (const snapshot of snapshots) {
          const isIncome = snapshot.is_income === true;
          for (const name of categoriesOf(String(snapshot.category), snapshotParts(snapshot))) {
            categories.set(`${isIncome}|${name}`, { userId, name, isIncome });
          }
        }
        await rememberCategories(tx, [...categories.values()]);
        const restored = await createTransactionsRepository(tx).restore(snapshots);
        if (restored.length !== ids.length) throw notInTrash();
        await putBackParts(tx, snapshots, restored);
        await createTrashRepository(tx).restoreAttachments(userId, ids);
        return restored.length;
      });
    },

    /**
     * Gives every selected transaction the same values for the fields `set` names, all or
     * nothing, in one statement; answers what each row held before (an Undo puts it back).
     */
    async bulkEdit(userId: string, transactionIds: string[], set: BulkEditSet) {
      const ids = [...new Set(transactionIds)];
      if (!ids.every(isId)) throw someNotFound();
      return inOwnAccount(set.accountId, () =>
        db.transaction(async (tx) => {
          // A split transaction's category is its largest part's: one category for all of it
          // would contradict its parts, so it is refused rather than silently unsplitting.
          if (set.category !== undefined) await refuseCategoryOnSplit(tx, userId, ids);
          const tags = set.tags && (await inUsersSpelling(tx, userId, set.tags));
          const fields = toBulkFields({ ...set, tags });
          return setEach(
            tx,
            userId,
            ids.map((id) => ({ id, ...fields })),
            set,
          );
        }),
      );
    },

    /** Puts back what a bulk edit answered as `previous`, all or nothing. */
    async bulkRevert(userId: string, previous: BulkRevertInput) {
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
            userId,
            [...byId.values()].filter((row) => row.category !== undefined).map((row) => row._id),
          );
          return setEach(
            tx,
            userId,
            [...byId.values()].map(({ _id, ...fields }) => ({ id: _id, ...toBulkFields(fields) })),
            undefined,
          );
        }),
      );
    },

    /** Renames or merges a tag on all the user's transactions (docs/api.md, Tags). */
    async renameTag(userId: string, from: string, to: string): Promise<number> {
      return db.transaction(async (tx) => {
        const spelling = await createTagsRepository(tx).spellings(userId, [from]);
        if (!spelling.has(tagKey(from))) throw tagNotFound();
        return createTransactionsRepository(tx).renameTag(userId, from, to);
      });
    },

    async removeTag(userId: string, tag: string): Promise<number> {
      const removed = await createTransactionsRepository(db).removeTag(userId, tag);
      if (removed === 0) throw tagNotFound();
      return removed;
    },

    /**
     * Takes the user's transactions with these ids out of the ledger, for a transfer that
     * replaces them (docs/transfers.md): deleted, and returned as they were so that they can be
     * put back. Ids that are not the user's are simply not returned.
     */
    async takeForTransfer(
      userId: string,
      ids: string[],
      options: WriteOptions = {},
    ): Promise<TransactionSnapshot[]> {
      const own = [...new Set(ids)].filter(isId);
      return createTransactionsRepository(options.tx ?? db).take(userId, own);
    },

    /**
     * Puts back transactions takeForTransfer took (an undone import's transfer), split ones
     * with their parts.
     */
    async restore(snapshots: TransactionSnapshot[], options: WriteOptions = {}): Promise<number> {
      return inTransaction(options, async (tx) => {
        const restored = await createTransactionsRepository(tx).restore(snapshots);
        await putBackParts(tx, snapshots, restored);
        return restored.length;
      });
    },

    /**
     * Undoes an import: deletes the transactions it created, and forgets those of them in the
     * trash (an undone import's rows must not come back); returns how many were deleted.
     */
    async removeByImport(userId: string, importId: string, options: WriteOptions = {}) {
      const tx = options.tx ?? db;
      await createTrashRepository(tx).forgetImport(userId, importId);
      return createTransactionsRepository(tx).deleteByImport(userId, importId);
    },

    /**
     * Gives the user's transactions with these ids a category and optionally a new name (a
     * rule applied to existing transactions); the category is remembered for the kinds it
     * reached. Returns how many changed.
     */
    async recategorise(
      userId: string,
      ids: string[],
      change: { category: string; name: string | null },
      options: WriteOptions = {},
    ): Promise<number> {
      return inTransaction(options, async (tx) => {
        const changed = await createTransactionsRepository(tx).recategorise(userId, ids, change);
        const kinds = changed.filter((row) => row.isRecategorised).map((row) => row.isIncome);
        await rememberCategories(
          tx,
          [...new Set(kinds)].map((isIncome) => ({ userId, name: change.category, isIncome })),
        );
        return changed.length;
      });
    },

    /**
     * Gives restored transactions their parts (a user's export coming back), checked by the
     * restore's reader; the parts' categories are remembered for the transactions' kinds.
     */
    async restoreSplits(
      userId: string,
      splits: Array<{ transactionId: string; isIncome: boolean; parts: SplitPart[] }>,
      options: WriteOptions = {},
    ): Promise<number> {
      return inTransaction(options, async (tx) => {
        const categories = new Map<string, CategoryKey>();
        for (const { isIncome, parts } of splits) {
          for (const { category: name } of parts) {
            categories.set(`${isIncome}|${name}`, { userId, name, isIncome });
          }
        }
        await rememberCategories(tx, [...categories.values()]);
        const repository = createTransactionSplitsRepository(tx);
        let count = 0;
        for (const { transactionId, parts } of splits) {
          await repository.replace(userId, transactionId, parts);
          count += parts.length;
        }
        return count;
      });
    },

    /** Moves the user's transactions of a category (of the given kinds) to another one. */
    async moveCategory(
      userId: string,
      change: { from: string; to: string; kinds: boolean[] },
      options: WriteOptions = {},
    ): Promise<number> {
      return inTransaction(options, async (tx) => {
        const moved = await createTransactionsRepository(tx).moveCategory(
          userId,
          change.from,
          change.to,
          change.kinds,
        );
        // Parts follow their category too (a split transaction whose category is another one).
        await createTransactionSplitsRepository(tx).moveCategory(
          userId,
          change.from,
          change.to,
          change.kinds,
        );
        return moved;
      });
    },

    /**
     * Income, expense and their difference over a period (inclusive), or over all time without
     * one, with the newest transactions. The answer names its period so that no screen shows a
     * figure without saying what it covers.
     */
    summary(reader: Reader, period: SummaryQuery = {}): Promise<TransactionSummary> {
      const from = period.from ?? null;
      const to = period.to ?? null;
      const userId = reader.id;
      const base = reader.defaultCurrency;
      const question = ['transactions.summary', base, { from, to }];
      return remembered.remember(userId, question, async () => {
        const [sums, recent] = await Promise.all([
          from && to ? totals.totalsBetween(userId, base, from, to) : totals.totals(userId, base),
          list.page(userId, {}, { limit: RECENT_COUNT, offset: 0 }),
        ]);
        const recentTransactions = await dtosOf(userId, base, recent);
        return {
          totalIncome: fromStoredHundredths(sums.incomeCents),
          totalExpenses: fromStoredHundredths(sums.expenseCents),
          balance: fromStoredHundredths(sums.incomeCents - sums.expenseCents),
          recentTransactions,
          from,
          to,
          currency: base,
          unconverted: sums.unconverted,
        };
      });
    },

    /** Chart data over [from, to]; by default the last 30 days ending today in the user's zone. */
    charts(
      user: Pick<UserRow, 'id' | 'timeZone' | 'defaultCurrency'>,
      window: { from?: string | undefined; to?: string | undefined },
    ): Promise<ChartData> {
      const to =
        window.to ?? (window.from ? addDays(window.from, CHART_DAYS - 1) : todayIn(user.timeZone));
      const from = window.from ?? addDays(to, -(CHART_DAYS - 1));
      // A default end 29 days after 9999-12-02 (or start before 0001-01-30) is off the calendar.
      if (!isCalendarDate(from) || !isCalendarDate(to)) {
        throw badRequest(
          'The chart window must lie between 0001-01-01 and 9999-12-31.',
          ErrorCode.WINDOW_OUT_OF_RANGE,
        );
      }
      if (toDayNumber(to) - toDayNumber(from) + 1 > MAX_CHART_DAYS) {
        throw badRequest(
          `The chart window can be at most ${MAX_CHART_DAYS} days.`,
          ErrorCode.WINDOW_TOO_LONG,
        );
      }
      const question = ['transactions.charts', user.defaultCurrency, { from, to }];
      return remembered.remember(user.id, question, async () =>
        chartDataOf(await totals.chartTotals(user.id, user.defaultCurrency, from, to), from, to),
      );
    },
  };
}

/** The charts' answer over [from, to] from its sums (transaction-totals-repository.ts). */
function chartDataOf(rows: ChartTotalRow[], from: string, to: string): ChartData {
  // The row of the whole window (no day, no kind) carries the count of unconverted rows.
  const whole = rows.find((row) => row.isIncome === null);
  const unconverted = whole?.unconverted ?? 0;
  // A window without a transaction has nothing to draw: empty lists let the screen say so
  // instead of drawing a flat line at zero.
  // (The row of the whole window is there even then: a grand total of nothing.)
  if (rows.every((row) => row.isIncome === null)) {
    return { expensesByCategory: [], expensesOverTime: [], incomeOverTime: [], unconverted };
  }
  const dailyTotal = new Map<string, number>();
  const expensesByCategory: ChartData['expensesByCategory'] = [];
  for (const row of rows) {
    if (row.isIncome === null) continue;
    if (row.date !== null) dailyTotal.set(`${row.date}|${row.isIncome}`, row.totalCents);
    else if (row.category !== null && !row.isIncome)
      expensesByCategory.push({
        name: row.category,
        total: fromStoredHundredths(row.totalCents),
      });
  }
  const series = (isIncome: boolean) =>
    datesBetween(from, to).map((date) => ({
      date,
      total: fromStoredHundredths(dailyTotal.get(`${date}|${isIncome}`) ?? 0),
    }));
  return {
    expensesByCategory,
    expensesOverTime: series(false),
    incomeOverTime: series(true),
    unconverted,
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
