// Split transactions as searches, the CSV export and reports read them.
import type { Transaction } from '@moneta/shared';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test-app';
import { call, context, create, market } from './splits-setup';

describe('the category filter and the list’s counts', () => {
  it('finds a split transaction by any part’s category, and counts each transaction once', async () => {
    const user = await signUp(context.app, { setup: true });
    const split = await create(user, market());
    const coffee = await create(user, market({ splits: undefined, name: 'Coffee', cost: 3 }));
    const fun = await create(
      user,
      market({ splits: undefined, name: 'Cinema', category: 'Fun', cost: 12 }),
    );
    await create(
      user,
      market({ splits: undefined, name: 'Pay', category: 'Salary', cost: 99, isIncome: true }),
    );
    const page = async (query: string) => {
      const response = await call(user, 'GET', `/api/transactions?limit=50&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ transactions: Transaction[]; total: number }>();
      return { ids: body.transactions.map((t) => t._id).sort(), total: body.total };
    };
    expect(await page('')).toMatchObject({ total: 4 });
    expect(await page('isIncome=false')).toEqual({
      ids: [split._id, coffee._id, fun._id].sort(),
      total: 3,
    });
    expect(await page('category=Household')).toEqual({ ids: [split._id], total: 1 });
    expect(await page('category=Food')).toEqual({
      ids: [split._id, coffee._id].sort(),
      total: 2,
    });
    expect(await page('category=Household&search=market')).toEqual({ ids: [split._id], total: 1 });
    expect(await page('category=Fun&isIncome=false')).toEqual({ ids: [fun._id], total: 1 });
  });
});

describe('the category: search operator', () => {
  it('finds a split transaction by any part’s category, ignoring case, like the filter', async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    const split = await create(user, market());
    const coffee = await create(user, market({ splits: undefined, name: 'Coffee', cost: 3 }));
    await create(user, market({ splits: undefined, name: 'Lamp', category: 'Shopping', cost: 30 }));
    // Another user's part of the same category must not bring their transaction, nor ours.
    await create(other, market());
    const rows = (await call(user, 'GET', '/api/transactions?limit=50')).json<{
      transactions: Transaction[];
    }>().transactions;
    // Expected: the rows whose own category or any part's is the word, computed from the answers.
    const inCategory = (name: string) =>
      rows
        .filter(
          (row) =>
            row.category.toLowerCase() === name ||
            row.splits?.some((part) => part.category.toLowerCase() === name),
        )
        .map((row) => row._id)
        .sort();
    const search = async (text: string) => {
      const response = await call(
        user,
        'GET',
        `/api/transactions?limit=50&search=${encodeURIComponent(text)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ transactions: Transaction[]; total: number }>();
      return { ids: body.transactions.map((t) => t._id).sort(), total: body.total };
    };
    expect(inCategory('household')).toEqual([split._id]);
    expect(await search('category:household')).toEqual({ ids: [split._id], total: 1 });
    expect(await search('category:FOOD')).toEqual({
      ids: inCategory('food'),
      total: 2,
    });
    expect(inCategory('food')).toEqual([split._id, coffee._id].sort());
    expect(await search('category:household amount:>80')).toEqual({ ids: [split._id], total: 1 });
    expect(await search('category:household market')).toEqual({ ids: [split._id], total: 1 });
    expect(await search('category:household -market')).toEqual({ ids: [], total: 0 });
    // The filter and the operator agree.
    const filtered = (
      await call(user, 'GET', '/api/transactions?limit=50&category=Household')
    ).json<{ transactions: Transaction[] }>();
    expect(filtered.transactions.map((t) => t._id)).toEqual([split._id]);
  });
});

describe('the CSV export', () => {
  it('writes a split transaction as one row per part, tied by Split, in base too', async () => {
    const user = await signUp(context.app, { setup: true });
    await create(user, market({ note: 'saturday' }));
    await create(
      user,
      market({ splits: undefined, name: 'Bread', cost: 2, addedOn: '2026-03-09' }),
    );
    // A split in euros with a bank charge of 50.00 USD: each part takes its share.
    await create(
      user,
      market({
        name: 'Paris',
        cost: 40,
        currency: 'EUR',
        baseCost: 50,
        addedOn: '2026-03-08',
        splits: [
          { category: 'Food', amount: 30 },
          { category: 'Fun', amount: 10 },
        ],
      }),
    );
    // A split in pounds at the user's rate of the day: each part converted and rounded alone.
    await call(user, 'PUT', '/api/rates', { currency: 'GBP', date: '2026-03-07', rate: 1.25 });
    await create(
      user,
      market({
        name: 'London',
        cost: 10.01,
        currency: 'GBP',
        addedOn: '2026-03-07',
        splits: [
          { category: 'Fun', amount: 3.33 },
          { category: 'Food', amount: 6.68 },
        ],
      }),
    );
    const response = await call(user, 'GET', '/api/transactions/export');
    expect(response.statusCode).toBe(200);
    const rows = parse(response.rawPayload, { bom: true, columns: true }) as Array<
      Record<string, string>
    >;
    const pick = (row: Record<string, string>) => [
      row.Date,
      row.Name,
      row.Category,
      row.Amount,
      row.Note,
      row.Currency,
      row['Base amount'],
      row.Split,
    ];
    // Shares of the 50.00 charge: 50 × 30/40 and 50 × 10/40.
    expect(rows.map(pick)).toEqual([
      ['2026-03-10', 'Market', 'Household', '20.00', 'saturday', 'USD', '20.00', '1/3'],
      ['2026-03-10', 'Market', 'Food', '60.00', 'week', 'USD', '60.00', '2/3'],
      ['2026-03-10', 'Market', 'Food', '4.50', 'saturday', 'USD', '4.50', '3/3'],
      ['2026-03-09', 'Bread', 'Food', '2.00', '', 'USD', '2.00', ''],
      ['2026-03-08', 'Paris', 'Food', '30.00', '', 'EUR', ((50 * 30) / 40).toFixed(2), '1/2'],
      ['2026-03-08', 'Paris', 'Fun', '10.00', '', 'EUR', ((50 * 10) / 40).toFixed(2), '2/2'],
      // 3.33 × 1.25 = 4.1625 and 6.68 × 1.25 = 8.35.
      ['2026-03-07', 'London', 'Fun', '3.33', '', 'GBP', '4.16', '1/2'],
      ['2026-03-07', 'London', 'Food', '6.68', '', 'GBP', '8.35', '2/2'],
    ]);
    // The parts of a transaction add up to it: a spreadsheet's sum is the ledger's.
    const sum = rows
      .filter((row) => row.Name === 'Market')
      .reduce((total, row) => total + Math.round(Number(row.Amount) * 100), 0);
    expect(sum).toBe(8450);
  });
});

describe('reports of one account', () => {
  it('give each part its own category', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await create(user, market({ addedOn: '2026-03-10' }));
    const report = (
      await call(
        user,
        'GET',
        `/api/reports/categories?from=2026-03-01&to=2026-03-31&isIncome=false&accountId=${created.accountId}`,
      )
    ).json();
    expect(
      report.categories.map((c: { name: string; total: number }) => [c.name, c.total]).sort(),
    ).toEqual([
      ['Food', 64.5],
      ['Household', 20],
    ]);
    const cashflow = (
      await call(
        user,
        'GET',
        `/api/reports/cashflow?from=2026-03-01&to=2026-03-31&accountId=${created.accountId}`,
      )
    ).json();
    expect(cashflow.periods[0]).toMatchObject({ expense: 84.5 });
  });
});
