// Other apps' CSV exports (docs/imports-other-apps.md) through HTTP on a real
// PostgreSQL: a YNAB register, an Actual Budget export, a Mint export and a Firefly III export,
// each written to its app's format as that app's code and documentation define it. Each is
// recognised by its header and read without a mapping: one statement per account it names
// (matched by name or created), categories kept, signs right, transfers made one transfer,
// splits kept as one split transaction with its parts. Expected figures are worked out by hand from
// the files.
import type {
  Account,
  Import,
  ImportCommitResult,
  ImportRow,
  ImportUndoResult,
  Transaction,
  Transfer,
} from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { importFixture, uploadImport } from '../../support/import-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

const fixture = (name: string) => importFixture(`other-apps/${name}`);

async function upload(user: SignedUpUser, name: string, bytes = fixture(name)): Promise<Import> {
  const response = await uploadImport(context.app, user, name, bytes);
  if (response.statusCode !== 201) throw new Error(`upload ${name}: ${response.body}`);
  return response.json<Import>();
}

const commit = (user: SignedUpUser, id: string, body: object = {}) =>
  ok<ImportCommitResult>(user, 'POST', `/api/imports/${id}/commit`, body);
const rowsOf = async (user: SignedUpUser, id: string) =>
  (await ok<{ rows: ImportRow[] }>(user, 'GET', `/api/imports/${id}/rows?limit=100`)).rows;
const accountsOf = (user: SignedUpUser) => ok<Account[]>(user, 'GET', '/api/accounts');
const transactionsOf = async (user: SignedUpUser) =>
  (await ok<{ transactions: Transaction[] }>(user, 'GET', '/api/transactions?limit=100'))
    .transactions;
const transfersOf = async (user: SignedUpUser) =>
  (await ok<{ transfers: Transfer[] }>(user, 'GET', '/api/transfers?limit=100')).transfers;

/** Each statement as the preview shows it: name, rows, currency, and whether it is new. */
const statementsOf = (imported: Import) =>
  imported.statements.map((statement) => ({
    name: statement.name,
    rowCount: statement.rowCount,
    currency: statement.currency,
    isNew: statement.accountId === null,
  }));

/** Each account's transactions as "date name signed-amount [category]", sorted. */
async function ledger(user: SignedUpUser) {
  const accounts = await accountsOf(user);
  const transactions = await transactionsOf(user);
  return Object.fromEntries(
    accounts
      .map((account) => [
        account.name,
        transactions
          .filter((transaction) => transaction.accountId === account._id)
          .map(
            (transaction) =>
              `${transaction.addedOn} ${transaction.name} ${transaction.isIncome ? '' : '-'}${transaction.cost} [${transaction.category}]`,
          )
          .sort(),
      ])
      .filter(([, rows]) => rows!.length > 0),
  );
}

/** Each transfer as "from → to amount date", by account names. */
async function transfersByName(user: SignedUpUser) {
  const accounts = await accountsOf(user);
  const name = (id: string) => accounts.find((account) => account._id === id)?.name;
  return (await transfersOf(user))
    .map(
      (transfer) =>
        `${name(transfer.fromAccountId)} → ${name(transfer.toAccountId)} ${transfer.amount} ${transfer.date}`,
    )
    .sort();
}

/** The sum of an account's transactions and transfers, in cents (a balance without opening). */
async function movementCents(user: SignedUpUser, accountName: string): Promise<number> {
  const account = (await accountsOf(user)).find((candidate) => candidate.name === accountName)!;
  let cents = 0;
  for (const transaction of await transactionsOf(user)) {
    if (transaction.accountId !== account._id) continue;
    cents += Math.round(transaction.cost * 100) * (transaction.isIncome ? 1 : -1);
  }
  for (const transfer of await transfersOf(user)) {
    if (transfer.fromAccountId === account._id) cents -= Math.round(transfer.amount * 100);
    if (transfer.toAccountId === account._id) cents += Math.round(transfer.toAmount * 100);
  }
  return cents;
}

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
      'SELECT (SELECT count(*)::int FROM transaction_splits WHERE user_id = $1) AS parts, (SELECT count(*)::int FROM transaction_totals WHERE user_id = $1 AND transaction_count > 0) AS totals',
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
    expect((await accountsOf(owner)).length).toBe(before + 3);
    const undone = await ok<ImportUndoResult>(owner, 'DELETE', `/api/imports/${imported._id}`);
    expect(undone.removedAccountIds).toHaveLength(3);
    expect(await transactionsOf(owner)).toEqual([]);
    expect(await transfersOf(owner)).toEqual([]);
    expect((await accountsOf(owner)).length).toBe(before);
  });
});
