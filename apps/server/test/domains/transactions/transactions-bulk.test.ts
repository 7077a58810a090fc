// PATCH /api/transactions/bulk and POST /api/transactions/bulk/revert through HTTP on a real
// PostgreSQL (docs/api.md): all or nothing, other users' ids, garbage, and the kept totals.
import type { BulkEditResult, Transaction } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { allTransactions, expectTotalsMatchRows } from '../../support/ledger-check';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

const WINDOW = { from: '2026-03-01', to: '2026-03-31' };

async function seed(user: SignedUpUser, count: number): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  for (let i = 0; i < count; i++) {
    rows.push(
      await given.transaction(context.app, user, {
        name: `Shop ${i}`,
        category: i % 2 === 0 ? 'Food' : 'Transportation',
        cost: 10 + i,
        addedOn: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`,
        isIncome: i % 5 === 4,
        note: i % 3 === 0 ? `note ${i}` : '',
      }),
    );
  }
  return rows;
}

const bulk = (user: SignedUpUser, body: unknown) =>
  call(user, 'PATCH', '/api/transactions/bulk', body);

/** The user's rows by id, as the list shows them. */
async function byId(user: SignedUpUser): Promise<Map<string, Transaction>> {
  return new Map((await allTransactions(context.app, user)).map((row) => [row._id, row]));
}

describe('PATCH /api/transactions/bulk: edits and reverts', () => {
  it('recategorises the selected rows in one go, and every total follows', async () => {
    const user = await signUp(context.app, { setup: true });
    const rows = await seed(user, 12);
    const chosen = rows.filter((row) => !row.isIncome).slice(0, 6);
    const before = await byId(user);
    const response = await bulk(user, {
      transactionIds: chosen.map((row) => row._id),
      set: { category: 'Travel' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<BulkEditResult>();
    expect(result.updatedCount).toBe(6);
    expect(new Map(result.previous.map((row) => [row._id, row]))).toEqual(
      new Map(chosen.map((row) => [row._id, { _id: row._id, category: row.category }])),
    );
    const after = await byId(user);
    for (const [id, row] of after) {
      const isChosen = chosen.some((selected) => selected._id === id);
      expect(row.category).toBe(isChosen ? 'Travel' : before.get(id)!.category);
      expect(row.cost).toBe(before.get(id)!.cost);
    }
    await expectTotalsMatchRows(context.app, user, WINDOW);
    // The new category is the user's now.
    const categories = await ok<string[]>(user, 'GET', '/api/transactions/categories/expense');
    expect(categories).toContain('Travel');
  });

  it('sets name, date, note, account and tags together, and the revert puts each row back', async () => {
    const user = await signUp(context.app, { setup: true });
    const rows = await seed(user, 8);
    const savings = await given.account(context.app, user, {
      name: 'Savings',
      type: 'savings',
    });
    const original = await byId(user);
    const ids = rows.map((row) => row._id);
    const result = await ok<BulkEditResult>(user, 'PATCH', '/api/transactions/bulk', {
      transactionIds: ids,
      set: {
        name: ' Holiday ',
        addedOn: '2026-03-15',
        note: null,
        accountId: savings._id,
        tags: ['Trip', 'summer'],
      },
    });
    expect(result.updatedCount).toBe(8);
    for (const row of (await byId(user)).values()) {
      expect(row).toMatchObject({
        name: 'Holiday',
        addedOn: '2026-03-15',
        note: null,
        accountId: savings._id,
        tags: ['Trip', 'summer'],
      });
    }
    await expectTotalsMatchRows(context.app, user, WINDOW);

    const reverted = await ok<BulkEditResult>(user, 'POST', '/api/transactions/bulk/revert', {
      previous: result.previous,
    });
    expect(reverted.updatedCount).toBe(8);
    const back = await byId(user);
    for (const [id, row] of original) {
      const { updatedAt: _updated, ...rest } = row;
      expect(back.get(id)).toMatchObject(rest);
    }
    await expectTotalsMatchRows(context.app, user, WINDOW);
  });
});

describe('PATCH /api/transactions/bulk: refusals, and a thousand rows', () => {
  it("changes nothing when any id is another user's, missing or not an id (404)", async () => {
    const alice = await signUp(context.app, { setup: true });
    const bob = await signUp(context.app, { setup: true });
    const aliceRows = await seed(alice, 3);
    const bobRows = await seed(bob, 2);
    const before = await byId(alice);
    for (const stranger of [bobRows[0]!._id, '0190c5c0-0000-7000-8000-000000000000', 'nope']) {
      const response = await bulk(alice, {
        transactionIds: [...aliceRows.map((row) => row._id), stranger],
        set: { category: 'Travel' },
      });
      expect(response.statusCode, stranger).toBe(404);
      expect(response.json().code).toBe('TRANSACTION_NOT_FOUND');
    }
    expect(await byId(alice)).toEqual(before);
    // Bob's account is not Alice's: 404, nothing moved.
    const bobAccount = (await ok<Array<{ _id: string }>>(bob, 'GET', '/api/accounts'))[0]!;
    const moved = await bulk(alice, {
      transactionIds: aliceRows.map((row) => row._id),
      set: { accountId: bobAccount._id },
    });
    expect(moved.statusCode).toBe(404);
    expect(moved.json().code).toBe('ACCOUNT_NOT_FOUND');
    expect(await byId(alice)).toEqual(before);
    // A revert naming Bob's rows changes nothing either.
    const revert = await call(alice, 'POST', '/api/transactions/bulk/revert', {
      previous: [{ _id: bobRows[0]!._id, category: 'Food' }],
    });
    expect(revert.statusCode).toBe(404);
    expect((await byId(bob)).get(bobRows[0]!._id)!.category).toBe(bobRows[0]!.category);
  });

  it('refuses garbage with a 400 naming the problem, and changes nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    const rows = await seed(user, 2);
    const ids = rows.map((row) => row._id);
    const before = await byId(user);
    const cases: Array<[unknown, string]> = [
      [{ transactionIds: [], set: { category: 'Food' } }, 'at least one'],
      [{ transactionIds: ids, set: {} }, 'at least one field'],
      [{ transactionIds: ids, set: { cost: 5 } }, ''],
      [
        { transactionIds: ids, set: { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) } },
        'at most 10 tags',
      ],
      [{ transactionIds: ids, set: { tags: ['trip', 'TRIP'] } }, 'appears twice'],
      [{ transactionIds: ids, set: { tags: ['x'.repeat(31)] } }, '1 to 30'],
      [{ transactionIds: ids, set: { addedOn: '2026-02-30' } }, ''],
      [{ transactionIds: ids, set: { name: '   ' } }, ''],
      [{ transactionIds: ids, set: { category: 'x'.repeat(51) } }, ''],
      [{ transactionIds: Array.from({ length: 1001 }, () => ids[0]), set: { name: 'a' } }, '1000'],
      [{ transactionIds: 'all', set: { name: 'a' } }, ''],
      [[1, 2], ''],
    ];
    for (const [body, words] of cases) {
      const response = await bulk(user, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().message).toContain(words);
      expect(response.json().code).toBeTruthy();
    }
    expect(await byId(user)).toEqual(before);
  });

  it('refuses two occurrences of one recurring rule on one day (409), changing nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.recurring(context.app, user, {
      name: 'Gym',
      category: 'Health',
      amount: 30,
      isIncome: false,
      frequency: 'daily',
      startDate: '2026-01-01',
    });
    const occurrences = (await allTransactions(context.app, user)).filter(
      (row) => row.recurringId !== null,
    );
    expect(occurrences.length).toBeGreaterThan(1);
    const before = await byId(user);
    const response = await bulk(user, {
      transactionIds: occurrences.slice(0, 2).map((row) => row._id),
      set: { addedOn: '2026-01-01' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('RECURRING_DAY_TAKEN');
    expect(await byId(user)).toEqual(before);
  });

  // How long it takes is measured by `npm run bench:bulk` (docs/benchmarks.md), not here.
  it('edits 1,000 rows at once, every total following', async () => {
    const user = await signUp(context.app, { setup: true });
    const result = await context.database.pool.query<{ id: string }>(
      `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income,
         account_id, currency)
       SELECT gen_random_uuid(), $1, 'Row ' || n, 'Food', 100 + n, DATE '2026-03-01' + (n % 28),
         false, (SELECT id FROM accounts WHERE user_id = $1 LIMIT 1), 'USD'
       FROM generate_series(1, 1000) AS n RETURNING id`,
      [user.id],
    );
    const ids = result.rows.map((row) => row.id);
    const edit = await ok<BulkEditResult>(user, 'PATCH', '/api/transactions/bulk', {
      transactionIds: ids,
      set: { category: 'Groceries', tags: ['weekly'] },
    });
    expect(edit.updatedCount).toBe(1000);
    const listed = await ok<{ total: number }>(user, 'GET', '/api/transactions?category=Groceries');
    expect(listed.total).toBe(1000);
    await expectTotalsMatchRows(context.app, user, WINDOW);
  });
});
