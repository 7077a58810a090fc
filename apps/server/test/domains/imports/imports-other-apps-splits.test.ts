// Imports of other apps’ exports: splits kept where the file has them, and bad input.
import type { Import, ImportUndoResult } from '@moneta/shared';
import { describe, expect, it } from 'vitest';
import { uploadImport } from '../../support/import-files';
import { signUp } from '../../test-app';
import {
  accountsOf,
  call,
  commit,
  context,
  fixture,
  ok,
  rowsOf,
  transactionsOf,
  transfersOf,
  upload,
} from './imports-other-apps-setup';

describe('splits kept where the file has them', () => {
  const YNAB_HEADER =
    '"Account","Flag","Date","Payee","Category Group/Category","Category Group","Category","Memo","Outflow","Inflow","Cleared"';
  /** A YNAB record of the Visa account on 17 March 2026 (month first, as the date says). */
  const ynabRow = (payee: string, category: string, memo: string, out: string, inflow = '$0.00') =>
    `"Visa","","03/17/2026","${payee}","${category}","","","${memo}",${out},${inflow},"Cleared"`;
  const splitFile = [
    YNAB_HEADER,
    ynabRow('Market', 'Food: Groceries', 'Split (1/3) veg', '$12.30'),
    ynabRow('Market', 'Home: Cleaning', 'Split (2/3)', '$7.05'),
    ynabRow('Market', 'Food: Groceries', 'Split (3/3) bread', '$2.10'),
    ynabRow('Bakery', 'Food: Groceries', '', '$3.00'),
  ].join('\n');
  const parts = [
    { category: 'Food: Groceries', cents: 1230, note: 'veg' },
    { category: 'Home: Cleaning', cents: 705, note: null },
    { category: 'Food: Groceries', cents: 210, note: 'bread' },
  ];
  const totalCents = parts.reduce((sum, part) => sum + part.cents, 0);

  it('commits one split transaction counted per part, found again as a duplicate, and undone whole', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await upload(user, 'Register.csv', Buffer.from(splitFile));
    expect(imported.counts).toEqual({ new: 2, duplicate: 0, problem: 0, transfer: 0 });
    const [market] = (await rowsOf(user, imported._id)).filter((row) => row.name === 'Market');
    expect(market).toMatchObject({
      index: 0,
      amount: totalCents / 100,
      category: 'Food: Groceries',
      splits: parts.map((part) => ({
        category: part.category,
        amount: part.cents / 100,
        note: part.note,
      })),
    });

    expect(await commit(user, imported._id)).toMatchObject({ created: 2 });
    const created = (await transactionsOf(user)).find((row) => row.name === 'Market')!;
    expect(created).toMatchObject({
      cost: totalCents / 100,
      category: 'Food: Groceries',
      splits: market!.splits,
    });
    // Each part counts in its own category: the report adds parts of one category up.
    const report = await ok<{ categories: Array<{ name: string; total: number }> }>(
      user,
      'GET',
      '/api/reports/categories?from=2026-03-01&to=2026-03-31&isIncome=false',
    );
    const byCategory = (name: string) =>
      parts.filter((part) => part.category === name).reduce((sum, part) => sum + part.cents, 0);
    expect(
      Object.fromEntries(report.categories.map((row) => [row.name, Math.round(row.total * 100)])),
    ).toEqual({
      'Food: Groceries': byCategory('Food: Groceries') + 300,
      'Home: Cleaning': byCategory('Home: Cleaning'),
    });

    // The same file again: the split row is the transaction it made.
    const again = await upload(user, 'Register.csv', Buffer.from(splitFile));
    expect(again.counts).toEqual({ new: 0, duplicate: 2, problem: 0, transfer: 0 });
    const [marketAgain] = (await rowsOf(user, again._id)).filter((row) => row.name === 'Market');
    expect(marketAgain).toMatchObject({ status: 'duplicate', duplicateOf: created._id });
    await ok(user, 'DELETE', `/api/imports/${again._id}`);

    // Undo takes the transaction and its parts away, and the totals with them.
    await ok(user, 'DELETE', `/api/imports/${imported._id}`);
    expect(await transactionsOf(user)).toEqual([]);
    const left = await context.database.pool.query(
      'SELECT (SELECT count(*)::int FROM transaction_splits WHERE user_id = $1) AS parts, (SELECT count(*)::int FROM transaction_totals WHERE household_id = (SELECT default_household_id FROM users WHERE id = $1) AND transaction_count > 0) AS totals',
      [user.id],
    );
    expect(left.rows).toEqual([{ parts: 0, totals: 0 }]);
  });

  it('refuses a category chosen for a split row, changing nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await upload(user, 'Register.csv', Buffer.from(splitFile));
    const response = await call(user, 'POST', `/api/imports/${imported._id}/commit`, {
      rows: [{ index: 0, category: 'Shopping' }],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'Row 1 is split in the file: its parts keep their own categories.',
    });
    expect(await transactionsOf(user)).toEqual([]);
    const after = await ok<Import>(user, 'GET', `/api/imports/${imported._id}`);
    expect(after.status).toBe('preview');
    // Its own category (the largest part's) may be sent back as it is, and the row left out.
    const committed = await commit(user, imported._id, {
      rows: [
        { index: 0, category: 'Food: Groceries' },
        { index: 1, include: false },
      ],
    });
    expect(committed).toMatchObject({ created: 1 });
    expect((await transactionsOf(user))[0]).toMatchObject({
      name: 'Market',
      splits: parts.map((part) => expect.objectContaining({ amount: part.cents / 100 })),
    });
  });

  it('keeps parts as rows of their own when they cannot be one transaction', async () => {
    const user = await signUp(context.app, { setup: true });
    const file = [
      YNAB_HEADER,
      // A part missing: 1/2 without 2/2.
      ynabRow('Alone', 'Food: Groceries', 'Split (1/2) half', '$4.00'),
      ynabRow('Other', 'Food: Groceries', '', '$1.00'),
      // Parts of both directions: a purchase with a refund inside.
      ynabRow('Mixed', 'Food: Groceries', 'Split (1/2)', '$9.00'),
      ynabRow('Mixed', 'Shopping: Returns', 'Split (2/2)', '$0.00', '$2.50'),
    ].join('\n');
    const imported = await upload(user, 'Register.csv', Buffer.from(file));
    const rows = await rowsOf(user, imported._id);
    expect(
      rows.map((row) => [row.name, row.amount, row.isIncome, row.note, 'splits' in row]),
    ).toEqual([
      ['Alone', 4, false, 'half', false],
      ['Other', 1, false, null, false],
      ['Mixed', 9, false, null, false],
      ['Mixed', 2.5, true, null, false],
    ]);
  });
});

describe('bad input', () => {
  it('refuses a YNAB header with no rows, and a file cut inside a quoted field, changing nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    const before = await accountsOf(user);
    const text = fixture('ynab-register.csv').toString('utf8');
    const headerOnly = await uploadImport(
      context.app,
      user,
      'ynab.csv',
      Buffer.from(`${text.split('\n')[0]}\n`),
    );
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json()).toMatchObject({ code: 'NO_ROWS' });
    const cut = await uploadImport(
      context.app,
      user,
      'ynab.csv',
      Buffer.from(text.slice(0, text.indexOf('Split (2/2)') + 4)),
    );
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ code: 'CSV_QUOTE_NOT_CLOSED' });
    expect(await ok<Import[]>(user, 'GET', '/api/imports')).toEqual([]);
    expect(await accountsOf(user)).toEqual(before);
  });

  it('refuses a garbled export none of whose rows can be read, with a sentence naming the row', async () => {
    const user = await signUp(context.app, { setup: true });
    const garbled = [
      'Account,Date,Payee,Notes,Category,Amount,Split_Amount,Cleared',
      'Checking,yesterday,Shop,,Food,lots,0,Cleared',
      'Checking,not a date,Shop,,Food,??,0,Cleared',
    ].join('\n');
    const response = await uploadImport(context.app, user, 'actual.csv', Buffer.from(garbled));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'NO_TRANSACTIONS' });
    expect(response.json<{ message: string }>().message).toMatch(/Actual Budget export.*Row 1/);
    expect(await ok<Import[]>(user, 'GET', '/api/imports')).toEqual([]);
  });

  it('keeps a bad row of a good file as a problem row with its reason', async () => {
    const user = await signUp(context.app, { setup: true });
    const text = fixture('mint-transactions.csv')
      .toString('utf8')
      .replace('"3,100.00","credit"', '"3,100.00","pending"');
    const imported = await upload(user, 'mint.csv', Buffer.from(text));
    expect(imported.counts.problem).toBe(1);
    const problem = (await rowsOf(user, imported._id)).find((row) => row.status === 'problem');
    expect(problem?.problem).toBe(
      'Row 5: the Transaction Type "pending" is neither debit nor credit.',
    );
    // A problem row of the account it names (Total Checking), which keeps its three rows.
    expect(problem?.statement).toBe(1);
    expect(imported.statements.map((statement) => statement.rowCount)).toEqual([3, 3]);
  });

  it('does not let another user see or commit the import (404), and undo removes the accounts it created', async () => {
    const owner = await signUp(context.app, { setup: true });
    const stranger = await signUp(context.app, { setup: true });
    const imported = await upload(owner, 'actual-export.csv');
    const peek = await call(stranger, 'GET', `/api/imports/${imported._id}`);
    expect(peek.statusCode).toBe(404);
    const steal = await call(stranger, 'POST', `/api/imports/${imported._id}/commit`, {});
    expect(steal.statusCode).toBe(404);
    expect(await transactionsOf(stranger)).toEqual([]);
    const before = (await accountsOf(owner)).length;
    await commit(owner, imported._id);
    // Three accounts in the export; the fresh user's untouched "Main" became the first of them
    // (docs/imports-other-apps.md, Accounts), and undo makes it "Main" again.
    expect((await accountsOf(owner)).length).toBe(before + 2);
    const undone = await ok<ImportUndoResult>(owner, 'DELETE', `/api/imports/${imported._id}`);
    expect(undone.removedAccountIds).toHaveLength(2);
    expect(await transactionsOf(owner)).toEqual([]);
    expect(await transfersOf(owner)).toEqual([]);
    expect((await accountsOf(owner)).length).toBe(before);
  });
});
