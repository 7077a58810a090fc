import { createHash } from 'node:crypto';
import {
  DEFAULT_ACCOUNT,
  EXPORT_ENTITIES,
  ErrorCode,
  type ExportEntity,
  type ExportTransaction,
  isBuiltInCategory,
  MAX_RULES,
  type RestoreResult,
} from '@moneta/shared';
import type { Executor } from '../../db/database';
import { badRequest } from '../../http/app-error';
import { newIds } from '../../lib/ids';
import { createAccountsRepository } from '../accounts/accounts-repository';
import { createAttachmentsRepository } from '../attachments/attachments-repository';
import { createBudgetsRepository, type BudgetsToInsert } from '../budgets/budgets-repository';
import { createCategoriesRepository } from '../categories/categories-repository';
import { createGoalsRepository } from '../goals/goals-repository';
import type { HouseholdId } from '../households/household-id';
import { createHouseholdsRepository } from '../households/households-repository';
import { createRatesRepository } from '../rates/rates-repository';
import { createReceiptsRepository, type NewReceipt } from '../receipts/receipts-repository';
import { createRecurringRepository } from '../recurring/recurring-repository';
import { createRulesRepository } from '../rules/rules-repository';
import { createSavedFiltersRepository } from '../saved-filters/saved-filters-repository';
import type { TransactionsService } from '../transactions/transactions-service';
import { createTransfersRepository } from '../transfers/transfers-repository';
import { createUsersRepository } from '../users/users-repository';
import type { CheckedExport } from './read-export';
import { partsByTransaction } from './restore-checks';
import { damaged } from './zip-reader';

/** Transactions per insert statement (one JSON parameter each). */
const TRANSACTION_BATCH = 1000;
/** Receipts per insert statement: at most this many, and their files at most this many bytes. */
const RECEIPT_BATCH = 200;
const RECEIPT_BATCH_BYTES = 16 * 1024 * 1024;
/** Budgets per insert statement (seven parameters each). */
const BUDGET_BATCH = 1000;

/** Old id → new id; a reference to an id it lacks was refused when the export was read. */
type IdMap = Map<string, string>;
const mapped = (ids: IdMap, id: string) => ids.get(id)!;
const mappedOrNull = (ids: IdMap, id: string | null) => (id ? mapped(ids, id) : null);
type Counts = RestoreResult['counts'];

/**
 * What every step of a write shares: where, into which household and by whom, what was read, and
 * the ids so far.
 */
interface Write {
  tx: Executor;
  householdId: HouseholdId;
  userId: string;
  /**
   * Who a restored row names as its author: the exported user id where that user is a member of
   * the household, else null; the restorer for exports from before authors were kept.
   */
  authorOf: (author: string | null | undefined) => string | null;
  read: CheckedExport;
  counts: Counts;
  accountIds: IdMap;
  receiptIds: IdMap;
  recurringIds: IdMap;
  transactionIds: IdMap;
}

/** A file of the zip, checked against the size and SHA-256 its record states. */
async function fileOf(read: CheckedExport, path: string, sizeBytes?: number, sha256?: string) {
  const bytes = await read.fileBytes(path);
  if (sizeBytes !== undefined && bytes.length !== sizeBytes) {
    throw damaged(`${path} is not its size.`);
  }
  if (sha256 && createHash('sha256').update(bytes).digest('hex') !== sha256) {
    throw damaged(`${path} does not match its SHA-256.`);
  }
  return bytes;
}

/**
 * The settings, then accounts: one of the same name takes the exported one's place, the new
 * account's empty "Main" the first one without a namesake; the others are created. Then the categories: custom ones are stored; a
 * built-in one's record only says that it is hidden.
 */
async function writeAccountsAndCategories(write: Write): Promise<void> {
  const { tx, householdId, userId, read, counts } = write;
  const { records, manifest } = read;
  // The settings come with the data: amounts of the base currency stay in it.
  await createUsersRepository(tx).update(userId, {
    isSetupComplete: true,
    defaultCurrency: manifest.baseCurrency,
    timeZone: manifest.timeZone,
    ...(manifest.locale ? { locale: manifest.locale } : {}),
  });
  const accountsRepository = createAccountsRepository(tx);
  const existing = new Map(
    [...(await accountsRepository.names(householdId))].map(([id, name]) => [
      name.toLowerCase(),
      id,
    ]),
  );
  // The empty "Main" every new account starts with is not left beside the restored accounts:
  // unless one of them is named so, the first restored account without a namesake takes it over.
  const defaultKey = DEFAULT_ACCOUNT.name.toLowerCase();
  let spareDefault = existing.get(defaultKey);
  if (records.accounts.some((account) => account.name.toLowerCase() === defaultKey)) {
    spareDefault = undefined;
  }
  for (const account of records.accounts) {
    const values = {
      name: account.name,
      type: account.type,
      currency: account.currency,
      openingBalanceCents: account.openingBalanceCents,
      isArchived: account.isArchived,
      identifiers: account.identifiers,
    };
    let sameName = existing.get(account.name.toLowerCase());
    if (!sameName && spareDefault) {
      sameName = spareDefault;
      spareDefault = undefined;
    }
    const row = sameName
      ? await accountsRepository.update(householdId, sameName, values)
      : await accountsRepository.insert(householdId, userId, values);
    write.accountIds.set(account.id, row!.id);
    counts.accounts++;
  }

  const categoriesRepository = createCategoriesRepository(tx);
  const custom = records.categories.filter(
    (category) => !isBuiltInCategory(category.name, category.isIncome),
  );
  if (custom.length > 0) {
    await categoriesRepository.addMany(
      custom.map((category) => ({
        householdId,
        userId,
        name: category.name,
        isIncome: category.isIncome,
      })),
    );
  }
  for (const category of records.categories) {
    if (category.hidden) {
      await categoriesRepository.setHidden(
        { householdId, userId, name: category.name, isIncome: category.isIncome },
        true,
      );
    }
  }
  counts.categories = records.categories.length;
}

/**
 * Receipts a batch at a time (one insert statement each, not one per receipt), the files read
 * from the zip as the batch fills and let go once it is written; then the recurring rules.
 */
async function writeReceiptsAndRecurring(write: Write): Promise<void> {
  const { tx, householdId, userId, read, counts } = write;
  const receiptsRepository = createReceiptsRepository(tx);
  let pending: Array<{ oldId: string; values: NewReceipt }> = [];
  let pendingBytes = 0;
  const flushReceipts = async () => {
    const ids = await receiptsRepository.insertMany(
      { householdId, userId },
      pending.map((receipt) => receipt.values),
    );
    pending.forEach((receipt, index) => write.receiptIds.set(receipt.oldId, ids[index]!));
    counts.receipts += ids.length;
    pending = [];
    pendingBytes = 0;
  };
  for (const receipt of read.records.receipts) {
    const content = await fileOf(read, receipt.file, receipt.sizeBytes, receipt.sha256);
    const pagePng = receipt.pagePng ? await fileOf(read, receipt.pagePng) : null;
    if (pending.length > 0 && pendingBytes + content.length > RECEIPT_BATCH_BYTES) {
      await flushReceipts();
    }
    pending.push({
      oldId: receipt.id,
      values: {
        fileName: receipt.fileName,
        mimeType: receipt.mimeType,
        sizeBytes: receipt.sizeBytes,
        sha256: receipt.sha256,
        content,
        pagePng,
        // As its schema read it: the fields GET /receipts shows, and nothing else.
        reading: receipt.reading,
        shop: receipt.shop ?? null,
        // Receipts are listed newest first: a restore keeps their order and age.
        createdAt: new Date(receipt.createdAt),
        createdBy: write.authorOf(receipt.createdBy),
        updatedBy: write.authorOf(receipt.updatedBy),
      },
    });
    pendingBytes += content.length + (pagePng?.length ?? 0);
    if (pending.length >= RECEIPT_BATCH) await flushReceipts();
  }
  if (pending.length > 0) await flushReceipts();

  const recurringRepository = createRecurringRepository(tx);
  for (const rule of read.records.recurring) {
    const row = await recurringRepository.insert(
      { householdId, userId },
      {
        name: rule.name,
        category: rule.category,
        amountCents: rule.amountCents,
        isIncome: rule.isIncome,
        frequency: rule.frequency,
        interval: rule.interval,
        startDate: rule.startDate,
        endDate: rule.endDate,
        accountId: mappedOrNull(write.accountIds, rule.accountId),
        note: rule.note,
      },
    );
    // Where the rule had got to: the engine must not record again what the user deleted.
    if (rule.nextDueDate !== rule.startDate) {
      await recurringRepository.setNextDueDate(row.id, rule.nextDueDate);
    }
    write.recurringIds.set(rule.id, row.id);
    counts.recurring++;
  }
}

/**
 * The transactions, read from the zip a second time and written TRANSACTION_BATCH at a time
 * through the transactions service's bulk path; only the new ids of those that parts and files
 * name are kept. Then the split parts.
 */
async function writeTransactions(write: Write, transactions: TransactionsService): Promise<void> {
  const { tx, householdId, userId, read, counts } = write;
  let batch: ExportTransaction[] = [];
  const flush = async () => {
    const ids = newIds(batch.length);
    const created = await transactions.createMany(
      batch.map((transaction, index) => ({
        id: ids[index]!,
        householdId,
        userId,
        createdBy: write.authorOf(transaction.createdBy),
        updatedBy: write.authorOf(transaction.updatedBy),
        accountId: mapped(write.accountIds, transaction.accountId),
        name: transaction.name,
        category: transaction.category,
        costCents: transaction.costCents,
        currency: transaction.currency,
        baseCostCents: transaction.baseCostCents,
        baseCostCurrency: transaction.baseCostCurrency,
        addedOn: transaction.addedOn,
        isIncome: transaction.isIncome,
        note: transaction.note,
        recurringId: mappedOrNull(write.recurringIds, transaction.recurringId),
        receiptId: mappedOrNull(write.receiptIds, transaction.receiptId),
        bankId: transaction.bankId,
        createdAt: transaction.createdAt,
        tags: transaction.tags,
      })),
      { tx },
    );
    // Two occurrences of one recurring rule on one day: the second was skipped.
    if (created !== batch.length) throw damaged('a recurring rule has two occurrences on a day.');
    batch.forEach((transaction, index) => {
      if (read.linked.has(transaction.id)) write.transactionIds.set(transaction.id, ids[index]!);
    });
    counts.transactions += created;
    batch = [];
  };
  for await (const records of read.transactionBatches()) {
    for (const { record } of records) batch.push(record);
    if (batch.length >= TRANSACTION_BATCH) await flush();
  }
  if (batch.length > 0) await flush();

  // Split transactions' parts, after their transactions (read-export checked each split).
  counts.splits = await transactions.restoreSplits(
    householdId,
    userId,
    [...partsByTransaction(read.records.splits)].map(([transactionId, parts]) => ({
      transactionId: mapped(write.transactionIds, transactionId),
      isIncome: read.linked.get(transactionId)?.isIncome === true,
      parts: [...parts]
        .sort((a, b) => a.position - b.position)
        .map((part) => ({
          category: part.category,
          amountCents: part.amountCents,
          note: part.note,
        })),
    })),
    { tx },
  );
}

/** Attached files and transfers, which name transactions and accounts. */
async function writeAttachmentsAndTransfers(write: Write): Promise<void> {
  const { tx, householdId, userId, read, counts } = write;
  const attachmentsRepository = createAttachmentsRepository(tx);
  for (const attachment of read.records.attachments) {
    const content = await fileOf(read, attachment.file, attachment.sizeBytes, attachment.sha256);
    await attachmentsRepository.insert(
      { householdId, userId },
      mapped(write.transactionIds, attachment.transactionId),
      {
        fileName: attachment.fileName,
        mimeType: attachment.mimeType,
        sizeBytes: attachment.sizeBytes,
        sha256: attachment.sha256,
        content,
      },
    );
    counts.attachments++;
  }

  const transfers = await createTransfersRepository(tx).insertMany(
    householdId,
    userId,
    read.records.transfers.map((transfer) => ({
      fromAccountId: mapped(write.accountIds, transfer.fromAccountId),
      toAccountId: mapped(write.accountIds, transfer.toAccountId),
      amountCents: transfer.amountCents,
      toAmountCents: transfer.toAmountCents,
      date: transfer.date,
      toDate: transfer.toDate,
      note: transfer.note,
      fromImportId: null,
      toImportId: null,
      fromBankId: transfer.fromBankId,
      toBankId: transfer.toBankId,
      replaced: null,
    })),
  );
  counts.transfers = transfers.length;
}

/**
 * Rules after the target's own (its new account has none; another may have a few), as many in
 * all as the API lets a user keep; then budgets, goals, saved searches, rates and receipt shops.
 */
async function writeTheRest(write: Write): Promise<void> {
  const { tx, householdId, userId, read, counts } = write;
  const { records } = read;
  const rulesRepository = createRulesRepository(tx);
  const firstPosition = (await rulesRepository.count(householdId)) + 1;
  if (firstPosition - 1 + records.rules.length > MAX_RULES) {
    throw badRequest(
      `The export's ${records.rules.length} rules and the account's ${firstPosition - 1} would be more than the ${MAX_RULES} a user keeps.`,
      ErrorCode.EXPORT_DAMAGED,
    );
  }
  const rules = [...records.rules].sort((a, b) => a.position - b.position);
  for (const [index, rule] of rules.entries()) {
    await rulesRepository.insert(
      { householdId, userId },
      {
        field: rule.field,
        operator: rule.operator,
        value: rule.value,
        isIncome: rule.isIncome,
        category: rule.category,
        rename: rule.rename,
        transferAccountId: mappedOrNull(write.accountIds, rule.transferAccountId),
      },
      firstPosition + index,
    );
    counts.rules++;
  }

  // Budgets a thousand at a time through the budgets' batch writer (a statement's parameters
  // are limited); one the target has for that category and month already stays as it is (not
  // counted). The exported creation time is kept (exports from before it was kept have none: now).
  const budgetsRepository = createBudgetsRepository(tx);
  const budgetValues = records.budgets.map(({ createdAt, ...budget }) => {
    const values: BudgetsToInsert = {
      ...budget,
      rollover: budget.rollover ?? false,
      repeat: budget.repeat ?? false,
      ...(createdAt ? { createdAt: new Date(createdAt) } : {}),
    };
    return values;
  });
  for (let start = 0; start < budgetValues.length; start += BUDGET_BATCH) {
    counts.budgets += await budgetsRepository.insertMissing(
      { householdId, userId },
      budgetValues.slice(start, start + BUDGET_BATCH),
    );
  }

  const goalsRepository = createGoalsRepository(tx);
  for (const goal of records.goals) {
    await goalsRepository.insert(
      { householdId, userId },
      {
        name: goal.name,
        targetCents: goal.targetCents,
        currency: goal.currency,
        targetDate: goal.targetDate,
        accountId: mappedOrNull(write.accountIds, goal.accountId),
        savedCents: goal.savedCents,
      },
    );
    counts.goals++;
  }

  const savedFiltersRepository = createSavedFiltersRepository(tx);
  // Names are unique ignoring case: a file repeating one keeps the first.
  const filterNames = new Set<string>();
  for (const filter of records.savedFilters) {
    if (filterNames.has(filter.name.toLowerCase())) continue;
    filterNames.add(filter.name.toLowerCase());
    await savedFiltersRepository.insert(userId, filter);
    counts.savedFilters++;
  }

  const ratesRepository = createRatesRepository(tx);
  for (const rate of records.rates) {
    await ratesRepository.upsertOwn(householdId, userId, {
      ...rate,
      rate: Number(rate.rate),
    });
    counts.rates++;
  }

  const receiptsRepository = createReceiptsRepository(tx);
  for (const shop of records.receiptShops) {
    await receiptsRepository.teachShop(
      { householdId, userId },
      { header: shop.headerLines, taxId: shop.taxId, phone: shop.phone },
      { merchant: shop.merchant, category: shop.category },
    );
    counts.receiptShops++;
  }
}

/**
 * Writes a read export into the household inside the open transaction `tx`, as `userId`, each
 * entity through its own domain's writer, with new ids mapped from the export's. Returns what it
 * created.
 */
export async function writeExport(
  tx: Executor,
  { householdId, userId }: { householdId: HouseholdId; userId: string },
  read: CheckedExport,
  transactions: TransactionsService,
): Promise<Counts> {
  const counts = Object.fromEntries(EXPORT_ENTITIES.map((entity) => [entity, 0])) as Record<
    ExportEntity,
    number
  >;
  const members = new Set(
    (await createHouseholdsRepository(tx).members(householdId)).map((member) => member.userId),
  );
  const write: Write = {
    tx,
    householdId,
    userId,
    authorOf: (author) =>
      author === undefined ? userId : author !== null && members.has(author) ? author : null,
    read,
    counts,
    accountIds: new Map(),
    receiptIds: new Map(),
    recurringIds: new Map(),
    transactionIds: new Map(),
  };
  await writeAccountsAndCategories(write);
  await writeReceiptsAndRecurring(write);
  await writeTransactions(write, transactions);
  await writeAttachmentsAndTransfers(write);
  await writeTheRest(write);
  return counts;
}
