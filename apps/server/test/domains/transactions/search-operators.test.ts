// Search operators (docs/api.md, Search) through HTTP on a real PostgreSQL: each operator's
// matches are computed here from the rows, and syntax that is not an operator is plain words.
import type { Transaction } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given, type GivenTransaction } from '../../support/given';
import { allTransactions } from '../../support/ledger-check';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);
let user: SignedUpUser;
let other: SignedUpUser;
let rows: Transaction[];
let visaId: string;

beforeAll(async () => {
  context = await createTestApp();
  user = await signUp(context.app, { setup: true });
  other = await signUp(context.app, { setup: true });
  visaId = (await given.account(context.app, user, { name: 'Visa Gold', type: 'credit' }))._id;
  const seed: GivenTransaction[] = [
    { name: 'Hotel Lisbon', category: 'Travel', cost: 240, addedOn: '2026-01-10', tags: ['trip'] },
    {
      name: 'Train',
      category: 'Transportation',
      cost: 13.99,
      addedOn: '2026-01-11',
      tags: ['Trip'],
    },
    {
      name: 'Dinner',
      category: 'Food',
      cost: 101.5,
      addedOn: '2026-01-12',
      tags: ['trip', 'food'],
      accountId: 'visa',
    },
    { name: 'Groceries', category: 'Food', cost: 100, addedOn: '2026-01-31', note: 'corner shop' },
    { name: 'Coffee 13,99 beans', category: 'Food', cost: 4.5, addedOn: '2026-02-01' },
    { name: 'Rent', category: 'Housing', cost: 900, addedOn: '2026-02-01', note: 'February rent' },
    { name: 'Salary', category: 'Salary', cost: 3000, addedOn: '2026-01-31', isIncome: true },
    { name: 'Books', category: 'Education', cost: 12.5, addedOn: '2026-02-03', accountId: 'visa' },
  ];
  for (const row of seed) {
    await given.transaction(context.app, user, {
      isIncome: false,
      ...row,
      ...(row.accountId ? { accountId: visaId } : {}),
    });
  }
  await given.transaction(context.app, other, {
    name: 'Hotel elsewhere',
    category: 'Travel',
    cost: 500,
    addedOn: '2026-01-10',
    isIncome: false,
    tags: ['trip'],
  });
  rows = await allTransactions(context.app, user);
});
afterAll(async () => {
  await context.close();
});

async function search(query: string, extra = ''): Promise<string[]> {
  const response = await call(
    user,
    'GET',
    `/api/transactions?limit=100&search=${encodeURIComponent(query)}${extra}`,
  );
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  const body = response.json<{ transactions: Transaction[]; total: number }>();
  expect(body.total, query).toBe(body.transactions.length);
  return body.transactions.map((row) => row.name).sort();
}

const names = (predicate: (row: Transaction) => boolean) =>
  rows
    .filter(predicate)
    .map((row) => row.name)
    .sort();
const text = (row: Transaction) =>
  `${row.name}\u001f${row.category}\u001f${row.note ?? ''}`.toLowerCase();
const hasTag = (row: Transaction, tag: string) =>
  row.tags.some((value) => value.toLowerCase() === tag);

describe('search operators', () => {
  it('reads each operator', async () => {
    expect(await search('amount:>100')).toEqual(names((row) => row.cost > 100));
    expect(await search('amount:>=100')).toEqual(names((row) => row.cost >= 100));
    expect(await search('amount:<13')).toEqual(names((row) => row.cost < 13));
    expect(await search('amount:12.50')).toEqual(names((row) => row.cost === 12.5));
    expect(await search('amount:12,50')).toEqual(names((row) => row.cost === 12.5));
    expect(await search('>100')).toEqual(names((row) => row.cost > 100));
    expect(await search('account:visa')).toEqual(names((row) => row.accountId === visaId));
    expect(await search('category:food')).toEqual(names((row) => row.category === 'Food'));
    expect(await search('tag:TRIP')).toEqual(names((row) => hasTag(row, 'trip')));
    expect(await search('before:2026-01-31')).toEqual(names((row) => row.addedOn < '2026-01-31'));
    expect(await search('after:2026-01-31')).toEqual(names((row) => row.addedOn > '2026-01-31'));
    expect(await search('-rent')).toEqual(names((row) => !text(row).includes('rent')));
    expect(await search('"corner shop"')).toEqual(
      names((row) => text(row).includes('corner shop')),
    );
  });

  it('combines operators, words and filters', async () => {
    expect(await search('amount:>100 tag:trip')).toEqual(
      names((row) => row.cost > 100 && hasTag(row, 'trip')),
    );
    expect(await search('amount:>100 category:Food')).toEqual(
      names((row) => row.cost > 100 && row.category === 'Food'),
    );
    expect(await search('amount:>10 amount:<200 -train')).toEqual(
      names((row) => row.cost > 10 && row.cost < 200 && !text(row).includes('train')),
    );
    expect(await search('o amount:<1000', '&isIncome=false')).toEqual(
      names((row) => !row.isIncome && row.cost < 1000 && text(row).includes('o')),
    );
    expect(await search('tag:trip', '&startDate=2026-01-11&endDate=2026-01-12')).toEqual(
      names(
        (row) => hasTag(row, 'trip') && row.addedOn >= '2026-01-11' && row.addedOn <= '2026-01-12',
      ),
    );
    expect(await search('tag:trip', `&accountId=${visaId}`)).toEqual(['Dinner']);
  });

  it('finds 13,99 as an amount and as text, as people type it', async () => {
    expect(await search('13,99')).toEqual(
      names((row) => row.cost === 13.99 || text(row).includes('13,99')),
    );
    expect(await search('13.99')).toEqual(
      names((row) => row.cost === 13.99 || text(row).includes('13.99')),
    );
  });

  it('searches what is not operator syntax as plain words, never a 500', async () => {
    for (const query of [
      'amount:lots',
      'before:yesterday',
      'after:2026-13-45',
      'colour:red',
      '"unclosed',
      'amount:>',
      '-',
      '--',
      'tag:',
      ':',
      '%_\\',
      'amount:99999999999999999999999',
      '""',
      '-""',
    ]) {
      expect(await search(query), query).toEqual(
        names((row) => text(row).includes(query.toLowerCase())),
      );
    }
  });

  it("never finds another user's rows, and keeps a plain search as it was", async () => {
    expect(await search('hotel')).toEqual(['Hotel Lisbon']);
    expect(await search('tag:trip amount:>400')).toEqual([]);
    // The tag filter of the list, and with transfers asked for.
    const listed = await ok<{ total: number }>(
      user,
      'GET',
      '/api/transactions?tag=trip&includeTransfers=true',
    );
    expect(listed.total).toBe(3);
  });

  it('exports what a search with operators finds', async () => {
    const response = await call(
      user,
      'GET',
      `/api/transactions/export?search=${encodeURIComponent('amount:>100 tag:trip')}`,
    );
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split('\n').slice(1);
    expect(lines.map((line) => line.split(',')[2]).sort()).toEqual(
      names((row) => row.cost > 100 && hasTag(row, 'trip')),
    );
  });
});
