import {
  fromStoredHundredths,
  toStoredHundredths,
  type Transaction,
  type ValidTransactionInput,
  type ValidTransactionUpdate,
} from '@moneta/shared';
import type { TransactionRow } from '../../db/schema';
import { SAME_CURRENCY, type BaseAmount } from './base-amounts-repository';
import type { TransactionValues } from './transactions-repository';
import type { TransferLeg } from './transfer-legs-repository';
import type { SplitPart } from './transaction-splits-repository';

/** What a transfer's leg is called in the list when its transfer has no note. */
const TRANSFER_NAME = 'Transfer';

/**
 * The transaction as the API shows it: decimal `cost`, `_id`, `note` null when empty, its
 * amount in the base currency (`amount`: what createBaseAmountsRepository found for a row in
 * another currency; a row in the base currency needs none), and `splits` only when it has parts
 * (an unsplit transaction's answer is the same as before splits existed).
 */
export function toTransactionDto(
  row: TransactionRow,
  amount: BaseAmount = SAME_CURRENCY,
  splits?: readonly SplitPart[],
): Transaction {
  return {
    _id: row.id,
    name: row.name,
    category: row.category,
    cost: fromStoredHundredths(row.costCents),
    addedOn: row.addedOn,
    isIncome: row.isIncome,
    note: row.note || null,
    recurringId: row.recurringId,
    receiptId: row.receiptId,
    accountId: row.accountId,
    importId: row.importId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    currency: row.currency,
    tags: row.tags,
    ...baseFields(row.costCents, amount),
    ...(splits?.length ? { splits: splits.map(toSplitDto) } : {}),
  };
}

/**
 * The input as the repository stores it (the other way from toTransactionDto): the parts, the
 * currency columns and the links are the writer's to add.
 */
export function toTransactionValues(
  input: ValidTransactionInput | ValidTransactionUpdate,
): TransactionValues {
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

function toSplitDto(part: SplitPart) {
  return {
    category: part.category,
    amount: fromStoredHundredths(part.amountCents),
    note: part.note || null,
  };
}

/** The base-currency fields of an amount of `cents` (its own currency) converted as `amount` says. */
function baseFields(cents: number, amount: BaseAmount) {
  const baseCents = amount.source === 'same' ? cents : amount.baseCents;
  return {
    baseCost: baseCents === null ? null : fromStoredHundredths(baseCents),
    rate: amount.rate,
    rateDate: amount.rateDate,
    rateSource: amount.source,
  };
}

/**
 * Rows as DTOs, each with its base amount from `amounts` and its parts from `splits` (by id)
 * when it has them.
 */
export function toTransactionDtos(
  rows: readonly TransactionRow[],
  amounts: ReadonlyMap<string, BaseAmount>,
  splits: ReadonlyMap<string, readonly SplitPart[]> = new Map(),
): Transaction[] {
  return rows.map((row) => toTransactionDto(row, amounts.get(row.id), splits.get(row.id)));
}

/**
 * A transfer's leg as a row of the list with transfers: the direction it moves money for its
 * account, the transfer's note as its name, no category of its own.
 */
export function toTransferLegDto(leg: TransferLeg): Transaction {
  return {
    _id: `${leg.transferId}:${leg.isIncome ? 'in' : 'out'}`,
    name: leg.note || TRANSFER_NAME,
    category: TRANSFER_NAME,
    cost: fromStoredHundredths(leg.amountCents),
    addedOn: leg.date,
    isIncome: leg.isIncome,
    note: leg.note || null,
    recurringId: null,
    receiptId: null,
    accountId: leg.accountId,
    importId: leg.importId,
    createdAt: leg.createdAt.toISOString(),
    updatedAt: leg.updatedAt.toISOString(),
    isTransfer: true,
    transferId: leg.transferId,
    transferAccountId: leg.otherAccountId,
    currency: leg.currency,
    tags: [],
    ...baseFields(leg.amountCents, leg.baseAmount),
  };
}

/** The list order: newest date first, then the newest made, then by id. */
export function inListOrder(a: Transaction, b: Transaction): number {
  if (a.addedOn !== b.addedOn) return a.addedOn < b.addedOn ? 1 : -1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a._id < b._id ? 1 : a._id > b._id ? -1 : 0;
}
