// Imports: duplicates, categories and what goes with what.
import type { Import } from '@moneta/shared';
import { describe, expect, it } from 'vitest';
import { given } from '../../support/given';
import { importFixture } from '../../support/import-files';
import { signUp } from '../../test-app';
import {
  call,
  commit,
  context,
  csv,
  ok,
  transactionsOf,
  upload,
  uploadFixture,
} from './imports-setup';

describe('duplicates', () => {
  it('matches one to one by kind, amount, date within two days and the payee folded', async () => {
    const user = await signUp(context.app, { setup: true });
    const add = (name: string, addedOn: string, cost = 4.5) =>
      given.transaction(context.app, user, {
        name,
        category: 'Food',
        cost,
        addedOn,
        isIncome: false,
      });
    const coffee = await add('Café Central', '2026-03-05');
    await add('Cafe Central', '2026-03-20', 4.6); // another amount
    await add('Cafe Central', '2026-03-28'); // four days from the file's row
    const file = csv([
      'Date,Payee,Amount',
      '2026-03-04,CAFE CENTRAL,-4.50',
      '2026-03-05,CAFE CENTRAL,-4.50',
      '2026-03-07,Bakery,-4.50',
      '2026-03-20,CAFE CENTRAL,4.60',
      '2026-03-24,CAFE CENTRAL,-4.50',
    ]);
    const imported = await upload(user, 'coffee.csv', file);
    expect(imported.preview.map((row) => [row.status, row.duplicateOf])).toEqual([
      ['new', null],
      ['duplicate', coffee._id],
      ['new', null],
      ['new', null], // an income of 4.60 is not the expense
      ['new', null],
    ]);
    // The user includes the duplicate anyway, leaves a new row out, recategorises another.
    const result = await commit(user, imported._id, {
      rows: [
        { index: 1, include: true },
        { index: 2, include: false },
        { index: 3, category: 'Refunds' },
      ],
    });
    expect(result).toEqual({
      created: 4,
      skippedDuplicates: 0,
      skippedProblems: 0,
      skippedExcluded: 1,
      transfers: 0,
    });
    const created = (await transactionsOf(user)).filter((transaction) => transaction.importId);
    expect(created.find((transaction) => transaction.isIncome)).toMatchObject({
      category: 'Refunds',
      cost: 4.6,
    });
  });

  it('pairs closest date first: a row whose closest transaction a closer row took gets the next one', async () => {
    const user = await signUp(context.app, { setup: true });
    const add = (addedOn: string) =>
      given.transaction(context.app, user, {
        name: 'Corner Shop',
        category: 'Food',
        cost: 7.25,
        addedOn,
        isIncome: false,
      });
    const second = await add('2026-05-02');
    const third = await add('2026-05-03');
    // 1 May is a day from 2 May and two from 3 May; 2 May is 2 May's own row.
    const file = csv([
      'Date,Payee,Amount',
      '2026-05-01,CORNER SHOP,-7.25',
      '2026-05-02,CORNER SHOP,-7.25',
      '2026-05-01,CORNER SHOP,-7.25',
    ]);
    const imported = await upload(user, 'shop.csv', file);
    expect(imported.preview.map((row) => [row.status, row.duplicateOf])).toEqual([
      ['duplicate', third._id],
      ['duplicate', second._id],
      ['new', null],
    ]);
  });

  it('pairs a run of equal rows with equal transactions in order, however long the run', async () => {
    const user = await signUp(context.app, { setup: true });
    const ledger = [];
    for (let i = 0; i < 6; i++) {
      ledger.push(
        await given.transaction(context.app, user, {
          name: 'Car Park',
          category: 'Transport',
          cost: 2,
          addedOn: '2026-06-10',
          isIncome: false,
        }),
      );
    }
    const file = csv(['Date,Payee,Amount', ...Array<string>(7).fill('2026-06-10,CAR PARK,-2.00')]);
    const imported = await upload(user, 'parking.csv', file);
    expect(imported.preview.map((row) => [row.status, row.duplicateOf])).toEqual([
      ...ledger.map((transaction) => ['duplicate', transaction._id]),
      ['new', null],
    ]);
  });

  it('matches by bank id first, in the import’s account only', async () => {
    const user = await signUp(context.app, { setup: true });
    const first = await uploadFixture(user, 'checking-ofx1.ofx');
    await commit(user, first._id);
    // The same transactions renamed by the bank: the ids still match.
    const renamed = Buffer.from(
      importFixture('checking-ofx1.ofx')
        .toString('latin1')
        .replaceAll('BLUE BOTTLE COFFEE', 'BLUE BOTTLE #12'),
      'latin1',
    );
    const again = await upload(user, 'renamed.ofx', renamed);
    expect(again.counts).toEqual({ new: 0, duplicate: 6, problem: 0, transfer: 0 });
    // Another account has none of them.
    const savings = await given.account(context.app, user, {
      name: 'Savings',
      type: 'savings',
    });
    const elsewhere = await upload(user, 'x.ofx', importFixture('checking-ofx1.ofx'), {
      accountId: savings._id,
    });
    expect(elsewhere.counts.new).toBe(6);
  });

  it('finds the duplicates of a file committed after the preview (two previews of one file)', async () => {
    const user = await signUp(context.app, { setup: true });
    const one = await uploadFixture(user, 'us-bank.csv');
    const two = await uploadFixture(user, 'us-bank.csv');
    expect(two.counts.new).toBe(10);
    await commit(user, one._id);
    expect(await commit(user, two._id)).toMatchObject({ created: 0, skippedDuplicates: 10 });
  });

  it('refuses choices for rows that do not exist, and changes nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'checking.qif');
    const response = await call(user, 'POST', `/api/imports/${imported._id}/commit`, {
      rows: [{ index: 6, include: true }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Row 7 does not exist: this import has 6 rows.');
    expect(await transactionsOf(user)).toEqual([]);
    expect(await commit(user, imported._id)).toMatchObject({ created: 6 });
  });
});

describe('categories', () => {
  it('takes a rule first, then the user’s history, then the default; Other Income becomes a custom category on first use', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.rule(context.app, user, {
      value: 'starbucks',
      category: 'Coffee',
      rename: 'Starbucks',
    });
    await given.transaction(context.app, user, {
      name: 'Netflix.com 866-579-7172 CA',
      category: 'Subscriptions',
      cost: 15.49,
      addedOn: '2025-12-16',
      isIncome: false,
    });
    expect(await ok(user, 'GET', '/api/transactions/categories/income')).not.toContain(
      'Other Income',
    );
    const imported = await uploadFixture(user, 'us-bank.csv');
    const byName = new Map(imported.preview.map((row) => [row.name, row]));
    expect(byName.get('Starbucks')).toMatchObject({ category: 'Coffee', categorySource: 'rule' });
    expect(byName.get('NETFLIX.COM 866-579-7172 CA')).toMatchObject({
      category: 'Subscriptions',
      categorySource: 'history',
    });
    expect(byName.get('SHELL OIL 57442 PORTLAND OR')).toMatchObject({
      category: 'Miscellaneous',
      categorySource: 'default',
    });
    expect(byName.get('ZELLE FROM JANE DOE')).toMatchObject({
      category: 'Other Income',
      categorySource: 'default',
    });
    await commit(user, imported._id, { rows: [{ index: 8, category: 'Gifts' }] });
    expect(await ok(user, 'GET', '/api/transactions/categories/income')).toContain('Other Income');
    expect(await ok(user, 'GET', '/api/transactions/categories/expense')).toContain('Coffee');
    const zelle = (await transactionsOf(user, '&search=zelle'))[0];
    expect(zelle).toMatchObject({ category: 'Gifts' });
    // Re-importing finds the renamed rows as duplicates too.
    const again = await uploadFixture(user, 'us-bank.csv');
    expect(again.counts.duplicate).toBe(10);
  });

  it('uses the file’s own category column when the mapping names one', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await upload(
      user,
      'categories.csv',
      csv([
        'Date,Description,Category,Amount',
        '2026-03-01,Lidl,Groceries,-20.00',
        '2026-03-02,Pharmacy,,-8.00',
      ]),
    );
    expect(imported.mapping).toMatchObject({ category: 2 });
    expect(imported.preview.map((row) => [row.category, row.categorySource])).toEqual([
      ['Groceries', 'file'],
      ['Miscellaneous', 'default'],
    ]);
  });
});

describe('what goes with what', () => {
  it('a rule added after the upload counts in the preview and the commit', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'uk-bank.csv');
    expect(imported.preview[0]).toMatchObject({
      category: 'Miscellaneous',
      categorySource: 'default',
    });
    await given.rule(context.app, user, {
      value: 'tesco',
      category: 'Groceries',
      rename: 'Tesco',
    });
    const again = await ok<Import>(user, 'GET', `/api/imports/${imported._id}`);
    expect(again.preview[0]).toMatchObject({
      name: 'Tesco',
      category: 'Groceries',
      categorySource: 'rule',
    });
    await commit(user, imported._id);
    expect((await transactionsOf(user, '&search=tesco'))[0]).toMatchObject({
      name: 'Tesco',
      category: 'Groceries',
    });
  });

  it('an account’s imports and their rows go with the account', async () => {
    const user = await signUp(context.app, { setup: true });
    const spare = await given.account(context.app, user, {
      name: 'Spare',
      type: 'cash',
    });
    const imported = await upload(user, 'x.qif', importFixture('checking.qif'), {
      accountId: spare._id,
    });
    await ok(user, 'DELETE', `/api/accounts/${spare._id}`);
    expect((await call(user, 'GET', `/api/imports/${imported._id}`)).statusCode).toBe(404);
    const { rows } = await context.database.pool.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM import_rows WHERE import_id = $1',
      [imported._id],
    );
    expect(rows[0]?.count).toBe(0);
  });
});
