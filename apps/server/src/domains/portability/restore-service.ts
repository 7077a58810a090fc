import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ErrorCode,
  type ExportEntity,
  isBuiltInCategory,
  type RestoreResult,
} from '@moneta/shared';
import type { Database, Executor } from '../../db/database';
import { badRequest, conflict } from '../../http/app-error';
import type { MultipartPart } from '../../http/multipart-upload';
import { newIds } from '../../lib/ids';
import { createAccountsRepository } from '../accounts/accounts-repository';
import { createAttachmentsRepository } from '../attachments/attachments-repository';
import { createBudgetsRepository, type BudgetsToInsert } from '../budgets/budgets-repository';
import { createGoalsRepository } from '../goals/goals-repository';
import { createSavedFiltersRepository } from '../saved-filters/saved-filters-repository';
import { createCategoriesRepository } from '../categories/categories-repository';
import { createRatesRepository } from '../rates/rates-repository';
import { createReceiptsRepository, type NewReceipt } from '../receipts/receipts-repository';
import { createRecurringRepository } from '../recurring/recurring-repository';
import { createRulesRepository } from '../rules/rules-repository';
import type { TransactionsService } from '../transactions/transactions-service';
import { createTransfersRepository } from '../transfers/transfers-repository';
import { createUsersRepository } from '../users/users-repository';
import { createExportRepository } from './export-repository';
import { readExport, type ReadExport } from './read-export';
import { damaged, readZipEntry } from './zip-reader';
import type { FileHandle } from 'node:fs/promises';

/** Transactions per insert statement (one JSON parameter each). */
const TRANSACTION_BATCH = 5000;
/** Receipts per insert statement: at most this many, and their files at most this many bytes. */
const RECEIPT_BATCH = 200;
const RECEIPT_BATCH_BYTES = 16 * 1024 * 1024;
/** Budgets per insert statement (seven parameters each). */
const BUDGET_BATCH = 1000;

const notEmpty = () =>
  conflict(
    'A restore needs an account without transactions or transfers: sign up anew, or delete them first.',
    ErrorCode.RESTORE_TARGET_NOT_EMPTY,
  );

/** Old id → new id; a reference to an id it lacks was refused when the export was read. */
type IdMap = Map<string, string>;
const mapped = (ids: IdMap, id: string) => ids.get(id)!;
const mappedOrNull = (ids: IdMap, id: string | null) => (id ? mapped(ids, id) : null);

/** Streams the part named `file` to a private temporary file; the other parts are skipped. */
async function saveUpload(parts: AsyncIterable<MultipartPart>, path: string): Promise<void> {
  let isSaved = false;
  for await (const part of parts) {
    if (part.kind !== 'file') continue;
    if (part.name !== 'file' || isSaved) {
      part.skip();
      continue;
    }
    await pipeline(Readable.from(part.chunks), createWriteStream(path, { mode: 0o600 }));
    isSaved = true;
  }
  if (!isSaved) {
    throw badRequest('Send the export as the multipart field "file".', ErrorCode.NO_FILE);
  }
}

/** A receipt's file from the zip, checked against the size and SHA-256 its record states. */
async function receiptFile(file: FileHandle, read: ReadExport, path: string, sha256?: string) {
  const bytes = await readZipEntry(file, read.entries.get(path)!);
  if (sha256 && createHash('sha256').update(bytes).digest('hex') !== sha256) {
    throw damaged(`${path} does not match its SHA-256.`);
  }
  return bytes;
}

/**
 * Writes a read export for `userId` inside the open transaction `tx`, each entity through its
 * own domain's writer, with new ids mapped from the export's. Returns what it created.
 */
async function writeExport(
  tx: Executor,
  userId: string,
  read: ReadExport,
  file: FileHandle,
  transactionsService: TransactionsService,
): Promise<RestoreResult['counts']> {
  const { records, manifest } = read;
  const counts = Object.fromEntries(Object.keys(records).map((entity) => [entity, 0])) as Record<
    ExportEntity,
    number
  >;
  // The settings come with the data: amounts of the base currency stay in it.
  await createUsersRepository(tx).update(userId, {
    isSetupComplete: true,
    defaultCurrency: manifest.baseCurrency,
    timeZone: manifest.timeZone,
    ...(manifest.locale ? { locale: manifest.locale } : {}),
  });

  // Accounts: one of the same name (the new account's empty "Main") takes the exported one's
  // place; the others are created.
  const accountsRepository = createAccountsRepository(tx);
  const existing = new Map(
    [...(await accountsRepository.names(userId))].map(([id, name]) => [name.toLowerCase(), id]),
  );
  const accountIds: IdMap = new Map();
  for (const account of records.accounts) {
    const values = {
      name: account.name,
      type: account.type,
      currency: account.currency,
      openingBalanceCents: account.openingBalanceCents,
      isArchived: account.isArchived,
      identifiers: account.identifiers,
    };
    const sameName = existing.get(account.name.toLowerCase());
    const row = sameName
      ? await accountsRepository.update(userId, sameName, values)
      : await accountsRepository.insert(userId, values);
    accountIds.set(account.id, row!.id);
    counts.accounts++;
  }

  // Custom categories are stored; a built-in one's record only says that it is hidden.
  const categoriesRepository = createCategoriesRepository(tx);
  const custom = records.categories.filter(
    (category) => !isBuiltInCategory(category.name, category.isIncome),
  );
  if (custom.length > 0) {
    await categoriesRepository.addMany(
      custom.map((category) => ({ userId, name: category.name, isIncome: category.isIncome })),
    );
  }
  for (const category of records.categories) {
    if (category.hidden) {
      await categoriesRepository.setHidden(
        { userId, name: category.name, isIncome: category.isIncome },
        true,
      );
    }
  }
  counts.categories = records.categories.length;

  // Receipts a batch at a time (one insert statement each, not one per receipt), the files read
  // from the zip as the batch fills and let go once it is written.
  const receiptsRepository = createReceiptsRepository(tx);
  const receiptIds: IdMap = new Map();
  let pending: Array<{ oldId: string; values: NewReceipt }> = [];
  let pendingBytes = 0;
  const flushReceipts = async () => {
    const ids = await receiptsRepository.insertMany(
      userId,
      pending.map((receipt) => receipt.values),
    );
    pending.forEach((receipt, index) => receiptIds.set(receipt.oldId, ids[index]!));
    counts.receipts += ids.length;
    pending = [];
    pendingBytes = 0;
  };
  for (const receipt of records.receipts) {
    const content = await receiptFile(file, read, receipt.file, receipt.sha256);
    if (content.length !== receipt.sizeBytes) throw damaged(`${receipt.file} is not its size.`);
    const pagePng = receipt.pagePng ? await receiptFile(file, read, receipt.pagePng) : null;
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
        reading: receipt.reading ?? {},
        shop: receipt.shop ?? null,
        // Receipts are listed newest first: a restore keeps their order and age.
        createdAt: new Date(receipt.createdAt),
      },
    });
    pendingBytes += content.length + (pagePng?.length ?? 0);
    if (pending.length >= RECEIPT_BATCH) await flushReceipts();
  }
  if (pending.length > 0) await flushReceipts();

  const recurringRepository = createRecurringRepository(tx);
  const recurringIds: IdMap = new Map();
  for (const rule of records.recurring) {
    const row = await recurringRepository.insert(userId, {
      name: rule.name,
      category: rule.category,
      amountCents: rule.amountCents,
      isIncome: rule.isIncome,
      frequency: rule.frequency,
      interval: rule.interval,
      startDate: rule.startDate,
      endDate: rule.endDate,
      accountId: mappedOrNull(accountIds, rule.accountId),
      note: rule.note,
    });
    // Where the rule had got to: the engine must not record again what the user deleted.
    if (rule.nextDueDate !== rule.startDate) {
      await recurringRepository.setNextDueDate(row.id, rule.nextDueDate);
    }
    recurringIds.set(rule.id, row.id);
    counts.recurring++;
  }

  const transactionIds: IdMap = new Map();
  for (let start = 0; start < records.transactions.length; start += TRANSACTION_BATCH) {
    const batch = records.transactions.slice(start, start + TRANSACTION_BATCH);
    const ids = newIds(batch.length);
    batch.forEach((transaction, index) => transactionIds.set(transaction.id, ids[index]!));
    const created = await transactionsService.createMany(
      batch.map((transaction, index) => ({
        id: ids[index]!,
        userId,
        accountId: mapped(accountIds, transaction.accountId),
        name: transaction.name,
        category: transaction.category,
        costCents: transaction.costCents,
        currency: transaction.currency,
        baseCostCents: transaction.baseCostCents,
        baseCostCurrency: transaction.baseCostCurrency,
        addedOn: transaction.addedOn,
        isIncome: transaction.isIncome,
        note: transaction.note,
        recurringId: mappedOrNull(recurringIds, transaction.recurringId),
        receiptId: mappedOrNull(receiptIds, transaction.receiptId),
        bankId: transaction.bankId,
        createdAt: transaction.createdAt,
        tags: transaction.tags,
      })),
      { tx },
    );
    // Two occurrences of one recurring rule on one day: the second was skipped.
    if (created !== batch.length) throw damaged('a recurring rule has two occurrences on a day.');
    counts.transactions += created;
  }

  // Split transactions' parts, after their transactions (read-export checked each split).
  const kindOf = new Map(records.transactions.map((t) => [t.id, t.isIncome]));
  const partsOf = new Map<string, typeof records.splits>();
  for (const part of records.splits) {
    partsOf.set(part.transactionId, [...(partsOf.get(part.transactionId) ?? []), part]);
  }
  counts.splits = await transactionsService.restoreSplits(
    userId,
    [...partsOf].map(([transactionId, parts]) => ({
      transactionId: mapped(transactionIds, transactionId),
      isIncome: kindOf.get(transactionId) === true,
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

  const attachmentsRepository = createAttachmentsRepository(tx);
  for (const attachment of records.attachments) {
    const content = await receiptFile(file, read, attachment.file, attachment.sha256);
    if (content.length !== attachment.sizeBytes) {
      throw damaged(`${attachment.file} is not its size.`);
    }
    await attachmentsRepository.insert(userId, mapped(transactionIds, attachment.transactionId), {
      fileName: attachment.fileName,
      mimeType: attachment.mimeType,
      sizeBytes: attachment.sizeBytes,
      sha256: attachment.sha256,
      content,
    });
    counts.attachments++;
  }

  const transfers = await createTransfersRepository(tx).insertMany(
    userId,
    records.transfers.map((transfer) => ({
      fromAccountId: mapped(accountIds, transfer.fromAccountId),
      toAccountId: mapped(accountIds, transfer.toAccountId),
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

  // Rules after the target's own (its new account has none; another may have a few).
  const rulesRepository = createRulesRepository(tx);
  const firstPosition = (await rulesRepository.count(userId)) + 1;
  const rules = [...records.rules].sort((a, b) => a.position - b.position);
  for (const [index, rule] of rules.entries()) {
    await rulesRepository.insert(
      userId,
      {
        field: rule.field,
        operator: rule.operator,
        value: rule.value,
        isIncome: rule.isIncome,
        category: rule.category,
        rename: rule.rename,
        transferAccountId: mappedOrNull(accountIds, rule.transferAccountId),
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
      userId,
      budgetValues.slice(start, start + BUDGET_BATCH),
    );
  }

  const goalsRepository = createGoalsRepository(tx);
  for (const goal of records.goals) {
    await goalsRepository.insert(userId, {
      name: goal.name,
      targetCents: goal.targetCents,
      currency: goal.currency,
      targetDate: goal.targetDate,
      accountId: mappedOrNull(accountIds, goal.accountId),
      savedCents: goal.savedCents,
    });
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
    await ratesRepository.upsertOwn(userId, { ...rate, rate: Number(rate.rate) });
    counts.rates++;
  }

  for (const shop of records.receiptShops) {
    await receiptsRepository.teachShop(
      userId,
      { header: shop.headerLines, taxId: shop.taxId, phone: shop.phone },
      { merchant: shop.merchant, category: shop.category },
    );
    counts.receiptShops++;
  }
  return counts;
}

/**
 * Restores a Moneta export into the signed-in user's account (docs/export-format.md), all or
 * nothing: the zip is saved to a temporary file, read and checked whole, then written in one
 * database transaction. The account must hold no transactions or transfers (409), checked before
 * the upload is read and again under lock.
 */
export function createRestoreService(
  db: Database,
  dependencies: {
    transactions: TransactionsService;
    /** Forgets a remembered user whose settings the restore changed (recent-users.ts). */
    forgetUser: (id: string) => void;
  },
) {
  return {
    async restore(userId: string, parts: AsyncIterable<MultipartPart>): Promise<RestoreResult> {
      if (await createExportRepository(db).holdsLedger(userId)) throw notEmpty();
      const directory = await mkdtemp(join(tmpdir(), 'moneta-restore-'));
      try {
        const path = join(directory, 'export.zip');
        await saveUpload(parts, path);
        const file = await open(path, 'r');
        try {
          const read = await readExport(file);
          const counts = await db.transaction(async (tx) => {
            await createAccountsRepository(tx).lockAll(userId);
            if (await createExportRepository(tx).holdsLedger(userId)) throw notEmpty();
            return writeExport(tx, userId, read, file, dependencies.transactions);
          });
          dependencies.forgetUser(userId);
          return { formatVersion: read.manifest.version, counts };
        } finally {
          await file.close();
        }
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  };
}

export type RestoreService = ReturnType<typeof createRestoreService>;
