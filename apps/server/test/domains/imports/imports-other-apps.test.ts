// Imports of other apps’ exports: YNAB, Actual Budget, Mint and Firefly III.
import type { Import } from '@moneta/shared';
import { describe, expect, it } from 'vitest';
import { given } from '../../support/given';
import { importFixture } from '../../support/import-files';
import { signUp } from '../../test-app';
import {
  accountsOf,
  call,
  commit,
  context,
  fixture,
  ledger,
  movementCents,
  ok,
  rowsOf,
  statementsOf,
  transactionsOf,
  transfersByName,
  upload,
} from './imports-other-apps-setup';

describe('a YNAB register export', () => {
  it('is read by its header: accounts by name or new, "Group: Category" kept, transfers paired, a split kept whole', async () => {
    const user = await signUp(context.app, { setup: true });
    // Named in another case: YNAB's "Checking" finds it.
    const checking = await given.account(context.app, user, {
      name: 'checking',
      type: 'checking',
    });
    const imported = await upload(user, 'ynab-register.csv');
    expect(imported.format).toBe('csv');
    expect(imported.sourceApp).toBe('ynab');
    expect(imported.mapping).toBeNull();
    expect(statementsOf(imported)).toEqual([
      // YNAB's "Starting Balance" is the account's opening balance, not a row.
      { name: 'Checking', rowCount: 5, currency: null, isNew: false },
      { name: 'Savings', rowCount: 2, currency: null, isNew: true },
      { name: 'Visa Card', rowCount: 3, currency: null, isNew: true },
    ]);
    expect(imported.statements[0]!.accountId).toBe(checking._id);
    expect(imported.statements[0]!.matchedBy).toBe('name');
    expect(imported.statements[2]!.type).toBe('credit');
    expect(imported.statements[0]!.openingBalance).toBe(2500);
    // 12 records, 10 rows (the split's two records are one, the starting balance none): two
    // transfers (four rows) paired; the $40 refund and the $40 fuel are not.
    expect(imported.counts).toEqual({ new: 6, duplicate: 0, problem: 0, transfer: 4 });
    expect(imported.transferPairs).toBe(2);

    // The split is one row: the parts' sum, the largest part's category, the parts' memos.
    const rows = await rowsOf(user, imported._id);
    const costco = rows.filter((row) => row.name === 'Costco');
    expect(
      costco.map((row) => [row.amount, row.isIncome, row.category, row.note, row.splits]),
    ).toEqual([
      [
        120 + 35.5,
        false,
        'Everyday Expenses: Groceries',
        null,
        [
          { category: 'Everyday Expenses: Groceries', amount: 120, note: 'food' },
          { category: 'Household: Supplies', amount: 35.5, note: 'paper towels' },
        ],
      ],
    ]);
    expect(rows.filter((row) => row.name !== 'Costco').every((row) => !('splits' in row))).toBe(
      true,
    );

    const result = await commit(user, imported._id);
    expect(result).toMatchObject({ created: 6, transfers: 2, skippedProblems: 0 });
    expect(await ledger(user)).toEqual({
      checking: [
        '2026-03-02 Whole Foods -86.4 [Everyday Expenses: Groceries]',
        '2026-03-12 Acme Corp 1234.56 [Inflow: Ready to Assign]',
        '2026-03-21 Shell -40 [Transport: Fuel]',
      ],
      Savings: ['2026-03-15 Interest 1.25 [Inflow: Ready to Assign]'],
      'Visa Card': [
        '2026-03-07 Costco -155.5 [Everyday Expenses: Groceries]',
        '2026-03-20 Zara 40 [Shopping: Clothes]',
      ],
    });
    expect(await transfersByName(user)).toEqual([
      'checking → Savings 300 2026-03-05',
      'checking → Visa Card 155.5 2026-03-10',
    ]);
    // Balances as YNAB shows them: 2500 − 86.40 − 300 − 155.50 + 1234.56 − 40 = 3152.66, the
    // 2500 as the opening balance (no income of March).
    expect(await movementCents(user, 'checking')).toBe(315266 - 250000);
    const opened = (await accountsOf(user)).find((account) => account._id === checking._id)!;
    expect(opened).toMatchObject({ openingBalance: 2500, balance: 3152.66 });
    expect(await movementCents(user, 'Savings')).toBe(30125);
    // −120 − 35.50 + 40 + 155.50 paid from checking.
    expect(await movementCents(user, 'Visa Card')).toBe(4000);
    const visa = (await accountsOf(user)).find((account) => account.name === 'Visa Card')!;
    expect(visa.type).toBe('credit');
  });

  it('reads a budget in euros: BOM, other column order, an unknown extra column, 1.234,56€ and DD.MM.YYYY', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await upload(user, 'ynab-register-eu.csv');
    expect(imported.sourceApp).toBe('ynab');
    expect(statementsOf(imported)).toEqual([
      { name: 'Girokonto', rowCount: 3, currency: null, isNew: true },
      { name: 'Tagesgeld', rowCount: 1, currency: null, isNew: true },
    ]);
    expect(imported.counts).toEqual({ new: 2, duplicate: 0, problem: 0, transfer: 2 });
    await commit(user, imported._id);
    expect(await ledger(user)).toEqual({
      Girokonto: [
        '2026-03-04 Edeka -1062.35 [Lebensmittel: Einkauf]',
        '2026-03-28 Stadtwerke -89.9 [Wohnen: Strom]',
      ],
    });
    expect(await transfersByName(user)).toEqual(['Girokonto → Tagesgeld 250 2026-03-13']);
    expect(await movementCents(user, 'Girokonto')).toBe(-106235 - 25000 - 8990);
    const giro = (await accountsOf(user)).find((account) => account.name === 'Girokonto')!;
    expect(giro).toMatchObject({
      openingBalance: 1500,
      balance: (150000 - 106235 - 25000 - 8990) / 100,
    });
  });

  it('reads amounts in any currency format ("1 234,50 kr") and ISO dates, columns in another order', async () => {
    const user = await signUp(context.app, { setup: true });
    const csv = [
      '"Account","Date","Payee","Category Group/Category","Memo","Outflow","Inflow","Cleared","Flag"',
      '"Lönekonto","2026-03-02","ICA Maxi","Mat: Livsmedel","","1 234,50 kr","0,00 kr","Cleared",""',
      '"Lönekonto","2026-03-25","Arbetsgivaren AB","Inflow: Ready to Assign","","0,00 kr","32 500,00 kr","Cleared",""',
    ].join('\r\n');
    const imported = await upload(user, 'Register.csv', Buffer.from(csv));
    expect(imported.sourceApp).toBe('ynab');
    expect(imported.counts).toEqual({ new: 2, duplicate: 0, problem: 0, transfer: 0 });
    await commit(user, imported._id);
    expect(await ledger(user)).toEqual({
      Lönekonto: [
        '2026-03-02 ICA Maxi -1234.5 [Mat: Livsmedel]',
        '2026-03-25 Arbetsgivaren AB 32500 [Inflow: Ready to Assign]',
      ],
    });
  });

  it('refuses a mapping: the file is read by its own columns', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await upload(user, 'ynab-register.csv');
    const response = await call(user, 'PUT', `/api/imports/${imported._id}/mapping`, {
      mapping: { date: 2, dateFormat: 'MM/DD/YYYY', amount: 8, decimalSeparator: '.', name: 3 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'NOT_CSV' });
    const after = await ok<Import>(user, 'GET', `/api/imports/${imported._id}`);
    expect(after.mapping).toBeNull();
    expect(after.counts).toEqual(imported.counts);
  });
});

describe('an Actual Budget export', () => {
  it('pairs transfer payees, imports a split as one transaction with its parts, keeps signs and categories', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await upload(user, 'actual-export.csv');
    expect(imported.sourceApp).toBe('actual');
    expect(statementsOf(imported)).toEqual([
      { name: 'Checking', rowCount: 4, currency: null, isNew: true },
      { name: 'Savings', rowCount: 2, currency: null, isNew: true },
      { name: 'Credit Card', rowCount: 2, currency: null, isNew: true },
    ]);
    expect(imported.counts).toEqual({ new: 4, duplicate: 0, problem: 0, transfer: 4 });
    expect(imported.transferPairs).toBe(2);
    await commit(user, imported._id);
    expect(await ledger(user)).toEqual({
      Checking: ['2026-03-01 Employer Inc 2500 [Income]', '2026-03-04 Target -75.5 [Groceries]'],
      'Credit Card': ['2026-03-06 Shell -45.12 [Gas]'],
      Savings: ['2026-03-31 Bank 1.07 [Income]'],
    });
    expect(await transfersByName(user)).toEqual([
      'Checking → Credit Card 45.12 2026-03-09',
      'Checking → Savings 400 2026-03-03',
    ]);
    expect(await movementCents(user, 'Checking')).toBe(250000 - 40000 - 7550 - 4512);
    expect(await movementCents(user, 'Credit Card')).toBe(0);
    // The parent's note is the transaction's, each part's its own, the markers taken off.
    const target = (await transactionsOf(user)).find((row) => row.name === 'Target');
    expect(target).toMatchObject({
      cost: 50 + 25.5,
      note: 'weekly run',
      splits: [
        { category: 'Groceries', amount: 50, note: null },
        { category: 'Personal Care', amount: 25.5, note: 'shampoo' },
      ],
    });
    const notes = (await transactionsOf(user)).map((transaction) => transaction.note);
    expect(notes.some((note) => note?.includes('SPLIT'))).toBe(false);
  });
});

describe('a Mint export', () => {
  it('reads debit/credit with positive amounts, pairs the card payment, and leaves an equal refund alone', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await upload(user, 'mint-transactions.csv');
    expect(imported.sourceApp).toBe('mint');
    expect(statementsOf(imported)).toEqual([
      { name: 'Sapphire Card', rowCount: 3, currency: null, isNew: true },
      { name: 'Total Checking', rowCount: 3, currency: null, isNew: true },
    ]);
    expect(imported.counts).toEqual({ new: 4, duplicate: 0, problem: 0, transfer: 2 });
    await commit(user, imported._id);
    expect(await ledger(user)).toEqual({
      'Sapphire Card': [
        '2026-03-05 Netflix -15.49 [Movies & DVDs]',
        '2026-03-27 Whole Foods -86.4 [Groceries]',
      ],
      'Total Checking': [
        '2026-03-15 Acme Payroll 3100 [Paycheck]',
        '2026-03-26 Venmo 86.4 [Reimbursement]',
      ],
    });
    expect(await transfersByName(user)).toEqual(['Total Checking → Sapphire Card 1250 2026-03-24']);
    expect(await movementCents(user, 'Sapphire Card')).toBe(-1549 - 8640 + 125000);
  });

  it('still reads the single-account Mint file as Mint (its rows as before)', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await upload(
      user,
      'mint-export.csv',
      importFixture('real-shapes/mint-export.csv'),
    );
    expect(imported.sourceApp).toBe('mint');
    expect(statementsOf(imported)).toEqual([
      { name: 'Sapphire Card', rowCount: imported.rowCount, currency: null, isNew: true },
    ]);
  });
});

describe('a Firefly III export', () => {
  it('reads types and source/destination: withdrawals out, deposits in, a transfer once, a split group as one split transaction, currencies per account', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await upload(user, 'firefly-export.csv');
    expect(imported.sourceApp).toBe('firefly');
    expect(statementsOf(imported)).toEqual([
      // The two journals of group 106 ("Drogerie") are one row.
      { name: 'Girokonto', rowCount: 6, currency: 'EUR', isNew: true },
      { name: 'Tagesgeld', rowCount: 1, currency: 'EUR', isNew: true },
      { name: 'USD Konto', rowCount: 2, currency: 'USD', isNew: true },
    ]);
    // The EUR → USD transfer has two amounts: it stays an expense and an income (a known limit).
    expect(imported.counts).toEqual({ new: 7, duplicate: 0, problem: 0, transfer: 2 });
    await commit(user, imported._id);
    const accounts = await accountsOf(user);
    expect(accounts.find((account) => account.name === 'Girokonto')?.currency).toBe('EUR');
    expect(accounts.find((account) => account.name === 'USD Konto')?.currency).toBe('USD');
    expect(await ledger(user)).toEqual({
      Girokonto: [
        // Without a category, Moneta's defaults for money in and out.
        '2026-03-01 Initial balance for "Girokonto" 1000 [Other Income]',
        '2026-03-03 REWE Markt -42.5 [Groceries]',
        '2026-03-05 Gehalt März 2800 [Salary]',
        '2026-03-10 Dollars for the trip -1000 [Miscellaneous]',
        // The group's title names it; the larger part's category is the transaction's.
        '2026-03-12 Drogerie -12.94 [Household]',
      ],
      'USD Konto': [
        '2026-03-10 Dollars for the trip 1085.3 [Other Income]',
        '2026-03-14 Coffee -12 [Dining]',
      ],
    });
    // Each journal is a part, in the file's order, its description kept in the part's note.
    const drogerie = (await transactionsOf(user)).find((row) => row.name === 'Drogerie');
    expect(drogerie?.splits).toEqual([
      { category: 'Hygiene', amount: 3.95, note: 'Zahnpasta' },
      { category: 'Household', amount: 8.99, note: 'Waschmittel' },
    ]);
    expect(await transfersByName(user)).toEqual(['Girokonto → Tagesgeld 500 2026-03-06']);
    expect(await movementCents(user, 'Girokonto')).toBe(
      100000 - 4250 + 280000 - 50000 - 100000 - 395 - 899,
    );
  });
});

describe('a Firefly III split group that is not one transaction of one account', () => {
  it('keeps its journals as rows of their own', async () => {
    const user = await signUp(context.app, { setup: true });
    // The fixture's group 106, its second journal moved to another account and a third journal
    // added there: no two of its journals are grouped, not even the two of one account.
    const [header, ...records] = fixture('firefly-export.csv').toString('utf8').trim().split('\n');
    const group = records.filter((line) => line.startsWith('1,106,'));
    expect(group).toHaveLength(2);
    const moved = group[1]!.replace(
      ',Waschmittel,2026-03-12T00:00:00+01:00,Girokonto,',
      ',Waschmittel,2026-03-12T00:00:00+01:00,Tagesgeld,',
    );
    const third = moved
      .replace('1,106,207,', '1,106,209,')
      .replace(',-8.99,,,EUR,-8.99,,Waschmittel,', ',-2.00,,,EUR,-2.00,,Seife,');
    expect(third).toContain(',Seife,');
    const file = [header, group[0], moved, third].join('\n');
    const imported = await upload(user, 'firefly-export.csv', Buffer.from(file));
    const rows = await rowsOf(user, imported._id);
    expect(rows.map((row) => [row.name, row.amount, row.category, 'splits' in row])).toEqual([
      ['Zahnpasta', 3.95, 'Hygiene', false],
      ['Waschmittel', 8.99, 'Household', false],
      ['Seife', 2, 'Household', false],
    ]);
    expect(statementsOf(imported).map((statement) => statement.name)).toEqual([
      'Girokonto',
      'Tagesgeld',
    ]);
  });
});
