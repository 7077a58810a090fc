// Reports (docs/reports.md) through HTTP on real PostgreSQL with the ECB's history loaded:
// every figure checked against sums computed here from the seeded rows and the ECB file itself
// (transfers excluded, foreign rows at their day's rate, periods with nothing present as zeros),
// the CSVs against the JSON, and the bad inputs.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRatesLoader } from '../../../src/domains/rates/rates-loader';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { converted, ecbDayOf, sumOf } from '../../support/ecb-history';
import { startRatesFileServer, type RatesFileServer } from '../../support/rates-server';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
let files: RatesFileServer;
const { call, ok } = apiCalls(() => context.app);

interface Seeded {
  account: 'main' | 'card' | 'old';
  currency: string;
  name: string;
  category: string;
  cost: number;
  addedOn: string;
  isIncome: boolean;
}

/** The rows seeded, as this test knows them: the truth every report is checked against. */
const ROWS: Seeded[] = [
  {
    account: 'main',
    currency: 'EUR',
    name: 'REWE Markt',
    category: 'Food',
    cost: 10,
    addedOn: '2026-01-05',
    isIncome: false,
  },
  {
    account: 'main',
    currency: 'EUR',
    name: 'rewe markt',
    category: 'Food',
    cost: 5.5,
    addedOn: '2026-01-20',
    isIncome: false,
  },
  {
    account: 'main',
    currency: 'EUR',
    name: 'Employer',
    category: 'Salary',
    cost: 1000,
    addedOn: '2026-01-30',
    isIncome: true,
  },
  // A Saturday: Friday's rate.
  {
    account: 'card',
    currency: 'USD',
    name: 'Amazon',
    category: 'Shopping',
    cost: 30,
    addedOn: '2026-02-14',
    isIncome: false,
  },
  {
    account: 'card',
    currency: 'USD',
    name: 'REWE Markt',
    category: 'Food',
    cost: 12.34,
    addedOn: '2026-03-10',
    isIncome: false,
  },
  {
    account: 'main',
    currency: 'EUR',
    name: 'Employer',
    category: 'Salary',
    cost: 1000,
    addedOn: '2026-03-31',
    isIncome: true,
  },
  {
    account: 'main',
    currency: 'EUR',
    name: 'Landlord',
    category: 'Bills',
    cost: 700,
    addedOn: '2026-03-01',
    isIncome: false,
  },
  // Paid in dollars from the euro account: it moves that account's balance at its day's rate.
  {
    account: 'main',
    currency: 'USD',
    name: 'Hotel',
    category: 'Travel',
    cost: 20,
    addedOn: '2026-03-16',
    isIncome: false,
  },
  // The Cypriot pound left the ECB's list in 2008: no rate, never converted at 1.
  {
    account: 'old',
    currency: 'CYP',
    name: 'Kiosk',
    category: 'Food',
    cost: 3,
    addedOn: '2026-02-02',
    isIncome: false,
  },
];
const OPENING = { main: 200, card: 0, old: 0 };
/** Money moved between the two accounts: never income or expense. */
const TRANSFER = { amount: 100, toAmount: 115.5, date: '2026-02-01' };

/** A seeded row in euros at its own day's rate (null: no rate within 7 days). */
function inEuro(row: Seeded): number | null {
  const day = ecbDayOf(row.currency, row.addedOn, 7);
  return day ? converted(row.cost, row.currency, 'EUR', day) : null;
}

const inMonth = (row: Seeded, month: string) => row.addedOn.startsWith(month);

let user: SignedUpUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  files = await startRatesFileServer();
  context = await createTestApp();
  const loaded = await createRatesLoader(context.database.db, {
    url: files.url('eurofxref-hist.zip'),
    logger: { info: () => undefined, warn: () => undefined },
  }).load();
  expect(loaded).toMatchObject({ status: 'loaded' });

  user = await signUp(context.app);
  await ok(user, 'PUT', '/api/auth/setup', { defaultCurrency: 'EUR' });
  const [main] = await ok<Array<{ _id: string }>>(user, 'GET', '/api/accounts');
  await ok(user, 'PUT', `/api/accounts/${main!._id}`, {
    name: 'Main',
    type: 'checking',
    openingBalance: OPENING.main,
  });
  ids.main = main!._id;
  ids.card = (
    await given.account(context.app, user, {
      name: 'Card',
      type: 'credit',
      currency: 'USD',
    })
  )._id;
  ids.old = (
    await given.account(context.app, user, {
      name: 'Nicosia',
      type: 'cash',
      currency: 'CYP',
    })
  )._id;
  for (const row of ROWS) {
    await given.transaction(context.app, user, {
      name: row.name,
      category: row.category,
      cost: row.cost,
      currency: row.currency,
      addedOn: row.addedOn,
      isIncome: row.isIncome,
      accountId: ids[row.account],
    });
  }
  await given.transfer(context.app, user, {
    fromAccountId: ids.main,
    toAccountId: ids.card,
    amount: TRANSFER.amount,
    toAmount: TRANSFER.toAmount,
    date: TRANSFER.date,
  });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await files?.close();
});

const RANGE = 'from=2026-01-01&to=2026-04-30';
const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04'];
const MONTH_ENDS = ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'];

describe('GET /api/reports/cashflow', () => {
  it('answers every month, zeros included, in euros at each row’s rate, transfers left out', async () => {
    const report = await ok<{
      periods: Array<{ start: string; end: string; income: number; expense: number; net: number }>;
      unconverted: number;
    }>(user, 'GET', `/api/reports/cashflow?${RANGE}&interval=month`);
    const expected = MONTHS.map((month, index) => {
      const rows = ROWS.filter((row) => inMonth(row, month) && inEuro(row) !== null);
      const income = sumOf(rows.filter((row) => row.isIncome).map((row) => inEuro(row)!));
      const expense = sumOf(rows.filter((row) => !row.isIncome).map((row) => inEuro(row)!));
      return {
        start: `${month}-01`,
        end: MONTH_ENDS[index],
        income,
        expense,
        net: sumOf([income, -expense]),
      };
    });
    expect(report.periods).toEqual(expected);
    expect(report.periods[3]).toMatchObject({ income: 0, expense: 0, net: 0 });
    expect(report.unconverted).toBe(1);

    const csv = parse(
      (await call(user, 'GET', `/api/reports/cashflow?${RANGE}&format=csv`)).rawPayload,
      {
        bom: true,
      },
    ) as string[][];
    expect(csv[0]).toEqual(['Start', 'End', 'Income', 'Expense', 'Net']);
    expect(csv.slice(1)).toEqual(
      expected.map((period) => [
        period.start,
        period.end,
        period.income.toFixed(2),
        period.expense.toFixed(2),
        period.net.toFixed(2),
      ]),
    );
  });

  it('cuts quarters to the range, and filters by account', async () => {
    const quarters = await ok<{ periods: Array<{ start: string; end: string; expense: number }> }>(
      user,
      'GET',
      '/api/reports/cashflow?from=2026-01-15&to=2026-05-10&interval=quarter',
    );
    const q1 = ROWS.filter(
      (row) => row.addedOn >= '2026-01-15' && row.addedOn <= '2026-03-31' && inEuro(row) !== null,
    );
    const income = sumOf(q1.filter((row) => row.isIncome).map((row) => inEuro(row)!));
    const expense = sumOf(q1.filter((row) => !row.isIncome).map((row) => inEuro(row)!));
    expect(income).toBe(2000);
    expect(quarters.periods).toEqual([
      { start: '2026-01-15', end: '2026-03-31', income, expense, net: sumOf([income, -expense]) },
      { start: '2026-04-01', end: '2026-05-10', income: 0, expense: 0, net: 0 },
    ]);

    const card = await ok<{ periods: Array<{ expense: number }> }>(
      user,
      'GET',
      `/api/reports/cashflow?${RANGE}&accountId=${ids.card}`,
    );
    expect(card.periods.map((period) => period.expense)).toEqual(
      MONTHS.map((month) =>
        sumOf(
          ROWS.filter((row) => row.account === 'card' && inMonth(row, month)).map((row) =>
            inEuro(row)!,
          ),
        ),
      ),
    );
  });
});

describe('GET /api/reports/categories', () => {
  it('gives each category its monthly totals, total and average, largest first', async () => {
    const report = await ok<{
      periods: Array<{ start: string; end: string }>;
      categories: Array<{ name: string; totals: number[]; total: number; average: number }>;
      unconverted: number;
    }>(user, 'GET', `/api/reports/categories?${RANGE}&isIncome=false`);
    expect(report.periods).toHaveLength(4);
    const names = [
      ...new Set(
        ROWS.filter((row) => !row.isIncome && inEuro(row) !== null).map((row) => row.category),
      ),
    ];
    const expected = names
      .map((name) => {
        const totals = MONTHS.map((month) =>
          sumOf(
            ROWS.filter(
              (row) =>
                !row.isIncome &&
                row.category === name &&
                inMonth(row, month) &&
                inEuro(row) !== null,
            ).map((row) => inEuro(row)!),
          ),
        );
        const total = sumOf(totals);
        return { name, totals, total, average: Math.round((total * 100) / 4) / 100 };
      })
      .sort((a, b) => b.total - a.total);
    expect(report.categories).toEqual(expected);
    expect(report.unconverted).toBe(1);

    const income = await ok<{ categories: Array<{ name: string; total: number }> }>(
      user,
      'GET',
      `/api/reports/categories?${RANGE}&isIncome=true`,
    );
    expect(income.categories).toEqual([expect.objectContaining({ name: 'Salary', total: 2000 })]);

    const csv = parse(
      (await call(user, 'GET', `/api/reports/categories?${RANGE}&format=csv`)).rawPayload,
      {
        bom: true,
      },
    ) as string[][];
    expect(csv[0]).toEqual([
      'Category',
      ...MONTHS.map((month) => `${month}-01`),
      'Total',
      'Average',
    ]);
    expect(csv[1]).toEqual([
      expected[0]!.name,
      ...expected[0]!.totals.map((total) => total.toFixed(2)),
      expected[0]!.total.toFixed(2),
      expected[0]!.average.toFixed(2),
    ]);
  });
});

describe('GET /api/reports/net-worth', () => {
  it('gives each account’s balance at every month end, in euros at that day’s latest rate', async () => {
    const report = await ok<{
      points: Array<{
        date: string;
        total: number;
        accounts: Array<{ accountId: string; balance: number; baseBalance: number | null }>;
      }>;
    }>(user, 'GET', `/api/reports/net-worth?${RANGE}`);
    const currencies = { main: 'EUR', card: 'USD', old: 'CYP' } as const;
    const balanceAt = (account: 'main' | 'card' | 'old', day: string) => {
      const moves = ROWS.filter((row) => row.account === account && row.addedOn <= day).map(
        (row) => {
          // A row in another currency than its account's, in the account's at its own day.
          const cost =
            row.currency === currencies[account]
              ? row.cost
              : converted(
                  row.cost,
                  row.currency,
                  currencies[account],
                  ecbDayOf(row.currency, row.addedOn, 7)!,
                );
          return row.isIncome ? cost : -cost;
        },
      );
      if (account === 'main' && TRANSFER.date <= day) moves.push(-TRANSFER.amount);
      if (account === 'card' && TRANSFER.date <= day) moves.push(TRANSFER.toAmount);
      return sumOf([OPENING[account], ...moves]);
    };
    const expected = MONTH_ENDS.map((day) => {
      const accounts = (['main', 'card', 'old'] as const).map((account) => {
        const balance = balanceAt(account, day);
        const rateDay = ecbDayOf(currencies[account], day);
        return {
          accountId: ids[account]!,
          balance,
          baseBalance: rateDay ? converted(balance, currencies[account], 'EUR', rateDay) : null,
        };
      });
      return {
        date: day,
        total: sumOf(accounts.map((account) => account.baseBalance ?? 0)),
        accounts,
      };
    });
    expect(report.points).toEqual(expected);
    // The Cypriot pound's last ECB rate (2007) still converts a balance "then", whatever its age.
    expect(expected[3]!.accounts[2]!.baseBalance).not.toBeNull();

    const csv = parse(
      (await call(user, 'GET', `/api/reports/net-worth?${RANGE}&format=csv`)).rawPayload,
      {
        bom: true,
        columns: true,
      },
    ) as Array<Record<string, string>>;
    expect(
      csv.find((row) => row.Date === '2026-04-30' && row.Account === 'Total')!['Base balance'],
    ).toBe(expected[3]!.total.toFixed(2));
    expect(csv.find((row) => row.Date === '2026-02-28' && row.Account === 'Card')!.Balance).toBe(
      expected[1]!.accounts[1]!.balance.toFixed(2),
    );
  });
});

describe('GET /api/reports/payees', () => {
  it('adds up each payee by its normalised name, largest first', async () => {
    const report = await ok<{
      payees: Array<{ name: string; total: number; count: number }>;
      unconverted: number;
    }>(user, 'GET', `/api/reports/payees?${RANGE}&isIncome=false&limit=2`);
    const rewe = ROWS.filter((row) => row.name.toLowerCase() === 'rewe markt');
    expect(report.payees).toEqual([
      { name: 'Landlord', total: 700, count: 1 },
      { name: 'REWE Markt', total: sumOf(rewe.map((row) => inEuro(row)!)), count: 3 },
    ]);
    expect(report.unconverted).toBe(1);
    const csv = parse(
      (await call(user, 'GET', `/api/reports/payees?${RANGE}&format=csv&limit=2`)).rawPayload,
      {
        bom: true,
      },
    ) as string[][];
    expect(csv).toEqual([
      ['Payee', 'Total', 'Count'],
      ['Landlord', '700.00', '1'],
      ['REWE Markt', sumOf(rewe.map((row) => inEuro(row)!)).toFixed(2), '3'],
    ]);
  });
});

describe('GET /api/reports/payees over ranges that cut months', () => {
  // The whole months come from kept monthly sums, the edge days and foreign rows from the rows:
  // every range must give what its rows add up to, whichever way it cuts the months.
  it.each([
    ['2026-01-10', '2026-03-05'],
    ['2026-01-06', '2026-01-30'],
    ['2026-02-01', '2026-03-31'],
    ['2025-12-15', '2026-04-10'],
    ['2026-03-10', '2026-03-10'],
  ])('from %s to %s', async (from, to) => {
    const report = await ok<{
      payees: Array<{ name: string; total: number; count: number }>;
      unconverted: number;
    }>(user, 'GET', `/api/reports/payees?from=${from}&to=${to}&isIncome=false&limit=50`);
    const inRange = ROWS.filter((row) => !row.isIncome && row.addedOn >= from && row.addedOn <= to);
    const byPayee = new Map<string, Seeded[]>();
    for (const row of inRange) {
      const key = row.name.toLowerCase();
      byPayee.set(key, [...(byPayee.get(key) ?? []), row]);
    }
    const expected = [...byPayee.entries()]
      .map(([key, rows]) => {
        const converted = rows.map(inEuro).filter((cost): cost is number => cost !== null);
        return { key, total: sumOf(converted), count: converted.length };
      })
      .filter((payee) => payee.count > 0)
      .sort((a, b) => b.total - a.total);
    expect(
      report.payees.map((payee) => ({
        key: payee.name.toLowerCase(),
        total: payee.total,
        count: payee.count,
      })),
    ).toEqual(expected);
    expect(report.unconverted).toBe(inRange.filter((row) => inEuro(row) === null).length);
    expect(inRange.length).toBeGreaterThan(0);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field, and 404 for another user’s account', async () => {
    const cases: Array<[string, RegExp]> = [
      ['cashflow?from=2026-05-01&to=2026-04-01', /from must not be after to/],
      ['cashflow?from=1970-01-01&to=2026-04-01', /at most 50 years/],
      ['cashflow?interval=week', /interval must be month, quarter or year/],
      ['categories?from=2026-02-30&to=2026-03-01', /date/i],
      ['net-worth?from=2026-01-01', /both from and to/],
      ['payees?limit=0', /limit must be/],
      ['payees?isIncome=maybe', /isIncome/],
      ['cashflow?format=xml', /format must be json or csv/],
    ];
    for (const [query, message] of cases) {
      const response = await call(user, 'GET', `/api/reports/${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(message);
    }
    const stranger = await signUp(context.app, { setup: true });
    for (const report of ['cashflow', 'categories', 'net-worth', 'payees']) {
      const response = await call(stranger, 'GET', `/api/reports/${report}?accountId=${ids.card}`);
      expect(response.statusCode, report).toBe(404);
    }
    // Without a range: the last 12 whole months, every one present.
    const defaults = await ok<{ periods: unknown[] }>(stranger, 'GET', '/api/reports/cashflow');
    expect(defaults.periods).toHaveLength(12);
  });
});
