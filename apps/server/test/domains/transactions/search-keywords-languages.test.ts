// Search keywords of every language (docs/api.md, Search) through HTTP on a real PostgreSQL: the
// German, French, Spanish, Italian and Japanese keywords find what the English ones find, and the
// English ones keep working.
import type { Transaction } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
const { call } = apiCalls(() => context.app);
let user: SignedUpUser;

beforeAll(async () => {
  context = await createTestApp();
  user = await signUp(context.app, { setup: true });
  const visa = await given.account(context.app, user, {
    name: 'Visa Gold',
    type: 'credit',
  });
  for (const row of [
    { name: 'Bakery', category: 'Groceries', cost: 12.5, addedOn: '2026-01-10', tags: ['home'] },
    { name: 'Shoes', category: 'Shopping', cost: 140, addedOn: '2026-02-10', accountId: visa._id },
    { name: 'Train', category: 'Transportation', cost: 30, addedOn: '2026-03-10' },
  ]) {
    await given.transaction(context.app, user, { isIncome: false, ...row });
  }
});
afterAll(async () => {
  await context.close();
});

async function search(query: string): Promise<string[]> {
  const response = await call(
    user,
    'GET',
    `/api/transactions?limit=100&search=${encodeURIComponent(query)}`,
  );
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response
    .json<{ transactions: Transaction[] }>()
    .transactions.map((row) => row.name)
    .sort();
}

describe('search keywords in every language', () => {
  it.each([
    ['amount:>100', ['Shoes']],
    ['betrag:>100', ['Shoes']],
    ['montant:>100', ['Shoes']],
    ['importe:>100', ['Shoes']],
    ['importo:>100', ['Shoes']],
    ['金額:>100', ['Shoes']],
    ['Kategorie:groceries', ['Bakery']],
    ['catégorie:Groceries', ['Bakery']],
    ['categoría:Groceries', ['Bakery']],
    ['カテゴリ：Groceries', ['Bakery']],
    ['konto:visa', ['Shoes']],
    ['compte:visa', ['Shoes']],
    ['口座:visa', ['Shoes']],
    ['étiquette:home', ['Bakery']],
    ['タグ:home', ['Bakery']],
    ['vor:2026-02-01', ['Bakery']],
    ['avant:2026-02-01', ['Bakery']],
    ['nach:2026-02-10', ['Train']],
    ['después:2026-02-10', ['Train']],
    ['後:2026-02-10', ['Train']],
  ])('%s', async (query, expected) => {
    expect(await search(query)).toEqual(expected);
  });

  it('reads a keyword of no language and a date it cannot read as plain words', async () => {
    expect(await search('farbe:rot')).toEqual([]);
    // The server reads ISO dates only; the web sends a typed date in that form.
    expect(await search('vor:01.02.2026')).toEqual([]);
  });
});
