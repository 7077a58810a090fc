// The trash (docs/api.md, Trash) through HTTP on a real PostgreSQL: deletes are restorable for
// 30 days, restore is all or nothing, and every kept total follows the rows.
import type { Transaction, TrashPage } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { importFixture, uploadImport } from '../../support/import-files';
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

const WINDOW = { from: '2026-04-01', to: '2026-04-30' };

async function seed(user: SignedUpUser, count: number): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  for (let i = 0; i < count; i++) {
    rows.push(
      await given.transaction(context.app, user, {
        name: `Item ${i}`,
        category: ['Food', 'Shopping', 'Salary'][i % 3] ?? 'Food',
        cost: 5 + i * 1.25,
        addedOn: `2026-04-${String(1 + i).padStart(2, '0')}`,
        isIncome: i % 3 === 2,
        note: i === 0 ? 'first' : '',
        tags: i % 2 === 0 ? ['even'] : [],
      }),
    );
  }
  return rows;
}

const trashOf = (user: SignedUpUser, query = '') =>
  ok<TrashPage>(user, 'GET', `/api/transactions/trash${query}`);
const restore = (user: SignedUpUser, transactionIds: unknown) =>
  call(user, 'POST', '/api/transactions/trash/restore', { transactionIds });

/** A row as it must come back: everything but nothing (restoring changes no field). */
const sorted = (rows: Transaction[]) => [...rows].sort((a, b) => (a._id < b._id ? -1 : 1));

describe('the trash: deleting and restoring', () => {
  it('keeps a deleted transaction, lists it, and restores it exactly; totals follow', async () => {
    const user = await signUp(context.app, { setup: true });
    const rows = await seed(user, 6);
    const all = await allTransactions(context.app, user);
    const victim = rows[0]!;
    expect((await call(user, 'DELETE', `/api/transactions/${victim._id}`)).json()).toEqual({
      message: 'Transaction deleted.',
    });
    expect((await allTransactions(context.app, user)).map((row) => row._id)).not.toContain(
      victim._id,
    );
    await expectTotalsMatchRows(context.app, user, WINDOW);

    const trash = await trashOf(user);
    expect(trash.total).toBe(1);
    expect(trash.transactions[0]).toMatchObject({
      _id: victim._id,
      name: victim.name,
      category: victim.category,
      cost: victim.cost,
      currency: 'USD',
      addedOn: victim.addedOn,
      isIncome: victim.isIncome,
      note: 'first',
      accountId: victim.accountId,
      tags: ['even'],
    });
    const deletedAt = Date.parse(trash.transactions[0]!.deletedAt);
    expect(Math.abs(deletedAt - Date.now())).toBeLessThan(60_000);
    expect(trash.transactions[0]!.purgeOn).toBe(
      new Date(deletedAt + 30 * 86_400_000).toISOString().slice(0, 10),
    );

    expect((await restore(user, [victim._id])).json()).toEqual({
      message: '1 transaction(s) restored.',
      restoredCount: 1,
    });
    expect(sorted(await allTransactions(context.app, user))).toEqual(sorted(all));
    expect((await trashOf(user)).total).toBe(0);
    await expectTotalsMatchRows(context.app, user, WINDOW);
  });

  it('takes a bulk delete whole, and restores it all or nothing', async () => {
    const alice = await signUp(context.app, { setup: true });
    const bob = await signUp(context.app, { setup: true });
    const rows = await seed(alice, 9);
    const bobRows = await seed(bob, 1);
    const ids = rows.slice(0, 5).map((row) => row._id);
    expect(
      (await call(alice, 'DELETE', '/api/transactions/bulk', { transactionIds: ids })).json(),
    ).toMatchObject({ deletedCount: 5 });
    await expectTotalsMatchRows(context.app, alice, WINDOW);
    expect((await trashOf(alice, '?limit=2&page=3')).transactions).toHaveLength(1);
    expect((await trashOf(alice)).total).toBe(5);
    expect((await trashOf(bob)).total).toBe(0);

    // Bob's deleted row, an id never deleted, a restored one, garbage: 404, nothing restored.
    await ok(bob, 'DELETE', `/api/transactions/${bobRows[0]!._id}`);
    for (const stranger of [
      bobRows[0]!._id,
      rows[7]!._id,
      '0190c5c0-0000-7000-8000-000000000000',
      'x',
    ]) {
      const response = await restore(alice, [...ids, stranger]);
      expect(response.statusCode, stranger).toBe(404);
      expect(response.json().code).toBe('TRASH_NOT_FOUND');
    }
    expect((await trashOf(alice)).total).toBe(5);
    expect((await trashOf(bob)).total).toBe(1);
    expect(await allTransactions(context.app, alice)).toHaveLength(4);

    expect((await restore(alice, ids)).json()).toMatchObject({ restoredCount: 5 });
    expect(await allTransactions(context.app, alice)).toHaveLength(9);
    // Restored once: a second time there is nothing to restore.
    expect((await restore(alice, ids.slice(0, 1))).statusCode).toBe(404);
    await expectTotalsMatchRows(context.app, alice, WINDOW);
  });

  it('refuses garbage with 400 and changes nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    for (const body of [
      {},
      { transactionIds: [] },
      { transactionIds: 'all' },
      [1],
      { transactionIds: [1] },
    ]) {
      const response = await call(user, 'POST', '/api/transactions/trash/restore', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBeTruthy();
    }
    for (const query of ['?page=0', '?limit=101', '?page=abc']) {
      expect((await call(user, 'GET', `/api/transactions/trash${query}`)).statusCode).toBe(400);
    }
  });
});

describe('the trash: what changed since the delete', () => {
  it('forgets rows deleted more than 30 days ago', async () => {
    const user = await signUp(context.app, { setup: true });
    const rows = await seed(user, 3);
    await ok(user, 'DELETE', '/api/transactions/bulk', {
      transactionIds: rows.map((row) => row._id),
    });
    await context.database.pool.query(
      `UPDATE deleted_transactions SET deleted_at = now() - interval '31 days'
       WHERE id = $1`,
      [rows[0]!._id],
    );
    const trash = await trashOf(user);
    expect(trash.transactions.map((row) => row._id).sort()).toEqual(
      [rows[1]!._id, rows[2]!._id].sort(),
    );
    expect((await restore(user, [rows[0]!._id])).statusCode).toBe(404);
    // The next delete (anyone's) purges it for good.
    const other = await signUp(context.app, { setup: true });
    const [otherRow] = await seed(other, 1);
    await ok(other, 'DELETE', `/api/transactions/${otherRow!._id}`);
    const { rows: left } = await context.database.pool.query(
      'SELECT id FROM deleted_transactions WHERE id = $1',
      [rows[0]!._id],
    );
    expect(left).toEqual([]);
  });

  it('brings back a custom category deleted since, with its row', async () => {
    const user = await signUp(context.app, { setup: true });
    const row = await given.transaction(context.app, user, {
      name: 'Climbing gym',
      category: 'Climbing',
      cost: 30,
      addedOn: '2026-04-02',
      isIncome: false,
    });
    await ok(user, 'DELETE', `/api/transactions/${row._id}`);
    await ok(user, 'DELETE', '/api/transactions/category', { categoryToDelete: 'Climbing' });
    expect(await ok<string[]>(user, 'GET', '/api/transactions/categories/expense')).not.toContain(
      'Climbing',
    );
    expect((await restore(user, [row._id])).statusCode).toBe(200);
    expect(await ok<string[]>(user, 'GET', '/api/transactions/categories/expense')).toContain(
      'Climbing',
    );
    expect((await allTransactions(context.app, user))[0]).toMatchObject({ category: 'Climbing' });
    await expectTotalsMatchRows(context.app, user, WINDOW);
  });

  it('restores into the first account when its own was deleted, and keeps its receipt', async () => {
    const user = await signUp(context.app, { setup: true });
    const cash = await given.account(context.app, user, {
      name: 'Cash',
      type: 'cash',
    });
    const main = (
      await ok<Array<{ _id: string; name: string }>>(user, 'GET', '/api/accounts')
    ).find((account) => account.name !== 'Cash')!;
    const row = await given.transaction(context.app, user, {
      name: 'Market',
      category: 'Food',
      cost: 12,
      addedOn: '2026-04-03',
      isIncome: false,
      accountId: cash._id,
    });
    const receiptId = '0190c5c0-0000-7000-8000-0000000000aa';
    await context.database.pool.query(
      `INSERT INTO receipts (id, user_id, file_name, mime_type, size_bytes, sha256, content, reading)
       VALUES ($1, $2, 'r.png', 'image/png', 1, 'x', '\\x00', '{}')`,
      [receiptId, user.id],
    );
    await context.database.pool.query('UPDATE transactions SET receipt_id = $1 WHERE id = $2', [
      receiptId,
      row._id,
    ]);
    await ok(user, 'DELETE', `/api/transactions/${row._id}`);
    expect((await call(user, 'DELETE', `/api/accounts/${cash._id}`)).statusCode).toBe(200);
    expect((await restore(user, [row._id])).statusCode).toBe(200);
    const [back] = await allTransactions(context.app, user);
    expect(back).toMatchObject({ _id: row._id, accountId: main._id, receiptId, cost: 12 });
    await expectTotalsMatchRows(context.app, user, WINDOW);
  });

  it("forgets an undone import's deleted rows: they never come back", async () => {
    const user = await signUp(context.app, { setup: true });
    const upload = await uploadImport(
      context.app,
      user,
      'uk-bank.csv',
      importFixture('uk-bank.csv'),
    );
    const imported = upload.json<{ _id: string }>();
    await ok(user, 'POST', `/api/imports/${imported._id}/commit`, {});
    const rows = await allTransactions(context.app, user);
    expect(rows.length).toBe(8);
    await ok(user, 'DELETE', `/api/transactions/${rows[0]!._id}`);
    expect((await trashOf(user)).total).toBe(1);
    expect(await ok(user, 'DELETE', `/api/imports/${imported._id}`)).toMatchObject({ deleted: 7 });
    expect((await trashOf(user)).total).toBe(0);
    expect((await restore(user, [rows[0]!._id])).statusCode).toBe(404);
    expect(await allTransactions(context.app, user)).toEqual([]);
  });

  it('gives a recurring occurrence back unlinked when its day is taken again', async () => {
    const user = await signUp(context.app, { setup: true });
    const rule = await given.recurring(context.app, user, {
      name: 'Rent',
      category: 'Housing',
      amount: 500,
      isIncome: false,
      frequency: 'monthly',
      startDate: '2026-01-05',
    });
    const occurrence = (await allTransactions(context.app, user)).find(
      (row) => row.addedOn === '2026-01-05',
    )!;
    await ok(user, 'DELETE', `/api/transactions/${occurrence._id}`);
    // The day is taken again by the rule (an edit re-runs it from its start).
    await context.database.pool.query(
      `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income,
         account_id, currency, recurring_id)
       VALUES (gen_random_uuid(), $1, 'Rent', 'Housing', 50000, '2026-01-05', false,
         (SELECT id FROM accounts WHERE user_id = $1 LIMIT 1), 'USD', $2)`,
      [user.id, rule._id],
    );
    expect((await restore(user, [occurrence._id])).statusCode).toBe(200);
    const back = (await allTransactions(context.app, user)).find(
      (row) => row._id === occurrence._id,
    );
    expect(back).toMatchObject({ recurringId: null, cost: 500, addedOn: '2026-01-05' });
  });
});
