// Currencies (docs/currencies.md) through HTTP on real PostgreSQL, with the ECB's history
// read through the real download path from a local HTTP server: accounts and transactions in
// their own currency, every total converted at each row's own day's rate — checked against sums
// computed here from the ECB file itself, not from the server's answers.
//
// Shared by currencies.test.ts, currencies-transfers-and-imports.test.ts: importing this module
// gives each test file its own app and database, made before its tests and closed after them.
import { afterAll, beforeAll, expect } from 'vitest';
import { createRatesLoader } from '../../../src/domains/rates/rates-loader';
import { apiCalls } from '../../support/api-calls';
import type { GivenTransaction } from '../../support/given';
import { type RatesFileServer, startRatesFileServer } from '../../support/rates-server';
import { type SignedUpUser, type TestContext, createTestApp, signUp } from '../../test-app';

export let context: TestContext;

export let files: RatesFileServer;

export const { call, ok } = apiCalls(() => context.app);

export const cents = (values: number[]) =>
  Math.round(values.reduce((sum, value) => sum + value * 100, 0));

export interface AccountDto {
  _id: string;
  name: string;
  currency: string;
  balance: number;
  baseBalance: number | null;
  rateDate: string | null;
}

export interface TransactionDto {
  _id: string;
  cost: number;
  currency: string;
  baseCost: number | null;
  rate: number | null;
  rateDate: string | null;
  rateSource: string;
}

export async function newUser(base: string): Promise<SignedUpUser> {
  const user = await signUp(context.app);
  await ok(user, 'PUT', '/api/auth/setup', { defaultCurrency: base });
  return user;
}

export const expense = <Fields extends Partial<GivenTransaction>>(fields: Fields) => ({
  name: 'Shop',
  category: 'Food',
  isIncome: false,
  ...fields,
});

beforeAll(async () => {
  files = await startRatesFileServer();
  context = await createTestApp();
  const loaded = await createRatesLoader(context.database.db, {
    url: files.url('eurofxref-hist.zip'),
    logger: { info: () => undefined, warn: () => undefined },
  }).load();
  expect(loaded).toMatchObject({ status: 'loaded', newest: '2026-04-13' });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await files?.close();
});
