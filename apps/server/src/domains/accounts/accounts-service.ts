import {
  DEFAULT_ACCOUNT,
  ErrorCode,
  fromStoredHundredths,
  toStoredHundredths,
  type Account,
  type RegisterPage,
  type ValidAccountInput,
} from '@moneta/shared';
import type { Database, Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/postgres-errors';
import { conflict, notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { toAccountDto } from './account-dto';
import { restoreDefaultAccount, untouchedDefaultAccount } from './default-account-takeover';
import {
  createAccountsRepository,
  type AccountsRepository,
  type AccountValues,
} from './accounts-repository';

export const accountNotFound = () => notFound('Account not found.', ErrorCode.ACCOUNT_NOT_FOUND);

const nameTaken = (name: string) =>
  conflict(`You already have an account named "${name}".`, ErrorCode.ACCOUNT_NAME_TAKEN);

function toValues(input: ValidAccountInput): AccountValues {
  return {
    name: input.name,
    type: input.type,
    openingBalanceCents: toStoredHundredths(input.openingBalance),
    ...(input.isArchived === undefined ? {} : { isArchived: input.isArchived }),
    ...(input.identifiers === undefined ? {} : { identifiers: input.identifiers }),
    ...(input.currency === undefined ? {} : { currency: input.currency }),
  };
}

const currencyInUse = () =>
  conflict(
    "This account already holds transactions or transfers, so its currency can't change. Add a new account in the other currency instead.",
    ErrorCode.ACCOUNT_CURRENCY_IN_USE,
  );

/**
 * An identifier names one account: a bank file that names it must have one home. Checked with
 * the user's accounts locked, so that two saves cannot both take the same identifier.
 */
async function assertIdentifiersFree(
  repository: AccountsRepository,
  userId: string,
  identifiers: string[] | undefined,
  exceptId?: string,
): Promise<void> {
  if (!identifiers?.length) return;
  const [taken] = await repository.holdingIdentifiers(userId, identifiers, exceptId);
  if (taken) {
    throw conflict(
      `The identifier ${taken.identifier} belongs to your account "${taken.name}" already.`,
      ErrorCode.ACCOUNT_IDENTIFIER_TAKEN,
    );
  }
}

/** Turns a duplicate name (ignoring case) into a 409 that names it. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'accounts_household_name_key')) throw nameTaken(name);
    throw error;
  }
}

/** A filter by account must name one of the user's own: someone else's is a 404. */
export async function assertOwnAccount(
  db: Executor,
  userId: string,
  accountId: string | undefined,
): Promise<void> {
  if (accountId === undefined) return;
  if (!isId(accountId) || !(await createAccountsRepository(db).isOwn(userId, accountId))) {
    throw accountNotFound();
  }
}

/** Who reads: balances are also shown in their base currency. */
type Reader = Pick<UserRow, 'id' | 'defaultCurrency'>;
/**
 * Creates an account in the caller's database transaction (the account service's create, and
 * an import's new accounts): its identifiers must be free, its name unique (else a 409).
 */
async function insertAccount(
  tx: Executor,
  userId: string,
  input: ValidAccountInput,
): Promise<string> {
  const repository = createAccountsRepository(tx);
  if (input.identifiers?.length) await repository.lockAll(userId);
  await assertIdentifiersFree(repository, userId, input.identifiers);
  return (await uniqueName(input.name, () => repository.insert(userId, toValues(input)))).id;
}

/**
 * Deletes an account if it holds nothing: no transaction, no transfer, no import, and it is not
 * the user's last. Returns whether it did. For an undone import's new accounts.
 */
async function removeIfEmpty(tx: Executor, userId: string, id: string): Promise<boolean> {
  const repository = createAccountsRepository(tx);
  await repository.lockAll(userId);
  if (!(await repository.isOwn(userId, id)) || (await repository.holdsAnything(id))) return false;
  if ((await repository.count(userId)) <= 1 || (await repository.hasImports(userId, id)))
    return false;
  return repository.delete(userId, id);
}

export function createAccountsService(db: Database) {
  const accounts = createAccountsRepository(db);

  async function found(reader: Reader, id: string): Promise<Account> {
    const row = await accounts.find(reader.id, id, reader.defaultCurrency);
    if (!row) throw accountNotFound();
    return toAccountDto(row);
  }

  return {
    /** Open accounts first, then archived ones; each with its balance. */
    async list(reader: Reader): Promise<Account[]> {
      return (await accounts.list(reader.id, reader.defaultCurrency)).map(toAccountDto);
    },

    /** The account's transactions and transfers, newest first, a page at a time. */
    async register(
      reader: Reader,
      id: string,
      query: { page: number; limit: number },
    ): Promise<RegisterPage> {
      if (!isId(id)) throw accountNotFound();
      const account = await accounts.find(reader.id, id, reader.defaultCurrency);
      if (!account) throw accountNotFound();
      const rows = await accounts.register(account, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const total = account.transactionCount + account.transferCount;
      return {
        entries: rows.map((row) => ({
          kind: row.kind,
          _id: row.id,
          date: row.date,
          name: row.name,
          category: row.category,
          amount: fromStoredHundredths(row.amountCents),
          currency: row.currency,
          note: row.note || null,
          otherAccountId: row.otherAccountId,
          balance: fromStoredHundredths(Number(row.balanceCents)),
        })),
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
        currentPage: query.page,
        total,
      };
    },

    async create(reader: Reader, input: ValidAccountInput): Promise<Account> {
      const id = await db.transaction((tx) => insertAccount(tx, reader.id, input));
      return found(reader, id);
    },

    /**
     * The first choice of a base currency at setup: the accounts that hold nothing yet (the one
     * made at sign-up) take it.
     */
    async adoptFirstCurrency(tx: Executor, userId: string, currency: string): Promise<void> {
      await createAccountsRepository(tx).setEmptyCurrency(userId, currency);
    },

    /**
     * The account every new household starts with, in the transaction that makes the
     * household (a sign-up's personal one: in the user's base currency).
     */
    async createDefault(
      tx: Executor,
      userId: string,
      household?: { id: string; baseCurrency: string },
    ): Promise<void> {
      await createAccountsRepository(tx).insert(userId, {
        ...DEFAULT_ACCOUNT,
        openingBalanceCents: 0,
        ...(household ? { householdId: household.id, currency: household.baseCurrency } : {}),
      });
    },

    /**
     * An import's new account, in the import's database transaction: its identifiers must be
     * free, its name unique (else a 409). Answers its id.
     */
    createImported(tx: Executor, userId: string, input: ValidAccountInput): Promise<string> {
      return insertAccount(tx, userId, input);
    },

    /**
     * The user's untouched default account, which an import of another app's export may take
     * over (default-account-takeover.ts); the user's accounts stay locked until `tx` ends.
     */
    untouchedDefault(tx: Executor, user: Reader): Promise<string | undefined> {
      return untouchedDefaultAccount(tx, user);
    },

    /** Gives the untouched default account `id` the values of an import's new account. */
    async takeOverDefault(
      tx: Executor,
      userId: string,
      id: string,
      input: ValidAccountInput,
    ): Promise<void> {
      await createAccountsRepository(tx).update(userId, id, toValues(input));
    },

    /** At an import's undo: the default account it took over is the default again, if it can be. */
    restoreDefault(tx: Executor, userId: string, id: string): Promise<boolean> {
      return restoreDefaultAccount(tx, userId, id);
    },

    /** At an import's undo: deletes an account it created, if that holds nothing. */
    removeIfEmpty(tx: Executor, userId: string, id: string): Promise<boolean> {
      return removeIfEmpty(tx, userId, id);
    },

    /** Adds to an account's opening balance (an imported app's starting balance, or its undo). */
    async addToOpeningBalance(tx: Executor, userId: string, id: string, cents: number) {
      await createAccountsRepository(tx).addToOpeningBalance(userId, id, cents);
    },

    /** The currency changes only while the account holds nothing (else 409). */
    async update(reader: Reader, id: string, input: ValidAccountInput): Promise<Account> {
      const userId = reader.id;
      if (!isId(id)) throw accountNotFound();
      await db.transaction(async (tx) => {
        const repository = createAccountsRepository(tx);
        // Locked, so that no entry arrives between the "holds nothing" check and the change.
        if (input.identifiers?.length || input.currency) await repository.lockAll(userId);
        // Someone else's account is a 404 before anything about identifiers is said.
        const stored = await repository.currencyOf(userId, id);
        if (!stored) throw accountNotFound();
        if (input.currency && input.currency !== stored && (await repository.holdsAnything(id))) {
          throw currencyInUse();
        }
        await assertIdentifiersFree(repository, userId, input.identifiers, id);
        const row = await uniqueName(input.name, () =>
          repository.update(userId, id, toValues(input)),
        );
        if (!row) throw accountNotFound();
      });
      return found(reader, id);
    },

    /**
     * Deletes an empty account that is not the user's last. The user's accounts are locked
     * first, so that two deletions cannot each leave the other's account as the last one; a
     * transaction or transfer added meanwhile fails the delete on its foreign key instead.
     */
    async remove(userId: string, id: string): Promise<void> {
      if (!isId(id)) throw accountNotFound();
      await db.transaction(async (tx) => {
        const repository = createAccountsRepository(tx);
        await repository.lockAll(userId);
        if (!(await repository.isOwn(userId, id))) throw accountNotFound();
        if (await repository.holdsAnything(id)) throw accountNotEmpty();
        if ((await repository.count(userId)) <= 1) {
          throw conflict(
            'This is your only account, and you always need one. Add another account first, or rename this one.',
            ErrorCode.LAST_ACCOUNT,
          );
        }
        try {
          await repository.delete(userId, id);
        } catch (error) {
          if (isReferencedViolation(error)) throw accountNotEmpty();
          throw error;
        }
      });
    },
  };
}

function accountNotEmpty() {
  return conflict(
    'This account still holds transactions or transfers. Move or delete them first, or archive the account to hide it.',
    ErrorCode.ACCOUNT_NOT_EMPTY,
  );
}

function isReferencedViolation(error: unknown): boolean {
  return ['transactions_account_fk', 'transfers_from_account_fk', 'transfers_to_account_fk'].some(
    (constraint) => isForeignKeyViolation(error, constraint),
  );
}

export type AccountsService = ReturnType<typeof createAccountsService>;
