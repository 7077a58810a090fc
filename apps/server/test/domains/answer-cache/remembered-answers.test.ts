// Remembered answers (domains/answer-cache): the reports, a month's budgets and the dashboard's
// summary and charts come from the cache only while the data they were computed from is unchanged. Each case marks the
// remembered answer in the database, makes one kind of write through the API (or SQL, for what
// only the database or the rates loader writes), and asks again: the mark must be gone and the
// answer must be what a computation without the cache gives.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../src/db/migrate';
import { createAnswerCacheRepository } from '../../../src/domains/answer-cache/answer-cache-repository';
import { defaultHouseholdOf } from '../../../src/domains/households/default-household';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);
const query = (text: string, values: unknown[] = []) => context.database.pool.query(text, values);
const householdOf = async (user: SignedUpUser) =>
  (await defaultHouseholdOf(context.database.db, user.id)).id;

const MARK = 424242;
const CASHFLOW = '/api/reports/cashflow?from=2026-01-01&to=2026-03-31&interval=month';
const NET_WORTH = '/api/reports/net-worth?from=2026-01-01&to=2026-03-31&interval=month';
const BUDGETS = '/api/budgets?month=3&year=2026';
const BUDGET_SUMMARY = '/api/budgets/summary?month=3&year=2026';
const SUMMARY = '/api/transactions/summary';
const CHARTS = '/api/transactions/charts?from=2026-03-01&to=2026-03-31';
const REMEMBERED = [CASHFLOW, NET_WORTH, BUDGETS, BUDGET_SUMMARY, SUMMARY, CHARTS];

interface Cashflow {
  periods: Array<{ start: string; income: number; expense: number }>;
  unconverted: number;
}

/**
 * Marks every answer remembered for `user` (one figure set to MARK, in the answer's own shape):
 * an answer read from the cache shows the mark.
 */
async function markRemembered(user: SignedUpUser): Promise<number> {
  const { rowCount } = await query(
    `UPDATE answer_cache SET answer = CASE
       WHEN jsonb_typeof(answer) = 'array' THEN jsonb_set(answer, '{0,spent}', '${MARK}')
       WHEN answer ? 'points' THEN jsonb_set(answer, '{points,0,total}', '${MARK}')
       ELSE jsonb_set(answer, '{unconverted}', '${MARK}') END
     WHERE household_id = (SELECT default_household_id FROM users WHERE id = $1)`,
    [user.id],
  );
  return rowCount ?? 0;
}

/** What `url` answers when nothing is remembered: the cache emptied first. */
async function computed(user: SignedUpUser, url: string): Promise<unknown> {
  await query(
    'DELETE FROM answer_cache WHERE household_id = (SELECT default_household_id FROM users WHERE id = $1)',
    [user.id],
  );
  return ok(user, 'GET', url);
}

const marked = (answer: unknown) => JSON.stringify(answer).includes(String(MARK));

async function newUser(): Promise<SignedUpUser & { account: string }> {
  const user = await signUp(context.app, { setup: true });
  const [account] = await ok<Array<{ _id: string }>>(user, 'GET', '/api/accounts');
  await given.budget(context.app, user, { category: 'Food', amount: 100, month: 3, year: 2026 });
  return { ...user, account: account!._id };
}

/** An expense at the market, as POST and PUT /api/transactions take it. */
const market = (cost: number, addedOn: string, extra: object = {}) => ({
  name: 'Market',
  category: 'Food',
  cost,
  addedOn,
  isIncome: false,
  ...extra,
});

const expense = (user: SignedUpUser, cost: number, addedOn: string, extra: object = {}) =>
  given.transaction(context.app, user, market(cost, addedOn, extra));

/**
 * A write of the user's own rate for a euro expense (the base is the dollar), made after `url`
 * was answered with that expense and remembered.
 */
const ownRate = (url: string) => async (user: SignedUpUser) => {
  await expense(user, 10, '2026-03-20', { currency: 'EUR' });
  await ok(user, 'GET', url);
  await markRemembered(user);
  return ok(user, 'PUT', '/api/rates', { currency: 'EUR', date: '2026-03-20', rate: 1.5 });
};

beforeAll(async () => {
  context = await createTestApp();
}, 60_000);

afterAll(async () => {
  await context?.close();
});

/** Writes that each change the answer of `url`, so a remembered answer must be computed anew. */
const writes: Array<{
  name: string;
  url: string;
  write: (user: SignedUpUser & { account: string }, seeded: string) => Promise<unknown>;
}> = [
  {
    name: 'a new transaction',
    url: CASHFLOW,
    write: (user) => expense(user, 7, '2026-02-10'),
  },
  {
    name: 'a new transaction (the summary)',
    url: SUMMARY,
    write: (user) => expense(user, 7, '2026-02-10'),
  },
  {
    name: 'new tags on a transaction (the summary lists it among the newest)',
    url: SUMMARY,
    write: (user, seeded) =>
      ok(user, 'PUT', `/api/transactions/${seeded}`, market(12.5, '2026-03-05', { tags: ['x'] })),
  },
  {
    name: 'a changed transaction (the charts)',
    url: CHARTS,
    write: (user, seeded) =>
      ok(user, 'PUT', `/api/transactions/${seeded}`, market(12.5, '2026-03-06')),
  },
  {
    name: 'a changed transaction',
    url: CASHFLOW,
    write: (user, seeded) =>
      ok(user, 'PUT', `/api/transactions/${seeded}`, market(99, '2026-03-05')),
  },
  {
    name: 'a deleted transaction',
    url: BUDGETS,
    write: (user, seeded) => ok(user, 'DELETE', `/api/transactions/${seeded}`),
  },
  {
    name: 'a transaction split into parts',
    url: BUDGETS,
    write: (user, seeded) =>
      ok(
        user,
        'PUT',
        `/api/transactions/${seeded}`,
        market(12.5, '2026-03-05', {
          splits: [
            { category: 'Food', amount: 2.5 },
            { category: 'Household', amount: 10 },
          ],
        }),
      ),
  },
  {
    name: 'a transfer',
    url: NET_WORTH,
    write: async (user) => {
      const savings = await given.account(context.app, user, {
        name: 'Savings',
        type: 'savings',
        currency: 'EUR',
      });
      // The new account alone changes the answer; the transfer is asked on its own below.
      await ok(user, 'GET', NET_WORTH);
      await markRemembered(user);
      return given.transfer(context.app, user, {
        fromAccountId: user.account,
        toAccountId: savings._id,
        amount: 50,
        toAmount: 45,
        date: '2026-02-01',
      });
    },
  },
  {
    name: "an account's opening balance",
    url: NET_WORTH,
    write: (user) =>
      ok(user, 'PUT', `/api/accounts/${user.account}`, {
        name: 'Main',
        type: 'checking',
        openingBalance: 300,
      }),
  },
  {
    name: 'a budget',
    url: BUDGET_SUMMARY,
    write: (user) =>
      given.budget(context.app, user, { category: 'Fun', amount: 40, month: 3, year: 2026 }),
  },
  { name: "the user's own rate", url: CASHFLOW, write: ownRate(CASHFLOW) },
  { name: "the user's own rate (the summary)", url: SUMMARY, write: ownRate(SUMMARY) },
  {
    name: 'a new ECB rate (written by the rates loader)',
    url: CASHFLOW,
    write: async (user) => {
      await expense(user, 10, '2026-03-18', { currency: 'GBP' });
      await ok(user, 'GET', CASHFLOW);
      await markRemembered(user);
      return query(
        `INSERT INTO exchange_rates (currency, date, rate) VALUES ('USD', '2026-03-18', 1.1),
           ('GBP', '2026-03-18', 0.8) ON CONFLICT DO NOTHING`,
      );
    },
  },
];

describe('remembered answers: when they are used', () => {
  it('answers again from what it remembered while nothing changed', async () => {
    const user = await newUser();
    await expense(user, 12.5, '2026-03-05');
    for (const url of REMEMBERED) {
      const first = await ok(user, 'GET', url);
      expect(await ok(user, 'GET', url)).toEqual(first);
    }
    expect(await markRemembered(user)).toBe(REMEMBERED.length);
    for (const url of REMEMBERED) {
      expect(marked(await ok(user, 'GET', url))).toBe(true);
    }
    // March's expense is the one row: the remembered figures were the true ones.
    const march = (await computed(user, CASHFLOW)) as Cashflow;
    expect(march.periods.map((period) => period.expense)).toEqual([0, 0, 12.5]);
  });

  it.each(writes)('answers anew after $name', async ({ url, write }) => {
    const user = await newUser();
    const seeded = (await expense(user, 12.5, '2026-03-05'))._id;
    const before = await ok(user, 'GET', url);
    expect(await markRemembered(user)).toBeGreaterThan(0);
    await write(user, seeded);
    const after = await ok(user, 'GET', url);
    expect(marked(after)).toBe(false);
    expect(after).not.toEqual(before);
    expect(after).toEqual(await computed(user, url));
  });

  it("leaves a user's answers to another user's writes", async () => {
    const user = await newUser();
    const other = await newUser();
    await expense(user, 12.5, '2026-03-05');
    await ok(user, 'GET', CASHFLOW);
    await markRemembered(user);
    await expense(other, 30, '2026-03-06');
    await ok(other, 'PUT', '/api/rates', { currency: 'EUR', date: '2026-03-06', rate: 1.2 });
    expect(marked(await ok(user, 'GET', CASHFLOW))).toBe(true);
  });

  it('remembers per question: another range, account or base currency is computed', async () => {
    const user = await newUser();
    await expense(user, 12.5, '2026-03-05');
    await ok(user, 'GET', CASHFLOW);
    await markRemembered(user);
    const otherRange = CASHFLOW.replace('from=2026-01-01', 'from=2026-02-01');
    expect(marked(await ok(user, 'GET', otherRange))).toBe(false);
    expect(marked(await ok(user, 'GET', `${CASHFLOW}&accountId=${user.account}`))).toBe(false);
    const { rows } = await query(
      'SELECT key FROM answer_cache WHERE household_id = (SELECT default_household_id FROM users WHERE id = $1)',
      [user.id],
    );
    expect(rows.map((row: { key: string }) => row.key)).toHaveLength(3);
    expect(rows.every((row: { key: string }) => row.key.includes('"base":"USD"'))).toBe(true);
  });

  it("never answers for another user's account from the cache", async () => {
    const user = await newUser();
    const other = await newUser();
    await ok(other, 'GET', `${CASHFLOW}&accountId=${other.account}`);
    const response = await call(user, 'GET', `${CASHFLOW}&accountId=${other.account}`);
    expect(response.statusCode).toBe(404);
    const { rows } = await query(
      'SELECT count(*)::int AS n FROM answer_cache WHERE household_id = (SELECT default_household_id FROM users WHERE id = $1)',
      [user.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('still answers when the answer cannot be stored', async () => {
    const user = await newUser();
    await expense(user, 12.5, '2026-03-05');
    const expected = await ok(user, 'GET', CASHFLOW);
    await query(
      'DELETE FROM answer_cache WHERE household_id = (SELECT default_household_id FROM users WHERE id = $1)',
      [user.id],
    );
    // A store that fails (here: the table refuses every row) must not fail the read.
    await query(`ALTER TABLE answer_cache ADD CONSTRAINT refuse_all CHECK (false) NOT VALID`);
    try {
      expect(await ok(user, 'GET', CASHFLOW)).toEqual(expected);
    } finally {
      await query('ALTER TABLE answer_cache DROP CONSTRAINT refuse_all');
    }
  });

  it('stores nothing computed while a write committed', async () => {
    const user = await newUser();
    const cache = createAnswerCacheRepository(context.database.db);
    const found = await cache.find(await householdOf(user), 'question');
    expect(found.answer).toBeUndefined();
    await expense(user, 1, '2026-03-01');
    expect(await cache.store(await householdOf(user), 'question', found, { stale: true })).toBe(
      false,
    );
    const now = await cache.find(await householdOf(user), 'question');
    expect(now.dataVersion).not.toBe(found.dataVersion);
    expect(now.answer).toBeUndefined();
    expect(await cache.store(await householdOf(user), 'question', now, { fresh: true })).toBe(true);
    expect((await cache.find(await householdOf(user), 'question')).answer).toEqual({ fresh: true });
  });
});

describe('remembered answers: table versions and restarts', () => {
  it('gives each watched table a new version on a write, and every household one on TRUNCATE', async () => {
    const user = await newUser();
    // A split transaction and an own rate: every watched table holds a row of the user's.
    await expense(user, 12.5, '2026-03-05', {
      splits: [
        { category: 'Food', amount: 2.5 },
        { category: 'Household', amount: 10 },
      ],
    });
    await ok(user, 'PUT', '/api/rates', { currency: 'EUR', date: '2026-03-20', rate: 1.5 });
    const version = async () =>
      (await createAnswerCacheRepository(context.database.db).find(await householdOf(user), 'any'))
        .dataVersion;
    const seen = [await version()];
    for (const table of [
      'transactions',
      'transaction_splits',
      'accounts',
      'budgets',
      'user_exchange_rates',
    ]) {
      await query(`UPDATE ${table} SET user_id = user_id WHERE user_id = $1`, [user.id]);
      seen.push(await version());
    }
    await query('TRUNCATE transaction_splits');
    seen.push(await version());
    expect(new Set(seen).size).toBe(seen.length);
    const rates = async () =>
      (await createAnswerCacheRepository(context.database.db).find(await householdOf(user), 'any'))
        .ratesVersion;
    const ratesBefore = await rates();
    await query(`DELETE FROM exchange_rates WHERE currency = 'USD' AND date = '1999-01-04'`);
    expect(await rates()).not.toBe(ratesBefore);
  });

  it('lets two writers of one user finish without a deadlock: the version is taken at commit', async () => {
    const user = await newUser();
    const transaction = await expense(user, 5, '2026-03-01');
    const versionBefore = (
      await createAnswerCacheRepository(context.database.db).find(await householdOf(user), 'any')
    ).dataVersion;
    const [first, second] = [
      new pg.Client({ connectionString: context.databaseUrl }),
      new pg.Client({ connectionString: context.databaseUrl }),
    ];
    await first.connect();
    await second.connect();
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      await first.query(`UPDATE transactions SET note = 'first' WHERE id = $1`, [transaction._id]);
      // Had the first writer taken the user's version row with its statement, this one would wait
      // for it while holding the account, which the first writer wants next: a deadlock.
      await second.query(`UPDATE accounts SET name = 'Second' WHERE id = $1`, [user.account]);
      const firstWaits = first.query(`UPDATE accounts SET name = 'First' WHERE id = $1`, [
        user.account,
      ]);
      await second.query('COMMIT');
      await firstWaits;
      await first.query('COMMIT');
    } finally {
      await first.end();
      await second.end();
    }
    const { rows } = await query(
      `SELECT a.name, t.note FROM accounts a JOIN transactions t ON t.account_id = a.id
       WHERE t.id = $1`,
      [transaction._id],
    );
    expect(rows[0]).toEqual({ name: 'First', note: 'first' });
    const versionAfter = (
      await createAnswerCacheRepository(context.database.db).find(await householdOf(user), 'any')
    ).dataVersion;
    expect(versionAfter).not.toBe(versionBefore);
    const { rows: pending } = await query('SELECT count(*)::int AS n FROM data_version_pending');
    expect(pending[0].n).toBe(0);
  });

  it('forgets every answer when the server starts (a new version may compute otherwise)', async () => {
    const user = await newUser();
    await ok(user, 'GET', BUDGETS);
    await runMigrations(context.database.pool);
    const { rows } = await query('SELECT count(*)::int AS n FROM answer_cache');
    expect(rows[0].n).toBe(0);
  });
});
