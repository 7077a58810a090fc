// Transfers recognised (docs/transfers.md) through HTTP on a real PostgreSQL: bank rows that move
// money between the user's own accounts become transfers in the import (by matching the other
// leg, by the counterparty's account, by a rule, by the user's choice), re-imports see their legs
// as duplicates, undo puts back what was replaced, and recorded transactions can be turned into a
// transfer. Totals are checked against the rows themselves.
//
// Shared by transfers-recognised.test.ts, transfers-from-transactions.test.ts: importing this
// module gives each test file its own app and database, made before its tests and closed after
// them.
import type { Account, Import, ImportRow, Transaction, Transfer } from '@moneta/shared';
import { afterAll, beforeAll } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { uploadImport } from '../../support/import-files';
import { type SignedUpUser, type TestContext, createTestApp } from '../../test-app';

export let context: TestContext;

export const { call, ok } = apiCalls(() => context.app);

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

export async function upload(user: SignedUpUser, accountId: string, csv: string): Promise<Import> {
  const response = await uploadImport(context.app, user, 'statement.csv', Buffer.from(csv), {
    accountId,
  });
  if (response.statusCode !== 201) throw new Error(`upload: ${response.body}`);
  return response.json<Import>();
}

export const commit = (user: SignedUpUser, id: string, body: object = {}) =>
  ok<{ created: number; transfers: number; skippedDuplicates: number }>(
    user,
    'POST',
    `/api/imports/${id}/commit`,
    body,
  );

export const rowsOf = async (user: SignedUpUser, id: string) =>
  (await ok<{ rows: ImportRow[] }>(user, 'GET', `/api/imports/${id}/rows?limit=100`)).rows;

export const transactionsOf = async (user: SignedUpUser) =>
  (await ok<{ transactions: Transaction[] }>(user, 'GET', '/api/transactions?limit=100'))
    .transactions;

export const transfersOf = async (user: SignedUpUser) =>
  (await ok<{ transfers: Transfer[] }>(user, 'GET', '/api/transfers?limit=100')).transfers;

export const balances = async (user: SignedUpUser) =>
  Object.fromEntries(
    (await ok<Account[]>(user, 'GET', '/api/accounts')).map((account) => [
      account.name,
      account.balance,
    ]),
  );

/** The user's Main account and two more: Savings and Card. */
export async function threeAccounts(user: SignedUpUser) {
  const accounts = await ok<Account[]>(user, 'GET', '/api/accounts');
  const main = accounts[0]!;
  const savings = await given.account(context.app, user, {
    name: 'Savings',
    type: 'savings',
    identifiers: ['DE02 1203 0000 0000 2020 51'],
  });
  const card = await given.account(context.app, user, { name: 'Card', type: 'credit' });
  return { main, savings, card };
}

export const CHECKING = [
  'Date,Description,Amount',
  '2026-10-01,Dauerauftrag Sparen,-300.00',
  '2026-10-02,REWE Markt,-2.95',
  '2026-10-05,Kreditkarte Abrechnung,-412.00',
  '2026-10-28,Gehalt,3412.57',
].join('\n');

export const SAVINGS = ['Date,Description,Amount', '2026-10-02,Übertrag vom Girokonto,300.00'].join(
  '\n',
);

export const CARD = [
  'Date,Description,Amount',
  '2026-10-03,Buchhandlung,-19.99',
  '2026-10-06,ZAHLUNG DANKE,412.00',
].join('\n');
