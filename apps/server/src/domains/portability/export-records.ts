import type { ExportRecords } from '@moneta/shared';
import type { ExportRepository } from './export-repository';

/** A row as the export repository reads it for `method`. */
type RowOf<Method extends keyof ExportRepository> =
  Awaited<ReturnType<ExportRepository[Method]>> extends (infer Row)[] ? Row : never;

// Each table's rows in the export format's shape (format version 1): ids, amounts in integer
// minor units, timestamps as ISO strings.

export const toAccountRecord = (row: RowOf<'accounts'>): ExportRecords['accounts'][number] => ({
  id: row.id,
  name: row.name,
  type: row.type,
  currency: row.currency,
  openingBalanceCents: row.openingBalanceCents,
  isArchived: row.isArchived,
  identifiers: row.identifiers,
  createdAt: row.createdAt.toISOString(),
});

export const toTransactionRecord = (
  row: RowOf<'transactionsPage'>,
): ExportRecords['transactions'][number] => ({
  id: row.id,
  accountId: row.accountId,
  name: row.name,
  category: row.category,
  costCents: row.costCents,
  currency: row.currency,
  baseCostCents: row.baseCostCents,
  baseCostCurrency: row.baseCostCurrency,
  addedOn: row.addedOn,
  isIncome: row.isIncome,
  note: row.note,
  recurringId: row.recurringId,
  receiptId: row.receiptId,
  bankId: row.bankId,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  updatedBy: row.updatedBy,
  tags: row.tags,
});

export const toTransferRecord = (
  row: RowOf<'transfersPage'>,
): ExportRecords['transfers'][number] => ({
  id: row.id,
  fromAccountId: row.fromAccountId,
  toAccountId: row.toAccountId,
  amountCents: row.amountCents,
  toAmountCents: row.toAmountCents,
  date: row.date,
  toDate: row.toDate,
  note: row.note,
  fromBankId: row.fromBankId,
  toBankId: row.toBankId,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  updatedBy: row.updatedBy,
});

export const toBudgetRecord = (row: RowOf<'budgets'>): ExportRecords['budgets'][number] => ({
  category: row.category,
  amountCents: row.amountCents,
  month: row.month,
  year: row.year,
  rollover: row.rollover,
  createdAt: row.createdAt.toISOString(),
  repeat: row.repeat,
});

export const toGoalRecord = (row: RowOf<'goals'>): ExportRecords['goals'][number] => ({
  id: row.id,
  name: row.name,
  targetCents: row.targetCents,
  currency: row.currency,
  targetDate: row.targetDate,
  accountId: row.accountId,
  savedCents: row.savedCents,
  createdAt: row.createdAt.toISOString(),
});

export const toRecurringRecord = (row: RowOf<'recurring'>): ExportRecords['recurring'][number] => ({
  id: row.id,
  name: row.name,
  category: row.category,
  amountCents: row.amountCents,
  isIncome: row.isIncome,
  frequency: row.frequency,
  interval: row.interval,
  startDate: row.startDate,
  endDate: row.endDate,
  nextDueDate: row.nextDueDate,
  accountId: row.accountId,
  note: row.note,
});

export const toRuleRecord = (row: RowOf<'rules'>): ExportRecords['rules'][number] => ({
  id: row.id,
  position: row.position,
  field: row.field,
  operator: row.operator,
  value: row.value,
  isIncome: row.isIncome,
  category: row.category,
  rename: row.rename,
  transferAccountId: row.transferAccountId,
});

export const toRateRecord = (row: RowOf<'rates'>): ExportRecords['rates'][number] => ({
  currency: row.currency,
  baseCurrency: row.baseCurrency,
  date: row.date,
  rate: row.rate,
});

export const toReceiptShopRecord = (
  row: RowOf<'receiptShops'>,
): ExportRecords['receiptShops'][number] => ({
  taxId: row.taxId,
  phone: row.phone,
  headerLines: row.headerLines,
  merchant: row.merchant,
  category: row.category,
});
