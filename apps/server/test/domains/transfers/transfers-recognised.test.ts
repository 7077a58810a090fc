// Transfers recognised (docs/transfers.md) through HTTP on a real PostgreSQL: bank rows that move
// money between the user's own accounts become transfers in the import (by matching the other
// leg, by the counterparty's account, by a rule, by the user's choice), re-imports see their legs
// as duplicates, undo puts back what was replaced, and recorded transactions can be turned into a
// transfer. Totals are checked against the rows themselves.
import type { Account, Import, ImportRow, Transaction, Transfer } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { uploadImport } from '../../support/import-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

async function upload(user: SignedUpUser, accountId: string, csv: string): Promise<Import> {
  const response = await uploadImport(context.app, user, 'statement.csv', Buffer.from(csv), {
    accountId,
  });
  if (response.statusCode !== 201) throw new Error(`upload: ${response.body}`);
  return response.json<Import>();
}

const commit = (user: SignedUpUser, id: string, body: object = {}) =>
  ok<{ created: number; transfers: number; skippedDuplicates: number }>(
    user,
    'POST',
    `/api/imports/${id}/commit`,
    body,
  );

const rowsOf = async (user: SignedUpUser, id: string) =>
  (await ok<{ rows: ImportRow[] }>(user, 'GET', `/api/imports/${id}/rows?limit=100`)).rows;

const transactionsOf = async (user: SignedUpUser) =>
  (await ok<{ transactions: Transaction[] }>(user, 'GET', '/api/transactions?limit=100'))
    .transactions;

const transfersOf = async (user: SignedUpUser) =>
  (await ok<{ transfers: Transfer[] }>(user, 'GET', '/api/transfers?limit=100')).transfers;

const balances = async (user: SignedUpUser) =>
  Object.fromEntries(
    (await ok<Account[]>(user, 'GET', '/api/accounts')).map((account) => [
      account.name,
      account.balance,
    ]),
  );

/** The user's Main account and two more: Savings and Card. */
async function threeAccounts(user: SignedUpUser) {
  const accounts = await ok<Account[]>(user, 'GET', '/api/accounts');
  const main = accounts[0]!;
  const savings = await given.account(context.app, user, {
    name: 'Savings',
    type: 'savings',
    identifiers: ['DE02 1203 0000 0000 2020 51'],
  });
  const card = await given.account(context.app, user, { name: 'Card', type: 'credit' });
  return { main, savings, card };
}

const CHECKING = [
  'Date,Description,Amount',
  '2026-10-01,Dauerauftrag Sparen,-300.00',
  '2026-10-02,REWE Markt,-2.95',
  '2026-10-05,Kreditkarte Abrechnung,-412.00',
  '2026-10-28,Gehalt,3412.57',
].join('\n');
const SAVINGS = ['Date,Description,Amount', '2026-10-02,Übertrag vom Girokonto,300.00'].join('\n');
const CARD = [
  'Date,Description,Amount',
  '2026-10-03,Buchhandlung,-19.99',
  '2026-10-06,ZAHLUNG DANKE,412.00',
].join('\n');

describe('the other leg already recorded', () => {
  it.each([
    ['checking first', ['checking', 'savings', 'card'] as const],
    ['savings and card first', ['savings', 'card', 'checking'] as const],
  ])('%s: one transfer each, totals and budgets without them, balances right', async (_, order) => {
    const user = await signUp(context.app, { setup: true });
    const { main, savings, card } = await threeAccounts(user);
    const files = {
      checking: { account: main, csv: CHECKING },
      savings: { account: savings, csv: SAVINGS },
      card: { account: card, csv: CARD },
    };
    const imports: Record<string, Import> = {};
    for (const name of order) {
      const file = files[name];
      const preview = await upload(user, file.account._id, file.csv);
      imports[name] = preview;
      await commit(user, preview._id);
    }

    const transfers = await transfersOf(user);
    expect(
      transfers
        .map(({ fromAccountId, toAccountId, amount }) => ({ fromAccountId, toAccountId, amount }))
        .sort((a, b) => a.amount - b.amount),
    ).toEqual([
      { fromAccountId: main._id, toAccountId: savings._id, amount: 300 },
      { fromAccountId: main._id, toAccountId: card._id, amount: 412 },
    ]);
    const toSavings = transfers.find((transfer) => transfer.amount === 300)!;
    expect(toSavings).toMatchObject({ date: '2026-10-01', toDate: '2026-10-02' });
    expect([toSavings.fromImportId, toSavings.toImportId]).toEqual([
      imports.checking!._id,
      imports.savings!._id,
    ]);

    // What is left is income and expense only, and the totals are theirs.
    const left = await transactionsOf(user);
    expect(left.map((transaction) => transaction.name).sort()).toEqual(
      ['Buchhandlung', 'Gehalt', 'REWE Markt'].sort(),
    );
    const summary = await ok<{ totalIncome: number; totalExpenses: number }>(
      user,
      'GET',
      '/api/transactions/summary?from=2026-10-01&to=2026-10-31',
    );
    const sum = (isIncome: boolean) =>
      left
        .filter((transaction) => transaction.isIncome === isIncome)
        .reduce((total, transaction) => total + Math.round(transaction.cost * 100), 0) / 100;
    expect(summary.totalIncome).toBe(sum(true));
    expect(summary.totalExpenses).toBe(sum(false));
    expect(summary.totalExpenses).toBe(22.94);

    // Balances: every row of each statement, transfers included.
    expect(await balances(user)).toEqual({
      Main: Math.round((-300 - 2.95 - 412 + 3412.57) * 100) / 100,
      Savings: 300,
      Card: Math.round((-19.99 + 412) * 100) / 100,
    });

    // Each file again: its transfer row is a duplicate of the transfer's leg.
    for (const name of order) {
      const again = await upload(user, files[name].account._id, files[name].csv);
      expect(again.counts).toMatchObject({ new: 0, transfer: 0 });
      const rows = await rowsOf(user, again._id);
      const legRows = rows.filter((row) => row.duplicateOfTransfer !== null);
      expect(legRows.every((row) => row.duplicateOf === null)).toBe(true);
      expect(legRows.map((row) => row.duplicateOfTransfer).sort()).toEqual(
        transfers
          .filter(
            (transfer) =>
              transfer.fromAccountId === files[name].account._id ||
              transfer.toAccountId === files[name].account._id,
          )
          .map((transfer) => transfer._id)
          .sort(),
      );
    }
  });

  it('shows the match in the preview, one to one, never in the same account', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, savings } = await threeAccounts(user);
    // An expense and an income of the same amount in one account are not a transfer.
    const same = await upload(
      user,
      main._id,
      ['Date,Description,Amount', '2026-10-01,Out,-50.00', '2026-10-02,Back,50.00'].join('\n'),
    );
    expect(same.counts).toMatchObject({ new: 2, transfer: 0 });
    await commit(user, same._id);

    const checking = await upload(user, main._id, CHECKING);
    await commit(user, checking._id);
    const recorded = (await transactionsOf(user)).find(
      (transaction) => transaction.name === 'Dauerauftrag Sparen',
    )!;
    // Two arrivals of 300 against one departure: one is its other leg, the other is new.
    const preview = await upload(
      user,
      savings._id,
      [SAVINGS, '2026-10-03,Zinsen und Übertrag,300.00'].join('\n'),
    );
    expect(preview.counts).toMatchObject({ new: 1, transfer: 1 });
    const [first, second] = await rowsOf(user, preview._id);
    expect(first).toMatchObject({
      status: 'transfer',
      transferAccountId: main._id,
      matchOf: recorded._id,
    });
    expect(second).toMatchObject({ status: 'new', matchOf: null, transferAccountId: null });
  });
});

describe('the counterparty, a rule, the user', () => {
  it('a CAMT entry naming another account’s IBAN is a transfer to it', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, savings } = await threeAccounts(user);
    const camt = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
<Ntry><Amt Ccy="EUR">250.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>2026-10-10</Dt></BookgDt><AcctSvcrRef>REF-1</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Ich selbst</Nm></Cdtr>
<CdtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></CdtrAcct></RltdPties></TxDtls></NtryDtls></Ntry>
<Ntry><Amt Ccy="EUR">12.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>2026-10-11</Dt></BookgDt><AcctSvcrRef>REF-2</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><Cdtr><Nm>Bäckerei</Nm></Cdtr>
<CdtrAcct><Id><IBAN>DE44500105175407324931</IBAN></Id></CdtrAcct></RltdPties></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`;
    const response = await uploadImport(context.app, user, 'camt.xml', Buffer.from(camt), {
      accountId: main._id,
    });
    const preview = response.json<Import>();
    expect(preview.counts).toMatchObject({ new: 1, transfer: 1 });
    expect(preview.preview[0]).toMatchObject({
      status: 'transfer',
      transferAccountId: savings._id,
      matchOf: null,
    });
    expect(await commit(user, preview._id)).toMatchObject({ created: 1, transfers: 1 });
    const [transfer] = await transfersOf(user);
    expect(transfer).toMatchObject({
      fromAccountId: main._id,
      toAccountId: savings._id,
      amount: 250,
      date: '2026-10-10',
      toDate: '2026-10-10',
      fromImportId: preview._id,
      toImportId: null,
    });
    // The same file again: the bank's id finds the leg.
    const again = await uploadImport(context.app, user, 'camt.xml', Buffer.from(camt), {
      accountId: main._id,
    });
    expect(again.json<Import>().counts).toMatchObject({ new: 0, duplicate: 2, transfer: 0 });
  });

  it('a rule naming an account makes its rows transfers; deleting the account ends that', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, card } = await threeAccounts(user);
    await given.rule(context.app, user, {
      value: 'Kreditkarte',
      category: 'Miscellaneous',
      transferAccountId: card._id,
    });
    const preview = await upload(user, main._id, CHECKING);
    const rows = await rowsOf(user, preview._id);
    expect(rows.find((row) => row.name === 'Kreditkarte Abrechnung')).toMatchObject({
      status: 'transfer',
      transferAccountId: card._id,
    });
    expect(preview.counts).toMatchObject({ new: 3, transfer: 1 });
    const other = await signUp(context.app, { setup: true });
    const refused = await call(user, 'POST', '/api/rules', {
      value: 'x',
      category: 'Miscellaneous',
      transferAccountId: (await ok<Account[]>(other, 'GET', '/api/accounts'))[0]!._id,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('the user turns rows into transfers and back; bad choices change nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, savings, card } = await threeAccounts(user);
    const checking = await upload(user, main._id, CHECKING);
    await commit(user, checking._id);
    const preview = await upload(user, savings._id, SAVINGS);
    expect(preview.preview[0]).toMatchObject({ status: 'transfer' });

    const other = await signUp(context.app, { setup: true });
    const foreign = (await ok<Account[]>(other, 'GET', '/api/accounts'))[0]!._id;
    const before = await transactionsOf(user);
    for (const [transferAccountId, status] of [
      [foreign, 404],
      ['not-an-id', 404],
      [savings._id, 400],
      [42, 400],
    ] as const) {
      const response = await call(user, 'POST', `/api/imports/${preview._id}/commit`, {
        rows: [{ index: 0, transferAccountId }],
      });
      expect(response.statusCode).toBe(status);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    expect(await transactionsOf(user)).toEqual(before);
    expect(await transfersOf(user)).toEqual([]);

    // Not a transfer after all: an income in Savings, the checking row stays.
    expect(
      await commit(user, preview._id, { rows: [{ index: 0, transferAccountId: null }] }),
    ).toMatchObject({ created: 1, transfers: 0 });
    expect(await transactionsOf(user)).toHaveLength(before.length + 1);

    // A new row turned into a transfer to the card.
    const card2 = await upload(
      user,
      main._id,
      ['Date,Description,Amount', '2026-11-05,Ausgleich,-80.00'].join('\n'),
    );
    expect(card2.preview[0]).toMatchObject({ status: 'new' });
    expect(
      await commit(user, card2._id, { rows: [{ index: 0, transferAccountId: card._id }] }),
    ).toMatchObject({ created: 0, transfers: 1 });
    expect(await transfersOf(user)).toEqual([
      expect.objectContaining({ fromAccountId: main._id, toAccountId: card._id, amount: 80 }),
    ]);
  });
});

describe('undo', () => {
  it('undoing the import that matched puts the other leg’s transaction back as it was', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, savings } = await threeAccounts(user);
    const checking = await upload(user, main._id, CHECKING);
    await commit(user, checking._id);
    const before = await transactionsOf(user);
    const saved = await upload(user, savings._id, SAVINGS);
    await commit(user, saved._id);
    expect(await transactionsOf(user)).toHaveLength(before.length - 1);

    expect(await ok(user, 'DELETE', `/api/imports/${saved._id}`)).toEqual({
      deleted: 1,
      removedAccountIds: [],
      keptAccountIds: [],
    });
    expect(await transfersOf(user)).toEqual([]);
    const after = await transactionsOf(user);
    expect(after).toEqual(before);
    expect(await balances(user)).toMatchObject({ Savings: 0 });
  });

  it('undoing the import whose row was replaced keeps the other statement’s transfer', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, savings } = await threeAccounts(user);
    const checking = await upload(user, main._id, CHECKING);
    await commit(user, checking._id);
    const saved = await upload(user, savings._id, SAVINGS);
    await commit(user, saved._id);

    expect(await ok(user, 'DELETE', `/api/imports/${checking._id}`)).toEqual({
      deleted: 3,
      removedAccountIds: [],
      keptAccountIds: [],
    });
    expect(await transactionsOf(user)).toEqual([]);
    const [transfer] = await transfersOf(user);
    expect(transfer).toMatchObject({
      fromAccountId: main._id,
      toAccountId: savings._id,
      fromImportId: null,
      toImportId: saved._id,
    });
    // Undoing the savings import too removes it.
    await ok(user, 'DELETE', `/api/imports/${saved._id}`);
    expect(await transfersOf(user)).toEqual([]);
    expect(await balances(user)).toMatchObject({ Main: 0, Savings: 0 });
  });
});

describe('POST /api/transfers/from-transactions', () => {
  async function recorded(user: SignedUpUser, accountId: string, cost: number, isIncome: boolean) {
    return given.transaction(context.app, user, {
      name: isIncome ? 'In' : 'Out',
      category: isIncome ? 'Other Income' : 'Miscellaneous',
      cost,
      addedOn: isIncome ? '2026-10-02' : '2026-10-01',
      isIncome,
      note: isIncome ? null : 'to savings',
      accountId,
    });
  }

  it('turns an expense and an income into one transfer that keeps their dates and note', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, savings } = await threeAccounts(user);
    const out = await recorded(user, main._id, 300, false);
    const into = await recorded(user, savings._id, 300, true);
    const response = await call(user, 'POST', '/api/transfers/from-transactions', {
      transactionIds: [into._id, out._id],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Transfer>()).toMatchObject({
      fromAccountId: main._id,
      toAccountId: savings._id,
      amount: 300,
      date: '2026-10-01',
      toDate: '2026-10-02',
      note: 'to savings',
    });
    expect(await transactionsOf(user)).toEqual([]);
    expect(await balances(user)).toMatchObject({ Main: -300, Savings: 300 });
  });

  it('turns one transaction into a transfer with the account named', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, card } = await threeAccounts(user);
    const out = await recorded(user, main._id, 412, false);
    const transfer = await ok<Transfer>(user, 'POST', '/api/transfers/from-transactions', {
      transactionIds: [out._id],
      accountId: card._id,
    });
    expect(transfer).toMatchObject({
      fromAccountId: main._id,
      toAccountId: card._id,
      date: '2026-10-01',
      toDate: '2026-10-01',
    });
  });

  it('refuses what is not a transfer, and another user’s ids, changing nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, savings } = await threeAccounts(user);
    const other = await signUp(context.app, { setup: true });
    const otherAccount = (await ok<Account[]>(other, 'GET', '/api/accounts'))[0]!;
    const theirs = await recorded(other, otherAccount._id, 300, true);
    const out = await recorded(user, main._id, 300, false);
    const sameAccount = await recorded(user, main._id, 300, true);
    const otherAmount = await recorded(user, savings._id, 299.99, true);
    const secondOut = await recorded(user, savings._id, 300, false);
    const before = await transactionsOf(user);
    const cases: Array<[object, number]> = [
      [{ transactionIds: [out._id, sameAccount._id] }, 400],
      [{ transactionIds: [out._id, otherAmount._id] }, 400],
      [{ transactionIds: [out._id, secondOut._id] }, 400],
      [{ transactionIds: [out._id, out._id] }, 400],
      [{ transactionIds: [out._id, theirs._id] }, 404],
      [{ transactionIds: [out._id], accountId: otherAccount._id }, 404],
      [{ transactionIds: [out._id], accountId: main._id }, 400],
      [{ transactionIds: [out._id], accountId: 'nope' }, 404],
      [{ transactionIds: [out._id] }, 400],
      [{ transactionIds: [] }, 400],
      [{ transactionIds: [out._id, sameAccount._id, secondOut._id] }, 400],
      [{ transactionIds: 'x' }, 400],
    ];
    for (const [body, status] of cases) {
      const response = await call(user, 'POST', '/api/transfers/from-transactions', body);
      expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), status]);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    expect(await transactionsOf(user)).toEqual(before);
    expect(await transactionsOf(other)).toHaveLength(1);
    expect(await transfersOf(user)).toEqual([]);
  });
});

describe('GET /api/transactions?includeTransfers=true', () => {
  it('lists both legs among the transactions, in list order, with the filters', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, savings } = await threeAccounts(user);
    await given.transaction(context.app, user, {
      name: 'Coffee',
      category: 'Food & Drink',
      cost: 2.95,
      addedOn: '2026-10-03',
      isIncome: false,
    });
    // Without a transfer, the list with transfers is the list, each row marked.
    const alone = await ok<{ transactions: Transaction[]; total: number }>(
      user,
      'GET',
      '/api/transactions?includeTransfers=true',
    );
    expect(alone.total).toBe(1);
    expect(alone.transactions[0]).toMatchObject({ name: 'Coffee', isTransfer: false });
    const transfer = await given.transfer(context.app, user, {
      fromAccountId: main._id,
      toAccountId: savings._id,
      amount: 300,
      date: '2026-10-01',
      toDate: '2026-10-04',
      note: 'Monthly saving',
    });
    const without = await ok<{ transactions: Transaction[]; total: number }>(
      user,
      'GET',
      '/api/transactions',
    );
    expect(without.total).toBe(1);
    expect(without.transactions[0]).not.toHaveProperty('isTransfer');

    const page = await ok<{ transactions: Transaction[]; total: number }>(
      user,
      'GET',
      '/api/transactions?includeTransfers=true',
    );
    expect(page.total).toBe(3);
    expect(
      page.transactions.map(
        ({ _id, addedOn, isIncome, isTransfer, accountId, transferAccountId }) => ({
          _id,
          addedOn,
          isIncome,
          isTransfer,
          accountId,
          transferAccountId,
        }),
      ),
    ).toEqual([
      {
        _id: `${transfer._id}:in`,
        addedOn: '2026-10-04',
        isIncome: true,
        isTransfer: true,
        accountId: savings._id,
        transferAccountId: main._id,
      },
      expect.objectContaining({ addedOn: '2026-10-03', isTransfer: false, accountId: main._id }),
      {
        _id: `${transfer._id}:out`,
        addedOn: '2026-10-01',
        isIncome: false,
        isTransfer: true,
        accountId: main._id,
        transferAccountId: savings._id,
      },
    ]);
    expect(page.transactions[0]).toMatchObject({ transferId: transfer._id, cost: 300 });

    const inSavings = await ok<{ transactions: Transaction[]; total: number }>(
      user,
      'GET',
      `/api/transactions?includeTransfers=true&accountId=${savings._id}`,
    );
    expect(inSavings.total).toBe(1);
    const second = await ok<{ transactions: Transaction[]; total: number; totalPages: number }>(
      user,
      'GET',
      '/api/transactions?includeTransfers=true&limit=2&page=2',
    );
    expect(second).toMatchObject({ total: 3, totalPages: 2 });
    expect(second.transactions.map((row) => row._id)).toEqual([`${transfer._id}:out`]);
    const byCategory = await ok<{ total: number }>(
      user,
      'GET',
      '/api/transactions?includeTransfers=true&category=Food%20%26%20Drink',
    );
    expect(byCategory.total).toBe(1);
    const bad = await call(user, 'GET', '/api/transactions?includeTransfers=maybe');
    expect(bad.statusCode).toBe(400);
    const other = await signUp(context.app, { setup: true });
    const theirs = await call(
      other,
      'GET',
      `/api/transactions?includeTransfers=true&accountId=${savings._id}`,
    );
    expect(theirs.statusCode).toBe(404);
  });
});
