// Other apps' CSV exports (docs/imports-other-apps.md) through HTTP on a real
// PostgreSQL: a YNAB register, an Actual Budget export, a Mint export and a Firefly III export,
// each written to its app's format as that app's code and documentation define it. Each is
// recognised by its header and read without a mapping: one statement per account it names
// (matched by name or created), categories kept, signs right, transfers made one transfer,
// splits kept as one split transaction with its parts. Expected figures are worked out by hand from
// the files.
//
// Shared by imports-other-apps.test.ts, imports-other-apps-splits.test.ts: importing this module
// gives each test file its own app and database, made before its tests and closed after them.
import type {
  Account,
  Import,
  ImportCommitResult,
  ImportRow,
  Transaction,
  Transfer,
} from '@moneta/shared';
import { afterAll, beforeAll } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { importFixture, uploadImport } from '../../support/import-files';
import { type SignedUpUser, type TestContext, createTestApp } from '../../test-app';

export let context: TestContext;

export const { call, ok } = apiCalls(() => context.app);

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

export const fixture = (name: string) => importFixture(`other-apps/${name}`);

export async function upload(
  user: SignedUpUser,
  name: string,
  bytes = fixture(name),
): Promise<Import> {
  const response = await uploadImport(context.app, user, name, bytes);
  if (response.statusCode !== 201) throw new Error(`upload ${name}: ${response.body}`);
  return response.json<Import>();
}

export const commit = (user: SignedUpUser, id: string, body: object = {}) =>
  ok<ImportCommitResult>(user, 'POST', `/api/imports/${id}/commit`, body);

export const rowsOf = async (user: SignedUpUser, id: string) =>
  (await ok<{ rows: ImportRow[] }>(user, 'GET', `/api/imports/${id}/rows?limit=100`)).rows;

export const accountsOf = (user: SignedUpUser) => ok<Account[]>(user, 'GET', '/api/accounts');

export const transactionsOf = async (user: SignedUpUser) =>
  (await ok<{ transactions: Transaction[] }>(user, 'GET', '/api/transactions?limit=100'))
    .transactions;

export const transfersOf = async (user: SignedUpUser) =>
  (await ok<{ transfers: Transfer[] }>(user, 'GET', '/api/transfers?limit=100')).transfers;

/** Each statement as the preview shows it: name, rows, currency, and whether it is new. */
export const statementsOf = (imported: Import) =>
  imported.statements.map((statement) => ({
    name: statement.name,
    rowCount: statement.rowCount,
    currency: statement.currency,
    isNew: statement.accountId === null,
  }));

/** Each account's transactions as "date name signed-amount [category]", sorted. */
export async function ledger(user: SignedUpUser) {
  const accounts = await accountsOf(user);
  const transactions = await transactionsOf(user);
  return Object.fromEntries(
    accounts
      .map((account) => [
        account.name,
        transactions
          .filter((transaction) => transaction.accountId === account._id)
          .map(
            (transaction) =>
              `${transaction.addedOn} ${transaction.name} ${transaction.isIncome ? '' : '-'}${transaction.cost} [${transaction.category}]`,
          )
          .sort(),
      ])
      .filter(([, rows]) => rows!.length > 0),
  );
}

/** Each transfer as "from → to amount date", by account names. */
export async function transfersByName(user: SignedUpUser) {
  const accounts = await accountsOf(user);
  const name = (id: string) => accounts.find((account) => account._id === id)?.name;
  return (await transfersOf(user))
    .map(
      (transfer) =>
        `${name(transfer.fromAccountId)} → ${name(transfer.toAccountId)} ${transfer.amount} ${transfer.date}`,
    )
    .sort();
}

/** The sum of an account's transactions and transfers, in cents (a balance without opening). */
export async function movementCents(user: SignedUpUser, accountName: string): Promise<number> {
  const account = (await accountsOf(user)).find((candidate) => candidate.name === accountName)!;
  let cents = 0;
  for (const transaction of await transactionsOf(user)) {
    if (transaction.accountId !== account._id) continue;
    cents += Math.round(transaction.cost * 100) * (transaction.isIncome ? 1 : -1);
  }
  for (const transfer of await transfersOf(user)) {
    if (transfer.fromAccountId === account._id) cents -= Math.round(transfer.amount * 100);
    if (transfer.toAccountId === account._id) cents += Math.round(transfer.toAmount * 100);
  }
  return cents;
}
