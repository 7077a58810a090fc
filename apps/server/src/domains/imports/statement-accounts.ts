import {
  ACCOUNT_TYPE_LABELS,
  fromStoredHundredths,
  isCatalogueCurrency,
  toStoredHundredths,
  MAX_ACCOUNT_NAME_LENGTH,
} from '@moneta/shared';
import type { Executor } from '../../db/database';
import type { ImportRecord, StoredImportStatement } from '../../db/schema';
import { createAccountsReader } from '../accounts/accounts-reader';
import type { AccountsService } from '../accounts/accounts-service';
import type { FileStatement } from './reading/file-statement';
import { defaultHouseholdOf } from '../households/default-household';

/**
 * Where each statement of an uploaded file goes (docs/imports-multi-account.md).
 *
 * A file of one account (or a CSV, which names none) goes where it always went: the account
 * chosen at upload, else the one whose identifier the file names, else the first account
 * (`importAccountId`, decided by the upload).
 *
 * A file of several accounts: each statement to the account that carries its identifier, else
 * to the one with its name (ignoring case), each account at most once (identifiers first, then
 * names); the account chosen at upload, if no statement found it, takes the first statement left;
 * the others go to new accounts (null), named `suggestedName`.
 *
 * Another app's export (`byName`) names its accounts: each statement goes to the account of
 * that name or to a new one, even when the file holds one account, and the account chosen at
 * upload takes none (docs/imports-other-apps.md).
 */
export async function statementAccounts(
  db: Executor,
  userId: string,
  file: FileStatement[],
  upload: {
    chosenAccountId: string | undefined;
    importAccountId: string;
    isNamed: boolean;
    byName?: boolean;
  },
): Promise<StoredImportStatement[]> {
  const accounts = await createAccountsReader(db).listForMatching(
    (await defaultHouseholdOf(db, userId)).id,
  );
  const names = new Set(accounts.map((account) => account.name.toLowerCase()));
  const statements: StoredImportStatement[] = (file.length > 0 ? file : [UNNAMED]).map(
    (statement) => ({
      name: statement.name,
      identifier: statement.identifier,
      currency: statement.currency,
      type: statement.type,
      rowCount: statement.rowCount,
      accountId: null,
      matchedBy: null,
      suggestedName: uniqueName(suggestedName(statement), names),
      isCreated: false,
      ...(statement.openingBalanceCents
        ? { openingBalance: fromStoredHundredths(statement.openingBalanceCents) }
        : {}),
    }),
  );
  if (statements.length === 1 && !upload.byName) {
    const only = statements[0]!;
    only.accountId = upload.importAccountId;
    only.matchedBy = upload.chosenAccountId ? 'upload' : upload.isNamed ? 'identifier' : null;
    return statements;
  }
  // Two statements of one account (a CAMT file of two days' statements): the later ones follow
  // the first of them, wherever it goes, so that a re-upload finds every row where it was put.
  const leaderOf = statements.map((statement, index) => {
    const first = statements.findIndex((other) => sameAccount(other, statement));
    return first >= 0 && first < index ? first : index;
  });
  const leaders = statements.filter((_, index) => leaderOf[index] === index);
  const taken = new Set<string>();
  const take = (
    statement: StoredImportStatement,
    id: string,
    by: 'identifier' | 'name' | 'upload',
  ) => {
    statement.accountId = id;
    statement.matchedBy = by;
    taken.add(id);
  };
  // Open accounts come first in the list: an archived one is found only when no open one is.
  for (const statement of leaders) {
    const found = accounts.find(
      (account) =>
        !taken.has(account.id) &&
        statement.identifier !== null &&
        account.identifiers.includes(statement.identifier),
    );
    if (found) take(statement, found.id, 'identifier');
  }
  for (const statement of leaders) {
    if (statement.accountId || !statement.name) continue;
    const name = statement.name.toLowerCase();
    const found = accounts.find(
      (account) => !taken.has(account.id) && account.name.toLowerCase() === name,
    );
    if (found) take(statement, found.id, 'name');
  }
  const chosen = upload.chosenAccountId;
  const left = leaders.find((statement) => !statement.accountId);
  if (chosen && left && !taken.has(chosen) && !upload.byName) take(left, chosen, 'upload');
  for (const [index, leader] of leaderOf.entries()) {
    if (leader === index) continue;
    statements[index]!.accountId = statements[leader]!.accountId;
    statements[index]!.matchedBy = statements[leader]!.matchedBy;
  }
  return statements;
}

/**
 * Two statements of a file are one account's when they carry the same identifier (an IBAN, an
 * account number) and currency: a bank's file of several days' statements.
 */
export function sameAccount(
  a: Pick<StoredImportStatement, 'identifier' | 'currency'>,
  b: Pick<StoredImportStatement, 'identifier' | 'currency'>,
): boolean {
  return a.identifier !== null && a.identifier === b.identifier && a.currency === b.currency;
}

/** A file that names no statement of its own (a CSV): one, of the import's account. */
const UNNAMED: FileStatement = {
  name: null,
  identifier: null,
  currency: null,
  type: 'checking',
  rowCount: 0,
};

/**
 * A new account's name: the file's name for it, else its type, the end of its number and its
 * currency ("Credit card 4417 USD"), as a user would tell two cards apart.
 */
function suggestedName(statement: FileStatement): string {
  if (statement.name) return statement.name;
  const parts = [ACCOUNT_TYPE_LABELS[statement.type], statement.identifier?.slice(-4)];
  if (statement.currency) parts.push(statement.currency);
  return parts.filter(Boolean).join(' ');
}

/** `name`, or `name (2)`, `name (3)`… : account names are unique per user, ignoring case. */
function uniqueName(name: string, used: Set<string>): string {
  const base = name.slice(0, MAX_ACCOUNT_NAME_LENGTH).trim();
  let candidate = base;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    candidate = `${base.slice(0, MAX_ACCOUNT_NAME_LENGTH - suffix.length).trim()}${suffix}`;
  }
  used.add(candidate.toLowerCase());
  return candidate;
}

/** An import's statements; one, of the import's account, for an import from before them. */
export function statementsOf(record: ImportRecord): StoredImportStatement[] {
  if (record.statements.length > 0) return record.statements;
  return [
    {
      name: null,
      identifier: null,
      currency: null,
      type: 'checking',
      rowCount: record.rowCount,
      accountId: record.accountId,
      matchedBy: null,
      suggestedName: '',
      isCreated: false,
    },
  ];
}

/**
 * The currency of each statement's rows (the preview shows each row in it): the file's when
 * Moneta knows it, else the statement's account's; null for an account the commit creates
 * (the base currency).
 */
export async function statementCurrencies(
  executor: Executor,
  record: ImportRecord,
): Promise<Array<string | null>> {
  const householdId = (await defaultHouseholdOf(executor, record.userId)).id;
  const accounts = await createAccountsReader(executor).currencies(householdId);
  return statementsOf(record).map((statement) =>
    statement.currency && isCatalogueCurrency(statement.currency)
      ? statement.currency
      : ((statement.accountId && accounts.get(statement.accountId)) ?? null),
  );
}

/**
 * Adds each statement's opening balance (another app's "Starting Balance") to its account's,
 * through the accounts service in the database transaction `tx`: `sign` 1 at commit, -1 at
 * undo, which takes it back.
 */
export async function applyOpeningBalances(
  tx: Executor,
  accounts: AccountsService,
  userId: string,
  statements: StoredImportStatement[],
  sign: 1 | -1,
): Promise<void> {
  for (const statement of statements) {
    if (!statement.openingBalance || !statement.accountId) continue;
    await accounts.addToOpeningBalance(
      tx,
      (await defaultHouseholdOf(tx, userId)).id,
      statement.accountId,
      sign * toStoredHundredths(statement.openingBalance),
    );
  }
}
