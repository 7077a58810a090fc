// Values within the API's limits that broke it: an amount and a rate each accepted on their own
// whose product overflowed the database's integers, and inputs the API took but should refuse.
// Every figure expected here is computed in the test with BigInt, not taken from the server.
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../support/api-calls';
import { given } from '../support/given';
import { importFixture, uploadImport } from '../support/import-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../test-app';
import { snapshotDatabase } from './database-snapshot';

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);

beforeAll(async () => {
  context = await createTestApp();
}, 120_000);
afterAll(async () => {
  await context?.close();
});

/** A figure of the API (a JSON number in units) as exact hundredths. */
const centsOf = (value: unknown): bigint => {
  expect(typeof value).toBe('number');
  return BigInt(Math.round((value as number) * 100));
};

async function expectRefused(
  response: Awaited<ReturnType<typeof call>>,
  status: number,
  message: RegExp,
  before: Awaited<ReturnType<typeof snapshotDatabase>>,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json<{ message: string }>().message).toMatch(message);
  expect(await snapshotDatabase(context.database.pool)).toEqual(before);
}

// The user holding the largest amount at the largest rate, made once for the two groups below.
const DAY = '2026-01-15';
const AMOUNT = 1_000_000_000_000n; // the API's MAX_AMOUNT, in dollars
const RATE = 100_000n; // the user's own rate: euros per dollar
let user: SignedUpUser;
let accountId: string;
/** The expense in euro hundredths, computed here. */
const baseCents = AMOUNT * 100n * RATE;

beforeAll(async () => {
  user = await signUp(context.app);
  await ok(user, 'PUT', '/api/auth/setup', { defaultCurrency: 'EUR' });
  await ok(user, 'PUT', '/api/rates', { currency: 'USD', date: DAY, rate: Number(RATE) });
  const created = await given.transaction(context.app, user, {
    name: 'Yacht',
    category: 'Food',
    cost: Number(AMOUNT),
    currency: 'USD',
    addedOn: DAY,
    isIncome: false,
  });
  accountId = created.accountId;
  await given.budget(context.app, user, { category: 'Food', amount: 100, month: 1, year: 2026 });
  await given.goal(context.app, user, { name: 'Boat', targetAmount: 100, accountId });
});

const range = 'from=2026-01-01&to=2026-01-31';

describe('the largest amount at the largest rate: reads', () => {
  it('answers every read with the exact converted figure', async () => {
    const read = async <T>(url: string) => {
      const response = await call(user, 'GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json<T>();
    };
    for (const url of ['/api/transactions/summary', `/api/transactions/summary?${range}`]) {
      const summary = await read<{ totalExpenses: number; balance: number }>(url);
      expect(centsOf(summary.totalExpenses)).toBe(baseCents);
      expect(centsOf(summary.balance)).toBe(-baseCents);
    }
    const charts = await read<{ expensesByCategory: Array<{ total: number }> }>(
      `/api/transactions/charts?${range}`,
    );
    expect(centsOf(charts.expensesByCategory[0]?.total)).toBe(baseCents);
    const list = await read<{ transactions: Array<{ baseCost: number }> }>('/api/transactions');
    expect(centsOf(list.transactions[0]?.baseCost)).toBe(baseCents);

    for (const scope of ['', `&accountId=${accountId}`]) {
      const cashflow = await read<{ periods: Array<{ expense: number }> }>(
        `/api/reports/cashflow?${range}${scope}`,
      );
      expect(centsOf(cashflow.periods[0]?.expense)).toBe(baseCents);
      const categories = await read<{ categories: Array<{ total: number }> }>(
        `/api/reports/categories?${range}${scope}`,
      );
      expect(centsOf(categories.categories[0]?.total)).toBe(baseCents);
      const payees = await read<{ payees: Array<{ total: number }> }>(
        `/api/reports/payees?${range}${scope}`,
      );
      expect(centsOf(payees.payees[0]?.total)).toBe(baseCents);
      const worth = await read<{ points: Array<{ total: number }> }>(
        `/api/reports/net-worth?${range}${scope}`,
      );
      expect(centsOf(worth.points[0]?.total)).toBe(-baseCents);
    }

    const budgets = await read<Array<{ spent: number }>>('/api/budgets?month=1&year=2026');
    expect(centsOf(budgets[0]?.spent)).toBe(baseCents);
    const budgetSummary = await read<{ spent: number }>('/api/budgets/summary?month=1&year=2026');
    expect(centsOf(budgetSummary.spent)).toBe(baseCents);

    const accounts =
      await read<Array<{ _id: string; balance: number; baseBalance: number }>>('/api/accounts');
    const account = accounts.find((one) => one._id === accountId);
    expect(centsOf(account?.balance)).toBe(-baseCents);
    expect(centsOf(account?.baseBalance)).toBe(-baseCents);
    const register = await read<{ entries?: unknown; transactions?: unknown }>(
      `/api/accounts/${accountId}/register`,
    );
    expect(JSON.stringify(register)).toContain('Yacht');

    const goals = await read<Array<{ saved: number }>>('/api/goals');
    expect(centsOf(goals[0]?.saved)).toBe(-baseCents);
  });
});

describe('the largest amount at the largest rate: conversions and the export', () => {
  it('converts at the API max rate without a 500 anywhere, and refuses a transfer leg past the largest amount', async () => {
    const other = await signUp(context.app);
    await ok(other, 'PUT', '/api/auth/setup', { defaultCurrency: 'EUR' });
    await ok(other, 'PUT', '/api/rates', { currency: 'USD', date: DAY, rate: 1_000_000_000 });
    const dollars = await given.account(context.app, other, {
      name: 'Dollars',
      type: 'checking',
      currency: 'USD',
      openingBalance: '999999999999.99',
    });
    await given.transaction(context.app, other, {
      name: 'Yacht',
      category: 'Food',
      cost: '999999999999.99',
      currency: 'USD',
      addedOn: DAY,
      isIncome: false,
    });
    const reads = [
      '/api/transactions/summary',
      `/api/transactions/summary?${range}`,
      `/api/transactions/charts?${range}`,
      '/api/transactions',
      '/api/transactions?includeTransfers=true',
      '/api/transactions/export',
      `/api/reports/cashflow?${range}`,
      `/api/reports/categories?${range}`,
      `/api/reports/payees?${range}`,
      `/api/reports/net-worth?${range}`,
      `/api/reports/net-worth?${range}&format=csv`,
      '/api/budgets?month=1&year=2026',
      '/api/budgets/summary?month=1&year=2026',
      '/api/accounts',
      `/api/accounts/${dollars._id}/register`,
      '/api/goals',
      '/api/export',
    ];
    for (const url of reads) {
      const response = await call(other, 'GET', url);
      expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    }
    const accounts = await ok<Array<{ _id: string; currency: string }>>(
      other,
      'GET',
      '/api/accounts',
    );
    const euros = accounts.find((account) => account.currency === 'EUR')!;
    const before = await snapshotDatabase(context.database.pool);
    await expectRefused(
      await call(other, 'POST', '/api/transfers', {
        fromAccountId: dollars._id,
        toAccountId: euros._id,
        amount: '999999999999.99',
        date: DAY,
      }),
      400,
      /more than 1,000,000,000,000/,
      before,
    );
  });

  it('exports the CSV complete, with the exact base amount', async () => {
    const response = await call(user, 'GET', '/api/transactions/export');
    expect(response.statusCode).toBe(200);
    const rows = parse(response.body, { columns: true, bom: true }) as Array<
      Record<string, string>
    >;
    expect(rows).toHaveLength(1);
    const baseColumn = Object.keys(rows[0]!).find((name) => /base amount/i.test(name))!;
    const text = rows[0]![baseColumn]!.replace(/[^0-9.-]/g, '');
    const [whole, fraction = ''] = text.replace('-', '').split('.');
    expect(BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'))).toBe(baseCents);
  });
});

const rowsOf = async (user: SignedUpUser, id: string) =>
  (
    await ok<{ rows: Array<{ status: string; problem: string | null; amount: number | null }> }>(
      user,
      'GET',
      `/api/imports/${id}/rows?limit=100`,
    )
  ).rows;

describe('inputs the API refuses: statements', () => {
  it("reads another app's or a bank's amount strictly: letters or an exponent inside it are a problem row", async () => {
    const user = await signUp(context.app, { setup: true });
    const actual = [
      'Account,Date,Payee,Notes,Category,Amount,Split_Amount,Cleared',
      'Checking,2026-03-01,Employer Inc,,Income,2500,0,Cleared',
      'Checking,2026-03-02,Huge,,Food,1e308,0,Cleared',
      'Checking,2026-03-03,Stitched,,Food,12abc34,0,Cleared',
      'Checking,2026-03-04,Crowns,,Food,"-1 234,56 kr",0,Cleared',
    ].join('\n');
    const qif = [
      '!Type:Bank',
      "D03/01'26",
      'T-12.50',
      'PShop',
      '^',
      "D03/02'26",
      'T-12EUR34',
      'PStitched',
      '^',
    ].join('\n');
    for (const [name, text, good] of [
      ['actual.csv', actual, 2],
      ['bank.qif', qif, 1],
    ] as const) {
      const response = await uploadImport(context.app, user, name, Buffer.from(text));
      expect(response.statusCode, response.body).toBe(201);
      const rows = await rowsOf(user, response.json<{ _id: string }>()._id);
      const problems = rows.filter((row) => row.status === 'problem');
      expect(rows.length - problems.length, JSON.stringify(rows)).toBe(good);
      expect(problems.length, JSON.stringify(rows)).toBeGreaterThan(0);
      for (const row of problems) expect(row.problem).toMatch(/amount/i);
    }
  });

  it("refuses XML nested past the parser's limit with a 400 that says so", async () => {
    const user = await signUp(context.app, { setup: true });
    const deep = `${'<X>'.repeat(5000)}x${'</X>'.repeat(5000)}`;
    const files = {
      'deep.camt053.xml': importFixture('statement.camt053.xml')
        .toString()
        .replace('<NtryRef>1</NtryRef>', `<NtryRef>1</NtryRef>${deep}`),
      'deep.qfx': importFixture('credit-card-ofx2.qfx')
        .toString()
        .replace('<STMTTRN>', `<STMTTRN>${deep}`),
    };
    const before = await snapshotDatabase(context.database.pool);
    for (const [name, text] of Object.entries(files)) {
      const response = await uploadImport(context.app, user, name, Buffer.from(text));
      await expectRefused(response, 400, /more than 100 levels deep/, before);
      expect(response.json<{ code: string }>().code).toBe('XML_TOO_DEEP');
    }
  });

  it('refuses a statement in a currency Moneta does not know, naming it', async () => {
    const user = await signUp(context.app, { setup: true });
    const files = {
      'zzz.camt053.xml': importFixture('statement.camt053.xml')
        .toString()
        .replace('<Ccy>EUR</Ccy>', '<Ccy>ZZZ</Ccy>'),
      'zzz.qfx': importFixture('credit-card-ofx2.qfx')
        .toString()
        .replace('<CURDEF>USD</CURDEF>', '<CURDEF>ZZZ</CURDEF>'),
      'zzz.ofx': importFixture('checking-ofx1.ofx')
        .toString()
        .replace('<CURDEF>USD', '<CURDEF>ZZZ'),
    };
    const before = await snapshotDatabase(context.database.pool);
    for (const [name, text] of Object.entries(files)) {
      const response = await uploadImport(context.app, user, name, Buffer.from(text));
      await expectRefused(response, 400, /"ZZZ" is not a currency Moneta knows/, before);
      expect(response.json<{ code: string }>().code).toBe('STATEMENT_CURRENCY_UNKNOWN');
    }
  });
});

describe('inputs the API refuses: writes', () => {
  it('refuses a bulk revert with a blank name or an id listed twice, changing nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    const ids: string[] = [];
    for (const name of ['Bakery', 'Butcher']) {
      const created = await given.transaction(context.app, user, {
        name,
        category: 'Food',
        cost: 5,
        addedOn: '2026-02-01',
        isIncome: false,
      });
      ids.push(created._id);
    }
    const edit = await ok<{ previous: Array<{ _id: string; name: string }> }>(
      user,
      'PATCH',
      '/api/transactions/bulk',
      { transactionIds: ids, set: { name: 'Shop' } },
    );
    expect(edit.previous).toHaveLength(2);
    const before = await snapshotDatabase(context.database.pool);
    await expectRefused(
      await call(user, 'POST', '/api/transactions/bulk/revert', {
        previous: [{ _id: ids[0], name: '   ' }, edit.previous[1]],
      }),
      400,
      /Please enter a name for the transaction/,
      before,
    );
    await expectRefused(
      await call(user, 'POST', '/api/transactions/bulk/revert', {
        previous: [...edit.previous, { _id: ids[0], name: 'Other' }],
      }),
      400,
      /listed twice/,
      before,
    );
    // The answer of the edit itself still puts everything back.
    await ok(user, 'POST', '/api/transactions/bulk/revert', { previous: edit.previous });
  });

  it('refuses a custom category that differs from another only in case', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.category(context.app, user, { name: 'Hobbies', isIncome: false });
    const before = await snapshotDatabase(context.database.pool);
    for (const [body, twin] of [
      [{ name: 'FOOD', isIncome: false }, 'Food'],
      [{ name: ' fOOd ', isIncome: false }, 'Food'],
      [{ name: 'hobbies', isIncome: false }, 'Hobbies'],
      [{ name: 'SALARY', isIncome: true }, 'Salary'],
    ] as const) {
      await expectRefused(
        await call(user, 'POST', '/api/categories', body),
        409,
        new RegExp(`differs from your (expense|income) category "${twin}" only in case`),
        before,
      );
    }
    // Renaming into another category's spelling is refused too; fixing one's own case is not.
    await expectRefused(
      await call(user, 'PUT', '/api/categories', {
        from: 'Hobbies',
        to: 'GROCERIES',
        isIncome: false,
      }),
      409,
      /"Groceries" only in case/,
      before,
    );
    await ok(user, 'PUT', '/api/categories', { from: 'Hobbies', to: 'HOBBIES', isIncome: false });
    // The same name in the other kind stays allowed, as before.
    await given.category(context.app, user, { name: 'Hobbies', isIncome: true });
  });

  it('refuses a budget on an income category', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.category(context.app, user, { name: 'Side hustle', isIncome: true });
    const budget = await given.budget(context.app, user, {
      category: 'Food',
      amount: 100,
      month: 2,
      year: 2026,
    });
    const before = await snapshotDatabase(context.database.pool);
    for (const category of ['Salary', 'Side hustle']) {
      const body = { category, amount: 100, month: 2, year: 2026 };
      await expectRefused(
        await call(user, 'POST', '/api/budgets', body),
        400,
        new RegExp(`"${category}" is an income category`),
        before,
      );
      await expectRefused(
        await call(user, 'PUT', `/api/budgets/${budget._id}`, body),
        400,
        /an income category/,
        before,
      );
    }
  });

  it('refuses a write that would take a kept total past bigint, with a 400 and nothing changed', async () => {
    const user = await signUp(context.app, { setup: true });
    // 92,233 expenses of the largest amount: their kept total is just under bigint's limit
    // (9,223,372,036,854,775,807 hundredths). Written in one statement, through the triggers.
    const largest = 10n ** 14n;
    const count = 92_233n;
    // On a connection of its own: the app's pool cuts a statement at 10 s, and 92,233 rows
    // through the triggers can take longer on a loaded machine.
    const seeder = new pg.Client({ connectionString: context.databaseUrl });
    await seeder.connect();
    try {
      await seeder.query(
        `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income,
           account_id, currency)
         SELECT gen_random_uuid(), $1, 'Row ' || n, 'Food', $2::bigint, DATE '2026-03-01', false,
           (SELECT id FROM accounts WHERE user_id = $1 LIMIT 1),
           (SELECT default_currency FROM users WHERE id = $1)
         FROM generate_series(1, $3::int) AS n`,
        [user.id, largest.toString(), Number(count)],
      );
    } finally {
      await seeder.end();
    }
    const summary = await ok<{ totalExpenses: number }>(user, 'GET', '/api/transactions/summary');
    expect(centsOf(summary.totalExpenses)).toBe(count * largest);
    const before = await snapshotDatabase(context.database.pool);
    const response = await call(user, 'POST', '/api/transactions', {
      name: 'One more',
      category: 'Food',
      cost: 1_000_000_000_000,
      addedOn: '2026-03-01',
      isIncome: false,
    });
    await expectRefused(response, 400, /past the largest Moneta keeps/, before);
    expect(response.json<{ code: string }>().code).toBe('OUT_OF_RANGE');
  }, 120_000);
});
