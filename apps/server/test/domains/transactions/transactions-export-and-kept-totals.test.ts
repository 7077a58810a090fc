// Transactions exported as CSV, and the totals the database keeps for them.
import type { Transaction } from '@moneta/shared';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test-app';
import { call, context, create, expense, list } from './transactions-setup';

describe('GET /api/transactions/export', () => {
  it('downloads a CSV that parses back to the transactions, with formulas neutralised', async () => {
    const user = await signUp(context.app, { setup: true });
    await create(
      user,
      expense({
        name: 'Comma, "quoted" and\nnewline',
        cost: 1234.5,
        addedOn: '2026-01-02',
        note: '=HYPERLINK("http://evil")',
      }),
    );
    await create(
      user,
      expense({ name: '+SUM(A1)', category: '@risk', addedOn: '2026-01-01', note: '-1' }),
    );
    await create(user, {
      name: 'Café ☕',
      category: 'Salary',
      cost: 10,
      addedOn: '2026-01-03',
      isIncome: true,
    });

    const response = await call(user, 'GET', '/api/transactions/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="moneta_transactions.csv"',
    );
    const rows = parse(response.rawPayload, { bom: true }) as string[][];
    expect(rows).toEqual([
      [
        'Date',
        'Type',
        'Name',
        'Category',
        'Amount',
        'Note',
        'Account',
        'Currency',
        'Base amount',
        'Split',
      ],
      ['2026-01-03', 'Income', 'Café ☕', 'Salary', '10.00', '', 'Main', 'USD', '10.00', ''],
      [
        '2026-01-02',
        'Expense',
        'Comma, "quoted" and\nnewline',
        'Food',
        '1234.50',
        `'=HYPERLINK("http://evil")`,
        'Main',
        'USD',
        '1234.50',
        '',
      ],
      ['2026-01-01', 'Expense', "'+SUM(A1)", "'@risk", '3.50', "'-1", 'Main', 'USD', '3.50', ''],
    ]);
  });

  it('applies the list filters and streams every row past one batch', async () => {
    const user = await signUp(context.app, { setup: true });
    const values = Array.from({ length: 2345 }, (_, index) => {
      const day = String((index % 28) + 1).padStart(2, '0');
      return `('${crypto.randomUUID()}', '${user.id}', 'Bulk ${index}', 'Food', ${index + 1}, '2026-02-${day}', ${index % 2 === 0})`;
    });
    await context.database.pool.query(
      `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income) VALUES ${values.join(',')}`,
    );
    const all = parse((await call(user, 'GET', '/api/transactions/export')).rawPayload, {
      bom: true,
    }) as string[][];
    expect(all).toHaveLength(2346);
    expect(new Set(all.slice(1).map((row) => row[2])).size).toBe(2345);
    const dates = all.slice(1).map((row) => row[0]!);
    expect([...dates].sort().reverse()).toEqual(dates);

    const incomes = parse(
      (
        await call(
          user,
          'GET',
          '/api/transactions/export?isIncome=true&startDate=2026-02-01&endDate=2026-02-01',
        )
      ).rawPayload,
      { bom: true },
    ) as string[][];
    expect(incomes.slice(1).every((row) => row[1] === 'Income' && row[0] === '2026-02-01')).toBe(
      true,
    );
    expect(incomes.length - 1).toBe(
      all.slice(1).filter((row) => row[1] === 'Income' && row[0] === '2026-02-01').length,
    );
  });

  it('rejects bad filters with 400', async () => {
    const user = await signUp(context.app, { setup: true });
    expect((await call(user, 'GET', '/api/transactions/export?startDate=nope')).statusCode).toBe(
      400,
    );
  });
});

describe('transaction_totals, transaction_search_counts and transaction_daily_totals', () => {
  it('stay equal to a fresh aggregate through every kind of change', async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    const created: Transaction[] = [];
    for (let index = 0; index < 30; index++) {
      const owner = index % 3 === 0 ? other : user;
      const transaction = await create(
        owner,
        expense({
          category: ['Food', 'Bills', 'Pets'][index % 3],
          cost: index + 0.25,
          addedOn: `2026-03-0${(index % 5) + 1}`,
          isIncome: index % 4 === 0,
          // Repeated names and notes: several transactions share one search text.
          name: `T${index % 7}`,
          note: index % 2 === 0 ? 'Shared Note' : null,
        }),
      );
      if (owner === user) created.push(transaction);
    }
    await call(
      user,
      'PUT',
      `/api/transactions/${created[0]!._id}`,
      expense({ category: 'Pets', cost: 1000 }),
    );
    await call(user, 'PUT', `/api/transactions/${created[1]!._id}`, {
      category: 'Salary',
      cost: 5,
      addedOn: '2026-01-01',
      isIncome: true,
    });
    await call(user, 'DELETE', `/api/transactions/${created[2]!._id}`);
    await call(user, 'DELETE', '/api/transactions/bulk', {
      transactionIds: [created[3]!._id, created[4]!._id],
    });
    await call(user, 'DELETE', '/api/transactions/category', { categoryToDelete: 'Pets' });
    // The longest multi-byte texts still fit the kept counts' key (it holds a hash).
    await create(user, expense({ name: 'й'.repeat(100), note: '😀'.repeat(250) }));
    // …and the list index's entries: three-byte characters at every field's length limit.
    await create(
      user,
      expense({ name: '中'.repeat(100), category: '類'.repeat(50), note: '注'.repeat(500) }),
    );
    const doomed = await signUp(context.app, { setup: true });
    await create(doomed, expense());
    await call(doomed, 'DELETE', '/api/users/account');

    const { rows: kept } = await context.database.pool.query(
      'SELECT user_id, is_income, category, transaction_count, sum_cents FROM transaction_totals ORDER BY 1, 2, 3',
    );
    const { rows: fresh } = await context.database.pool.query(
      `SELECT user_id, is_income, category, count(*)::bigint AS transaction_count, sum(cost_cents)::bigint AS sum_cents
       FROM transactions GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(kept).toEqual(fresh);
    expect(kept.some((row) => row.user_id === doomed.id)).toBe(false);
    const { rows: keptTexts } = await context.database.pool.query(
      `SELECT user_id, is_income, category, search_text, transaction_count
       FROM transaction_search_counts ORDER BY 1, 2, 3, 4`,
    );
    const { rows: freshTexts } = await context.database.pool.query(
      `SELECT user_id, is_income, category, search_text, count(*)::bigint AS transaction_count
       FROM transactions GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    );
    expect(keptTexts).toEqual(freshTexts);
    expect(keptTexts.some((row) => Number(row.transaction_count) > 1)).toBe(true);
    const { rows: keptDays } = await context.database.pool.query(
      `SELECT user_id, added_on, is_income, category, transaction_count, sum_cents
       FROM transaction_daily_totals ORDER BY 1, 2, 3, 4`,
    );
    const { rows: freshDays } = await context.database.pool.query(
      `SELECT user_id, added_on, is_income, category, count(*)::bigint AS transaction_count,
              sum(cost_cents)::bigint AS sum_cents
       FROM transactions GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    );
    expect(keptDays).toEqual(freshDays);
    expect(keptDays.some((row) => Number(row.transaction_count) > 1)).toBe(true);
    expect(keptDays.some((row) => row.user_id === doomed.id)).toBe(false);

    // The list's page count and the summary read these totals.
    const all = await list(user, '?limit=100');
    expect(all.total).toBe(all.transactions.length);
    const food = await list(user, '?category=Food&isIncome=false&limit=100');
    expect(food.total).toBe(
      all.transactions.filter((row) => row.category === 'Food' && !row.isIncome).length,
    );
    // A search's page count comes from transaction_search_counts.
    const shared = await list(user, '?search=shared%20note&isIncome=false&limit=100');
    expect(shared.total).toBe(
      all.transactions.filter((row) => row.note === 'Shared Note' && !row.isIncome).length,
    );
    expect(shared.total).toBe(shared.transactions.length);
    expect(shared.total).toBeGreaterThan(1);
    const summary = (await call(user, 'GET', '/api/transactions/summary')).json();
    const sum = (isIncome: boolean) =>
      Math.round(
        all.transactions
          .filter((row) => row.isIncome === isIncome)
          .reduce((total, row) => total + row.cost * 100, 0),
      ) / 100;
    expect(summary.totalIncome).toBe(sum(true));
    expect(summary.totalExpenses).toBe(sum(false));
  });
});
