import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultHouseholdOf } from '../../../src/domains/households/default-household';
import { createTransactionListRepository } from '../../../src/domains/transactions/transaction-list-repository';
import { createTransactionTotalsRepository } from '../../../src/domains/transactions/transaction-totals-repository';
import { createTransactionsService } from '../../../src/domains/transactions/transactions-service';
import { createTestApp, signUp, type TestContext } from '../../test-app';

let context: TestContext;
const householdOf = async (user: { id: string }) =>
  (await defaultHouseholdOf(context.database.db, user.id)).id;

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

describe('createMany (the bulk path)', () => {
  it('inserts thousands of rows for several users in one statement, totals included', async () => {
    const alice = await signUp(context.app, { setup: true });
    const bob = await signUp(context.app, { setup: true });
    const writer = createTransactionsService(context.database.db);
    const repository = createTransactionListRepository(context.database.db);
    const [aliceHome, bobHome] = [await householdOf(alice), await householdOf(bob)];
    const rows = Array.from({ length: 5000 }, (_, index) => ({
      householdId: index % 2 ? aliceHome : bobHome,
      userId: index % 2 ? alice.id : bob.id,
      createdBy: index % 2 ? alice.id : bob.id,
      name: `Row ${index} with 'quotes', "doubles" and {braces}`,
      category: index % 3 ? 'Food' : 'Salary',
      costCents: index + 1,
      addedOn: `2026-0${(index % 9) + 1}-15`,
      isIncome: index % 3 === 0,
      note: index % 5 ? null : 'a note, with a comma',
    }));
    expect(await writer.createMany(rows)).toBe(5000);
    expect(await writer.createMany([])).toBe(0);

    expect(
      (await repository.pageWithCount(await householdOf(alice), {}, { limit: 1, offset: 0 })).total,
    ).toBe(2500);
    const found = await repository.page(
      await householdOf(alice),
      { search: 'Row 1 with' },
      { limit: 10, offset: 0 },
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      name: 'Row 1 with \'quotes\', "doubles" and {braces}',
      category: 'Food',
      costCents: 2,
      addedOn: '2026-02-15',
      isIncome: false,
      note: null,
    });

    const totals = await createTransactionTotalsRepository(context.database.db).totals(
      (await defaultHouseholdOf(context.database.db, bob.id)).id,
      'USD',
    );
    const bobRows = rows.filter((row) => row.userId === bob.id);
    const sum = (isIncome: boolean) =>
      bobRows
        .filter((row) => row.isIncome === isIncome)
        .reduce((total, row) => total + row.costCents, 0);
    expect(totals).toEqual({ incomeCents: sum(true), expenseCents: sum(false), unconverted: 0 });
  });
});

describe('createFrom (the rows of a query, written inside PostgreSQL)', () => {
  it('creates them in one statement, ids in the source’s order, their new categories remembered', async () => {
    const alice = await signUp(context.app, { setup: true });
    const { pool, db } = context.database;
    const writer = createTransactionsService(db);
    const {
      rows: [account],
    } = await pool.query<{ id: string }>('SELECT id FROM accounts WHERE user_id = $1', [alice.id]);
    const aliceHome = await householdOf(alice);
    // 3,000 rows whose ids must follow `ordinal`: the reverse of the series.
    const source = (count: number) => ({
      columns: {
        householdId: sql`${aliceHome}::uuid`,
        userId: sql`${alice.id}::uuid`,
        accountId: sql`${account!.id}::uuid`,
        name: sql`'Row ' || i`,
        category: sql`CASE WHEN i % 3 = 0 THEN 'Pocket money' ELSE 'Food' END`,
        costCents: sql`i::bigint`,
        addedOn: sql`DATE '2026-03-01' + i % 20`,
        isIncome: sql`i % 7 = 0`,
        note: sql`CASE WHEN i % 2 = 0 THEN 'ref ' || i END`,
        importId: sql`NULL::uuid`,
        bankId: sql`'bank-' || i`,
      },
      ordinal: sql`${count} + 1 - i`,
      from: sql`FROM generate_series(1, ${count}) AS i`,
    });
    expect(await writer.createFrom(source(3000))).toBe(3000);
    expect(await writer.createFrom(source(0))).toBe(0);

    const { rows: created } = await pool.query<{ name: string }>(
      'SELECT name FROM transactions WHERE user_id = $1 ORDER BY id',
      [alice.id],
    );
    expect(created.map((row) => row.name)).toEqual(
      Array.from({ length: 3000 }, (_, index) => `Row ${3000 - index}`),
    );
    const { rows: row21 } = await pool.query(
      `SELECT name, category, cost_cents, added_on, is_income, note, bank_id, account_id
       FROM transactions WHERE user_id = $1 AND name = 'Row 21'`,
      [alice.id],
    );
    expect(row21).toEqual([
      {
        name: 'Row 21',
        category: 'Pocket money',
        cost_cents: 21,
        added_on: '2026-03-02',
        is_income: true,
        note: null,
        bank_id: 'bank-21',
        account_id: account!.id,
      },
    ]);
    // A category that is not built in for its kind becomes the user's (Food is an expense's).
    const { rows: custom } = await pool.query(
      'SELECT name, is_income FROM user_categories WHERE user_id = $1 ORDER BY is_income, name',
      [alice.id],
    );
    expect(custom).toEqual([
      { name: 'Pocket money', is_income: false },
      { name: 'Food', is_income: true },
      { name: 'Pocket money', is_income: true },
    ]);
    const totals = await createTransactionTotalsRepository(db).totals(
      (await defaultHouseholdOf(db, alice.id)).id,
      'USD',
    );
    const cents = (isIncome: boolean) =>
      Array.from({ length: 3000 }, (_, index) => index + 1)
        .filter((i) => (i % 7 === 0) === isIncome)
        .reduce((total, i) => total + i, 0);
    expect(totals).toEqual({
      incomeCents: cents(true),
      expenseCents: cents(false),
      unconverted: 0,
    });
  });
});

describe('search pages (walked in list order or looked up, by how common the term is)', () => {
  it('gives the same page as a plain filter and sort, for a common and for a rare term', async () => {
    const alice = await signUp(context.app, { setup: true });
    const bob = await signUp(context.app, { setup: true });
    const writer = createTransactionsService(context.database.db);
    const repository = createTransactionListRepository(context.database.db);
    // 2,100 transactions, one of them rare: filling a page by walking the list would pass
    // 10 × 2,100 / 1 = 21,000 entries, so the rare term is looked up; the common one walked.
    const aliceHome = await householdOf(alice);
    const rows = Array.from({ length: 2100 }, (_, index) => ({
      householdId: aliceHome,
      userId: alice.id,
      createdBy: alice.id,
      name: index === 1234 ? 'Rare Bookshop' : `Common shop ${index % 50}`,
      category: index % 2 ? 'Food' : 'Bills',
      costCents: 100 + index,
      addedOn: `2025-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
      isIncome: false,
      note: null,
    }));
    await writer.createMany(rows);
    await writer.createMany([
      {
        ...rows[0]!,
        householdId: await householdOf(bob),
        userId: bob.id,
        createdBy: bob.id,
        name: 'Rare Bookshop too',
      },
    ]);

    const all = await repository.pageWithCount(
      await householdOf(alice),
      {},
      { limit: 2100, offset: 0 },
    );
    const expected = (term: string, offset: number, limit: number) => {
      const matches = all.rows.filter((row) => row.name.toLowerCase().includes(term));
      return {
        ids: matches.slice(offset, offset + limit).map((row) => row.id),
        total: matches.length,
      };
    };
    const actual = async (term: string, offset: number, limit: number) => {
      const found = await repository.pageWithCount(
        await householdOf(alice),
        { search: term },
        { limit, offset },
      );
      return { ids: found.rows.map((row) => row.id), total: found.total };
    };

    expect(await actual('rare', 0, 10)).toEqual(expected('rare', 0, 10));
    expect((await actual('rare', 0, 10)).total).toBe(1);
    for (const offset of [0, 10, 2090]) {
      expect(await actual('common shop 1', offset, 10)).toEqual(
        expected('common shop 1', offset, 10),
      );
    }
    expect(await actual('common', 1000, 10)).toEqual(expected('common', 1000, 10));
    // A term on 2 % of the rows, its last page.
    expect(await actual('common shop 7', 40, 10)).toEqual(expected('common shop 7', 40, 10));
    // Past the last page: no rows, the count still there.
    expect(await actual('rare', 10, 10)).toEqual({ ids: [], total: 1 });
    expect(await actual('nothing like this', 0, 10)).toEqual({ ids: [], total: 0 });
  });
});
