import {
  ACCOUNT_MESSAGES,
  ErrorCode,
  toStoredHundredths,
  type Transfer,
  type TransferPage,
  type ValidTransferInput,
} from '@moneta/shared';
import type { Database, Executor } from '../../db/database';
import type { TransferRow } from '../../db/schema';
import { isForeignKeyViolation } from '../../db/postgres-errors';
import { badRequest, notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { createAccountsReader } from '../accounts/accounts-reader';
import { accountNotFound, assertOwnAccount } from '../accounts/accounts-service';
import { assertCurrencyDecimals } from '../rates/currency-rules';
import { createRatesReader, type RatesReader } from '../rates/rates-reader';
import { adoptBankDates } from './bank-dates-repository';
import type { ImportedTransferRow } from './imported-transfer-row';
import { toTransferDto } from './transfer-dto';
import {
  existingOtherLeg,
  convertedTooLarge,
  isStorable,
  legOf,
  transferOfLegs,
  transferOfTwo,
  transferToAccount,
} from './transfer-legs';
import type {
  TransactionSnapshot,
  TransactionsService,
} from '../transactions/transactions-service';
import {
  createTransfersRepository,
  type TransferFromRows,
  type TransferValues,
} from './transfers-repository';
import type { HouseholdId } from '../households/household-id';

const transferNotFound = () => notFound('Transfer not found.', ErrorCode.TRANSFER_NOT_FOUND);

function toValues(input: ValidTransferInput): TransferValues {
  return {
    fromAccountId: input.fromAccountId,
    toAccountId: input.toAccountId,
    amountCents: toStoredHundredths(input.amount),
    date: input.date,
    // The same day twice is stored as none; undefined (an update without it) keeps the stored.
    toDate: input.toDate === input.date ? null : input.toDate,
    note: input.note,
  };
}

/**
 * What arrives in the other account, in its currency (docs/currencies.md): between accounts of
 * one currency nothing (the amount sent; a different `toAmount` is a 400); else `toAmount` when
 * given, or the amount converted at the day's rate (a 400 without one). Each amount has no more
 * decimals than its currency. An account that is not the household's is a 404.
 */
async function amountReceived(
  tx: Executor,
  householdId: HouseholdId,
  input: ValidTransferInput,
): Promise<{ toAmountCents: number | null; currencies: Map<string, string> }> {
  if (!isId(input.fromAccountId) || !isId(input.toAccountId)) throw accountNotFound();
  const currencies = await createAccountsReader(tx).currencies(householdId);
  const from = currencies.get(input.fromAccountId);
  const to = currencies.get(input.toAccountId);
  if (!from || !to) throw accountNotFound();
  assertCurrencyDecimals(input.amount, from, 'The amount');
  if (from === to) {
    if (input.toAmount != null && input.toAmount !== input.amount) {
      throw badRequest(
        `Both accounts are in ${from}: the amount received is the amount sent.`,
        ErrorCode.VALIDATION,
      );
    }
    return { toAmountCents: null, currencies };
  }
  if (input.toAmount != null) {
    assertCurrencyDecimals(input.toAmount, to, 'The amount received');
    return { toAmountCents: toStoredHundredths(input.toAmount), currencies };
  }
  const converted = await createRatesReader(tx).convert(
    householdId,
    toStoredHundredths(input.amount),
    from,
    to,
    input.date,
  );
  if (converted === undefined) {
    throw badRequest(
      `No exchange rate from ${from} to ${to} is known for ${input.date}: enter the amount received (toAmount).`,
      ErrorCode.VALIDATION,
    );
  }
  if (!isStorable(converted)) {
    throw convertedTooLarge(from, to, 'enter the amount received (toAmount).');
  }
  return { toAmountCents: converted, currencies };
}

/**
 * The (household, account) foreign keys refuse an account that is not the household's: that is
 * a 404, like any other id of another household's.
 */
async function inOwnAccounts<T>(input: ValidTransferInput, write: () => Promise<T>): Promise<T> {
  if (!isId(input.fromAccountId) || !isId(input.toAccountId)) throw accountNotFound();
  return inOwnRows(write);
}

/** A write whose accounts, if not the household's, are refused by the foreign keys: a 404. */
async function inOwnRows<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (
      isForeignKeyViolation(error, 'transfers_from_account_fk') ||
      isForeignKeyViolation(error, 'transfers_to_account_fk')
    ) {
      throw accountNotFound();
    }
    throw error;
  }
}

/**
 * An imported transfer row's amount in the other account's currency at the row's day's rate;
 * undefined when both accounts share a currency, or no rate is known for the day (the row's own
 * amount then stands for both legs, as before transfers carried two amounts).
 */
async function amountInOtherAccount(
  rates: RatesReader,
  currencies: Map<string, string>,
  householdId: HouseholdId,
  row: ImportedTransferRow,
): Promise<number | undefined> {
  const own = currencies.get(row.accountId);
  const other = currencies.get(row.transferAccountId);
  if (!own || !other || own === other) return undefined;
  const converted = await rates.convert(householdId, row.amountCents, own, other, row.date);
  // Past the largest amount (a rate far from any real one): as without a rate.
  return converted !== undefined && isStorable(converted) ? converted : undefined;
}

/** A transfer's origins without one side's: its import, bank id and replaced transaction. */
function forgetSide(transfer: TransferRow, side: 'from' | 'to') {
  const account = side === 'from' ? transfer.fromAccountId : transfer.toAccountId;
  const replaced = (transfer.replaced ?? []).filter((snapshot) => snapshot.account_id !== account);
  return {
    fromImportId: side === 'from' ? null : transfer.fromImportId,
    toImportId: side === 'to' ? null : transfer.toImportId,
    fromBankId: side === 'from' ? null : transfer.fromBankId,
    toBankId: side === 'to' ? null : transfer.toBankId,
    replaced: replaced.length > 0 ? replaced : null,
  };
}

export function createTransfersService(db: Database, transactions: TransactionsService) {
  const transfers = createTransfersRepository(db);

  /**
   * What undoing an import does to the transfers with a leg from it (docs/transfers.md): the
   * leg goes. When the other leg was a transaction the transfer replaced, the transfer goes and
   * that transaction comes back; when the other leg is another import's bank row, the transfer
   * stays (that statement says the money moved) without this import's trace; when the other
   * leg has no row of its own, the transfer goes.
   */
  async function undoImport(
    tx: Executor,
    householdId: HouseholdId,
    importId: string,
  ): Promise<number> {
    const scoped = createTransfersRepository(tx);
    const gone: string[] = [];
    const restore: TransactionSnapshot[] = [];
    for (const transfer of await scoped.withLegFrom(householdId, importId)) {
      const replaced = transfer.replaced ?? [];
      const fromHere = (snapshot: Record<string, unknown>) => snapshot.import_id === importId;
      const otherSide: 'from' | 'to' = transfer.fromImportId === importId ? 'to' : 'from';
      const otherAccount = otherSide === 'to' ? transfer.toAccountId : transfer.fromAccountId;
      const otherSnapshot = replaced.find(
        (snapshot) => snapshot.account_id === otherAccount && !fromHere(snapshot),
      ) as TransactionSnapshot | undefined;
      const otherImport = otherSide === 'to' ? transfer.toImportId : transfer.fromImportId;
      if (otherSnapshot) {
        gone.push(transfer.id);
        restore.push(otherSnapshot);
      } else if (otherImport && otherImport !== importId) {
        await scoped.setOrigins(
          householdId,
          transfer.id,
          forgetSide(transfer, otherSide === 'to' ? 'from' : 'to'),
        );
      } else {
        gone.push(transfer.id);
      }
    }
    const deleted = await scoped.deleteMany(householdId, gone);
    await transactions.restore(restore, { tx });
    return deleted;
  }

  return {
    undoImport,

    /** An import's duplicates of transfer legs give those legs their bank's dates (adoptBankDates). */
    async adoptBankDates(
      tx: Executor,
      householdId: HouseholdId,
      scope: { importId: string; firstRow: number },
    ): Promise<number> {
      return adoptBankDates(tx, householdId, scope);
    },

    /**
     * Records an import's transfer rows (docs/transfers.md), each from its account's statement:
     * out of it for an expense row, into it for an income row. A row with `matchOf` takes that
     * transaction out of the ledger as the transfer's other leg; one with `otherLeg` has it in
     * the same file, in the import's household, by `userId`. Returns how many were recorded.
     */
    async recordImported(
      tx: Executor,
      householdId: HouseholdId,
      userId: string,
      importId: string,
      rows: ImportedTransferRow[],
    ): Promise<number> {
      if (rows.length === 0) return 0;
      const taken = await transactions.takeForTransfer(
        householdId,
        rows.flatMap((row) => (row.matchOf ? [row.matchOf] : [])),
        { tx },
      );
      const byId = new Map(taken.map((snapshot) => [snapshot.id, snapshot]));
      const currencies = await createAccountsReader(tx).currencies(householdId);
      const rates = createRatesReader(tx);
      const values: TransferFromRows[] = [];
      for (const row of rows) {
        const own = { accountId: row.accountId, date: row.date, importId, bankId: row.bankId };
        const matched = row.matchOf ? byId.get(row.matchOf) : undefined;
        const otherLeg = row.otherLeg;
        const other = matched
          ? legOf(matched)
          : otherLeg
            ? {
                accountId: row.transferAccountId,
                importId,
                date: otherLeg.date,
                bankId: otherLeg.bankId,
              }
            : { accountId: row.transferAccountId, date: row.date, importId: null, bankId: null };
        const note = row.note ?? (row.name || null);
        // Each leg keeps its own amount in its account's currency (docs/currencies.md): the
        // other leg's as booked (another statement of the file, or the matched transaction),
        // else this amount at the day's rate, as POST /transfers fills in `toAmount`.
        const otherCents = matched
          ? Number(matched.cost_cents)
          : (otherLeg?.amountCents ??
            (await amountInOtherAccount(rates, currencies, householdId, row)) ??
            row.amountCents);
        const [outCents, inCents] = row.isIncome
          ? [otherCents, row.amountCents]
          : [row.amountCents, otherCents];
        const legs = row.isIncome
          ? transferOfLegs(other, own, outCents, note, matched ? [matched] : [])
          : transferOfLegs(own, other, outCents, note, matched ? [matched] : []);
        values.push({ ...legs, toAmountCents: inCents === outCents ? null : inCents });
      }
      const inserted = await inOwnRows(() =>
        createTransfersRepository(tx).insertMany(householdId, userId, values),
      );
      return inserted.length;
    },

    /**
     * Turns existing transactions into one transfer (docs/transfers.md): an expense and an income
     * of the same amount in two different accounts, or one transaction and the other account.
     * The transactions are gone; the transfer keeps their dates, note and import links.
     */
    async fromTransactions(
      householdId: HouseholdId,
      userId: string,
      input: { transactionIds: string[]; accountId?: string | undefined },
    ): Promise<Transfer> {
      return db.transaction(async (tx) => {
        const taken = await transactions.takeForTransfer(householdId, input.transactionIds, {
          tx,
        });
        if (taken.length !== new Set(input.transactionIds).size) {
          throw notFound(
            'Some of the selected transactions were not found.',
            ErrorCode.TRANSACTION_NOT_FOUND,
          );
        }
        let values: TransferFromRows;
        if (taken.length === 2) {
          values = transferOfTwo(taken);
        } else {
          const [only] = taken as [TransactionSnapshot];
          const other = input.accountId!;
          if (!isId(other)) throw accountNotFound();
          if (other === only.account_id) {
            throw badRequest(ACCOUNT_MESSAGES.sameAccount, ErrorCode.TRANSFER_LEGS_INVALID);
          }
          // The other account's own row of this movement, when it has one, is the other leg:
          // never a second leg written beside it (docs/transfers.md).
          const existing = await existingOtherLeg(tx, householdId, only, other);
          values = existing
            ? transferOfTwo([
                only,
                ...(await transactions.takeForTransfer(householdId, [existing], { tx })),
              ])
            : await transferToAccount(tx, householdId, only, other);
        }
        const [row] = await inOwnRows(() =>
          createTransfersRepository(tx).insertMany(householdId, userId, [values]),
        );
        return toTransferDto(row!, await createAccountsReader(tx).currencies(householdId));
      });
    },

    async list(
      householdId: HouseholdId,
      query: { accountId?: string | undefined; page: number; limit: number },
    ): Promise<TransferPage> {
      await assertOwnAccount(db, householdId, query.accountId);
      const { rows, total } = await transfers.page(householdId, query.accountId, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const currencies = await createAccountsReader(db).currencies(householdId);
      return {
        transfers: rows.map((row) => toTransferDto(row, currencies)),
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
        currentPage: query.page,
        total,
      };
    },

    /** A transfer `userId` makes in the household's books. */
    async create(
      householdId: HouseholdId,
      userId: string,
      input: ValidTransferInput,
    ): Promise<Transfer> {
      const { toAmountCents, currencies } = await amountReceived(db, householdId, input);
      const row = await inOwnAccounts(input, () =>
        transfers.insert(householdId, userId, { ...toValues(input), toAmountCents }),
      );
      return toTransferDto(row, currencies);
    },

    async update(
      householdId: HouseholdId,
      userId: string,
      id: string,
      input: ValidTransferInput,
    ): Promise<Transfer> {
      if (!isId(id)) throw transferNotFound();
      const { toAmountCents, currencies } = await amountReceived(db, householdId, input);
      const row = await inOwnAccounts(input, () =>
        transfers.update(householdId, userId, id, { ...toValues(input), toAmountCents }),
      );
      if (!row) throw transferNotFound();
      return toTransferDto(row, currencies);
    },

    async remove(householdId: HouseholdId, id: string): Promise<void> {
      if (!isId(id) || !(await transfers.delete(householdId, id))) throw transferNotFound();
    },
  };
}

export type TransfersService = ReturnType<typeof createTransfersService>;
