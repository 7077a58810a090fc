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
import { isForeignKeyViolation, isUniqueViolation } from '../../db/postgres-errors';
import { conflict, notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import type { ActiveHousehold, HouseholdId } from '../households/household-id';
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
 * the household's accounts locked, so that two saves cannot both take the same identifier.
 */
async function assertIdentifiersFree(
  repository: AccountsRepository,
  householdId: HouseholdId,
  identifiers: string[] | undefined,
  exceptId?: string,
): Promise<void> {
  if (!identifiers?.length) return;
  const [taken] = await repository.holdingIdentifiers(householdId, identifiers, exceptId);
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

/** A filter by account must name one of the household's own: another's is a 404. */
export async function assertOwnAccount(
  db: Executor,
  householdId: HouseholdId,
  accountId: string | undefined,
): Promise<void> {
  if (accountId === undefined) return;
  if (!isId(accountId) || !(await createAccountsRepository(db).isOwn(householdId, accountId))) {
    throw accountNotFound();
  }
}

/**
 * Creates an account in the caller's database transaction (the account service's create, and
 * an import's new accounts): its identifiers must be free, its name unique (else a 409).
 */
async function insertAccount(
  tx: Executor,
  householdId: HouseholdId,
  userId: string,
  input: ValidAccountInput,
): Promise<string> {
  const repository = createAccountsRepository(tx);
  if (input.identifiers?.length) await repository.lockAll(householdId);
  await assertIdentifiersFree(repository, householdId, input.identifiers);
  return (
    await uniqueName(input.name, () => repository.insert(householdId, userId, toValues(input)))
  ).id;
}

/**
 * Deletes an account if it holds nothing: no transaction, no transfer, no import, and it is not
 * the household's last. Returns whether it did. For an undone import's new accounts.
 */
async function removeIfEmpty(tx: Executor, householdId: HouseholdId, id: string): Promise<boolean> {
  const repository = createAccountsRepository(tx);
  await repository.lockAll(householdId);
  if (!(await repository.isOwn(householdId, id))) return false;
  if (await repository.holdsAnything(householdId, id)) return false;
  if ((await repository.count(householdId)) <= 1) return false;
  if (await repository.hasImports(householdId, id)) return false;
  return repository.delete(householdId, id);
}

export function createAccountsService(db: Database) {
  const accounts = createAccountsRepository(db);

  async function found(household: ActiveHousehold, id: string): Promise<Account> {
    const row = await accounts.find(household.id, id, household.baseCurrency);
    if (!row) throw accountNotFound();
    return toAccountDto(row);
  }

  return {
    /** Open accounts first, then archived ones; each with its balance. */
    async list(household: ActiveHousehold): Promise<Account[]> {
      return (await accounts.list(household.id, household.baseCurrency)).map(toAccountDto);
    },

    /** The account's transactions and transfers, newest first, a page at a time. */
    async register(
      household: ActiveHousehold,
      id: string,
      query: { page: number; limit: number },
    ): Promise<RegisterPage> {
      if (!isId(id)) throw accountNotFound();
      const account = await accounts.find(household.id, id, household.baseCurrency);
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

    async create(
      household: ActiveHousehold,
      userId: string,
      input: ValidAccountInput,
    ): Promise<Account> {
      const id = await db.transaction((tx) => insertAccount(tx, household.id, userId, input));
      return found(household, id);
    },

    /**
     * The first choice of a base currency at setup: the accounts that hold nothing yet (the one
     * made at sign-up) take it.
     */
    async adoptFirstCurrency(
      tx: Executor,
      householdId: HouseholdId,
      currency: string,
    ): Promise<void> {
      await createAccountsRepository(tx).setEmptyCurrency(householdId, currency);
    },

    /**
     * The account every new household starts with, in its base currency, in the transaction
     * that makes the household; `userId` made it.
     */
    async createDefault(
      tx: Executor,
      userId: string,
      household: { id: HouseholdId; baseCurrency: string },
    ): Promise<void> {
      await createAccountsRepository(tx).insert(household.id, userId, {
        ...DEFAULT_ACCOUNT,
        openingBalanceCents: 0,
        currency: household.baseCurrency,
      });
    },

    /**
     * An import's new account, in the import's database transaction: its identifiers must be
     * free, its name unique (else a 409). Answers its id.
     */
    createImported(
      tx: Executor,
      householdId: HouseholdId,
      userId: string,
      input: ValidAccountInput,
    ): Promise<string> {
      return insertAccount(tx, householdId, userId, input);
    },

    /**
     * The household's untouched default account, which an import of another app's export may
     * take over (default-account-takeover.ts); its accounts stay locked until `tx` ends.
     */
    untouchedDefault(tx: Executor, household: ActiveHousehold): Promise<string | undefined> {
      return untouchedDefaultAccount(tx, household);
    },

    /** Gives the untouched default account `id` the values of an import's new account. */
    async takeOverDefault(
      tx: Executor,
      householdId: HouseholdId,
      id: string,
      input: ValidAccountInput,
    ): Promise<void> {
      await createAccountsRepository(tx).update(householdId, id, toValues(input));
    },

    /** At an import's undo: the default account it took over is the default again, if it can be. */
    restoreDefault(tx: Executor, householdId: HouseholdId, id: string): Promise<boolean> {
      return restoreDefaultAccount(tx, householdId, id);
    },

    /** At an import's undo: deletes an account it created, if that holds nothing. */
    removeIfEmpty(tx: Executor, householdId: HouseholdId, id: string): Promise<boolean> {
      return removeIfEmpty(tx, householdId, id);
    },

    /** Adds to an account's opening balance (an imported app's starting balance, or its undo). */
    async addToOpeningBalance(tx: Executor, householdId: HouseholdId, id: string, cents: number) {
      await createAccountsRepository(tx).addToOpeningBalance(householdId, id, cents);
    },

    /** The currency changes only while the account holds nothing (else 409). */
    async update(
      household: ActiveHousehold,
      id: string,
      input: ValidAccountInput,
    ): Promise<Account> {
      const householdId = household.id;
      if (!isId(id)) throw accountNotFound();
      await db.transaction(async (tx) => {
        const repository = createAccountsRepository(tx);
        // Locked, so that no entry arrives between the "holds nothing" check and the change.
        if (input.identifiers?.length || input.currency) await repository.lockAll(householdId);
        // Another household's account is a 404 before anything about identifiers is said.
        const stored = await repository.currencyOf(householdId, id);
        if (!stored) throw accountNotFound();
        if (
          input.currency &&
          input.currency !== stored &&
          (await repository.holdsAnything(householdId, id))
        ) {
          throw currencyInUse();
        }
        await assertIdentifiersFree(repository, householdId, input.identifiers, id);
        const row = await uniqueName(input.name, () =>
          repository.update(householdId, id, toValues(input)),
        );
        if (!row) throw accountNotFound();
      });
      return found(household, id);
    },

    /**
     * Deletes an empty account that is not the household's last. Its accounts are locked
     * first, so that two deletions cannot each leave the other's account as the last one; a
     * transaction or transfer added meanwhile fails the delete on its foreign key instead.
     */
    async remove(householdId: HouseholdId, id: string): Promise<void> {
      if (!isId(id)) throw accountNotFound();
      await db.transaction(async (tx) => {
        const repository = createAccountsRepository(tx);
        await repository.lockAll(householdId);
        if (!(await repository.isOwn(householdId, id))) throw accountNotFound();
        if (await repository.holdsAnything(householdId, id)) throw accountNotEmpty();
        if ((await repository.count(householdId)) <= 1) {
          throw conflict(
            'This is your only account, and you always need one. Add another account first, or rename this one.',
            ErrorCode.LAST_ACCOUNT,
          );
        }
        try {
          await repository.delete(householdId, id);
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
