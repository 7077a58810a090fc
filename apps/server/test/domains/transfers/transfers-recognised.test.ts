// Transfers recognised in imports: the other leg, the counterparty, a rule or the user, and undo.
import type { Account, Import } from '@moneta/shared';
import { describe, expect, it } from 'vitest';
import { given } from '../../support/given';
import { uploadImport } from '../../support/import-files';
import { signUp } from '../../test-app';
import {
  CARD,
  CHECKING,
  SAVINGS,
  balances,
  call,
  commit,
  context,
  ok,
  rowsOf,
  threeAccounts,
  transactionsOf,
  transfersOf,
  upload,
} from './transfers-recognised-setup';

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
