// Transactions exported as CSV.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test-app';
import { call, context, create, expense } from './transactions-setup';

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
