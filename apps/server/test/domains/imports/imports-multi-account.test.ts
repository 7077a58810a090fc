// Several accounts in one bank file (docs/imports-multi-account.md) through HTTP on a
// real PostgreSQL: an OFX with a CAD and a USD statement, an OFX 2 with a checking and a credit
// card statement, and a Quicken export with two `!Account` blocks and an investment block. Each
// statement goes to its own account (by identifier, by name, or a new one), a transfer between
// two statements of the file is one transfer, and the import is one undoable unit.
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

async function upload(user: SignedUpUser, file: string, accountId?: string): Promise<Import> {
  const response = await uploadImport(
    context.app,
    user,
    file,
    importFixture(`multi-account/${file}`),
    accountId ? { accountId } : {},
  );
  if (response.statusCode !== 201) throw new Error(`upload: ${response.body}`);
  return response.json<Import>();
}

const commit = (user: SignedUpUser, id: string, body: object = {}) =>
  ok<ImportCommitResult>(user, 'POST', `/api/imports/${id}/commit`, body);
const undo = (user: SignedUpUser, id: string) =>
  ok<ImportUndoResult>(user, 'DELETE', `/api/imports/${id}`);
const rowsOf = async (user: SignedUpUser, id: string) =>
  (await ok<{ rows: ImportRow[] }>(user, 'GET', `/api/imports/${id}/rows?limit=100`)).rows;
const accountsOf = (user: SignedUpUser) => ok<Account[]>(user, 'GET', '/api/accounts');
const transactionsOf = async (user: SignedUpUser) =>
  (await ok<{ transactions: Transaction[] }>(user, 'GET', '/api/transactions?limit=100'))
    .transactions;
const transfersOf = async (user: SignedUpUser) =>
  (await ok<{ transfers: Transfer[] }>(user, 'GET', '/api/transfers?limit=100')).transfers;

/** Each account's name with the names and signed amounts of its transactions, sorted. */
async function ledger(user: SignedUpUser) {
  const accounts = await accountsOf(user);
  const transactions = await transactionsOf(user);
  return Object.fromEntries(
    accounts.map((account) => [
      account.name,
      transactions
        .filter((transaction) => transaction.accountId === account._id)
        .map(
          (transaction) =>
            `${transaction.name} ${transaction.isIncome ? '' : '-'}${transaction.cost}`,
        )
        .sort(),
    ]),
  );
}

describe('an OFX with a CAD and a USD statement', () => {
  it('previews per statement, commits each into its account, re-imports as duplicates, and undo keeps the account another import goes to', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await accountsOf(user);
    const dollars = await given.account(context.app, user, {
      name: 'US dollars',
      type: 'checking',
      identifiers: ['06702 4000567'],
    });

    const preview = await upload(user, 'cad-usd-two-statements.ofx');
    expect(preview.statements).toEqual([
      {
        key: 0,
        name: null,
        identifier: '067025011234',
        currency: 'CAD',
        rowCount: 4,
        accountId: null,
        matchedBy: null,
        suggestedName: 'Checking 1234 CAD',
        type: 'checking',
        isCreated: false,
      },
      {
        key: 1,
        name: null,
        identifier: '067024000567',
        currency: 'USD',
        rowCount: 3,
        accountId: dollars._id,
        matchedBy: 'identifier',
        suggestedName: 'Checking 0567 USD',
        type: 'checking',
        isCreated: false,
      },
    ]);
    // The import's own account is one it does not create.
    expect(preview.accountId).toBe(dollars._id);
    const rows = await rowsOf(user, preview._id);
    expect(rows.map((row) => [row.statement, row.name, row.status])).toEqual([
      [0, 'TIM HORTONS #4421', 'new'],
      [0, 'ONLINE TRANSFER TO DEPOSIT ACCOUNT-4000567', 'new'],
      [0, 'PAYROLL DEPOSIT ACME CORP', 'new'],
      [0, 'HYDRO ONE NETWORKS', 'new'],
      // 54.21 CAD out and 54.21 USD in are not one movement: currencies differ.
      [1, 'PAYPAL REFUND', 'new'],
      [1, 'ONLINE TRANSFER FROM DEPOSIT ACCOUNT-5011234', 'new'],
      [1, 'AMAZON.COM*RT4Q2', 'new'],
    ]);
    expect(rows.every((row) => row.matchRow === null)).toBe(true);

    const result = await commit(user, preview._id);
    expect(result).toMatchObject({ created: 7, transfers: 0 });
    const accounts = await accountsOf(user);
    const cad = accounts.find((account) => account.name === 'Checking 1234 CAD')!;
    expect(cad).toMatchObject({
      type: 'checking',
      identifiers: ['067025011234'],
      balance: 1105.79,
    });
    expect(accounts.find((account) => account._id === dollars._id)!.balance).toBe(971.81);
    expect(accounts.find((account) => account._id === main!._id)!.balance).toBe(0);
    expect(await ledger(user)).toEqual({
      Main: [],
      'US dollars': [
        'AMAZON.COM*RT4Q2 -82.4',
        'ONLINE TRANSFER FROM DEPOSIT ACCOUNT-5011234 1000',
        'PAYPAL REFUND 54.21',
      ],
      'Checking 1234 CAD': [
        'HYDRO ONE NETWORKS -120',
        'ONLINE TRANSFER TO DEPOSIT ACCOUNT-4000567 -1370',
        'PAYROLL DEPOSIT ACME CORP 2650',
        'TIM HORTONS #4421 -54.21',
      ],
    });
    const committed = await ok<Import>(user, 'GET', `/api/imports/${preview._id}`);
    expect(
      committed.statements.map((statement) => [statement.accountId, statement.isCreated]),
    ).toEqual([
      [cad._id, true],
      [dollars._id, false],
    ]);

    // The same file again: both statements find their accounts by identifier, all duplicates.
    const again = await upload(user, 'cad-usd-two-statements.ofx');
    expect(again.statements.map((statement) => [statement.accountId, statement.matchedBy])).toEqual(
      [
        [cad._id, 'identifier'],
        [dollars._id, 'identifier'],
      ],
    );
    expect(again.counts).toEqual({ new: 0, duplicate: 7, problem: 0, transfer: 0 });
    await undo(user, again._id);

    // Another import (the re-upload, though undone) goes to the CAD account: deleting the
    // account would take that import out of the history, so the account stays.
    expect(await undo(user, preview._id)).toEqual({
      deleted: 7,
      removedAccountIds: [],
      keptAccountIds: [cad._id],
    });
    expect((await accountsOf(user)).map((account) => [account.name, account.balance])).toEqual([
      ['Main', 0],
      ['US dollars', 0],
      ['Checking 1234 CAD', 0],
    ]);
    expect(await transactionsOf(user)).toEqual([]);
    // Import history still lists it.
    const history = await ok<Import[]>(user, 'GET', '/api/imports');
    const listed = history.find((entry) => entry._id === preview._id)!;
    expect(listed.status).toBe('undone');
    expect(
      listed.statements.map((statement) => [statement.accountId, statement.isCreated]),
    ).toEqual([
      [cad._id, true],
      [dollars._id, false],
    ]);
  });

  it('removes the accounts it created that hold nothing, keeps one that holds a transaction', async () => {
    const user = await signUp(context.app, { setup: true });
    const preview = await upload(user, 'cad-usd-two-statements.ofx');
    expect(preview.statements.map((statement) => statement.accountId)).toEqual([null, null]);
    await commit(user, preview._id);
    const accounts = await accountsOf(user);
    const usd = accounts.find((account) => account.name === 'Checking 0567 USD')!;
    const cad = accounts.find((account) => account.name === 'Checking 1234 CAD')!;
    await given.transaction(context.app, user, {
      name: 'Coffee',
      cost: 3.5,
      category: 'Food',
      addedOn: '2026-10-02',
      isIncome: false,
      accountId: usd._id,
    });

    expect(await undo(user, preview._id)).toEqual({
      deleted: 7,
      removedAccountIds: [cad._id],
      keptAccountIds: [usd._id],
    });
    expect((await accountsOf(user)).map((account) => account.name).sort()).toEqual([
      'Checking 0567 USD',
      'Main',
    ]);
  });
});

describe('a Quicken export with a bank and a card block', () => {
  it('matches a block by name, offers the other as a new credit account, skips investments, and the card payment is one transfer', async () => {
    const user = await signUp(context.app, { setup: true });
    const checking = await given.account(context.app, user, {
      name: 'EVERYDAY checking',
      type: 'checking',
    });

    const preview = await upload(user, 'quicken-two-accounts.qif');
    expect(
      preview.statements.map(
        ({ key, name, type, rowCount, accountId, matchedBy, suggestedName }) => ({
          key,
          name,
          type,
          rowCount,
          accountId,
          matchedBy,
          suggestedName,
        }),
      ),
    ).toEqual([
      {
        key: 0,
        name: 'Everyday Checking',
        type: 'checking',
        rowCount: 3,
        accountId: checking._id,
        matchedBy: 'name',
        suggestedName: 'Everyday Checking (2)',
      },
      {
        key: 1,
        name: 'Visa Signature',
        type: 'credit',
        rowCount: 3,
        accountId: null,
        matchedBy: null,
        suggestedName: 'Visa Signature',
      },
    ]);
    const rows = await rowsOf(user, preview._id);
    expect(rows).toHaveLength(6);
    const payment = rows.find((row) => row.name === 'Visa Payment')!;
    const received = rows.find((row) => row.name === 'Payment - Thank You')!;
    expect(payment).toMatchObject({ status: 'transfer', statement: 0, matchRow: received.index });
    // The card's account does not exist yet: the pair names the row, not an account.
    expect(received).toMatchObject({
      status: 'transfer',
      statement: 1,
      matchRow: payment.index,
      transferAccountId: checking._id,
    });
    expect(payment.transferAccountId).toBeNull();
    expect(preview.counts).toEqual({ new: 4, duplicate: 0, problem: 0, transfer: 2 });
    // The two rows are one transfer.
    expect(preview.transferPairs).toBe(1);

    expect(await commit(user, preview._id)).toMatchObject({ created: 4, transfers: 1 });
    const visa = (await accountsOf(user)).find((account) => account.name === 'Visa Signature')!;
    expect(visa).toMatchObject({ type: 'credit', identifiers: [], balance: 192.34 });
    const [transfer, ...more] = await transfersOf(user);
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({
      fromAccountId: checking._id,
      toAccountId: visa._id,
      amount: 250,
      date: '2026-10-06',
      toDate: '2026-10-07',
      fromImportId: preview._id,
      toImportId: preview._id,
    });
    expect(await ledger(user)).toEqual({
      Main: [],
      'EVERYDAY checking': ['Northwind Payroll 2980.4', 'Pine Street Apartments -1200'],
      'Visa Signature': ['Netflix.com -15.49', 'Whole Foods Market -42.17'],
    });

    // Re-import: the card block now finds its account by name; everything is a duplicate.
    const again = await upload(user, 'quicken-two-accounts.qif');
    expect(again.statements.map((statement) => statement.accountId)).toEqual([
      checking._id,
      visa._id,
    ]);
    expect(again.counts).toEqual({ new: 0, duplicate: 6, problem: 0, transfer: 0 });
    await undo(user, again._id);

    expect(await undo(user, preview._id)).toEqual({
      deleted: 5,
      removedAccountIds: [visa._id],
      keptAccountIds: [],
    });
    expect(await transfersOf(user)).toEqual([]);
    expect((await accountsOf(user)).map((account) => [account.name, account.balance])).toEqual([
      ['Main', 0],
      ['EVERYDAY checking', 0],
    ]);
  });
});

describe('an OFX 2 with a checking and a credit card statement', () => {
  it('commits into the accounts chosen per statement, a new one under the name given', async () => {
    const user = await signUp(context.app, { setup: true });
    const card = await given.account(context.app, user, {
      name: 'Chase',
      type: 'credit',
    });
    const preview = await upload(user, 'bank-and-card-ofx2.qfx', card._id);
    // The account chosen at upload takes the first statement nothing else found.
    expect(
      preview.statements.map(({ identifier, currency, type, accountId, matchedBy }) => ({
        identifier,
        currency,
        type,
        accountId,
        matchedBy,
      })),
    ).toEqual([
      {
        identifier: '000009876543210',
        currency: 'USD',
        type: 'checking',
        accountId: card._id,
        matchedBy: 'upload',
      },
      {
        identifier: '4417123456789113',
        currency: 'USD',
        type: 'credit',
        accountId: null,
        matchedBy: null,
      },
    ]);

    const result = await commit(user, preview._id, {
      statements: [
        { key: 0, accountId: null, name: 'Joint checking' },
        { key: 1, accountId: card._id },
      ],
    });
    expect(result).toMatchObject({ created: 3, transfers: 1 });
    const joint = (await accountsOf(user)).find((account) => account.name === 'Joint checking')!;
    expect(joint).toMatchObject({ type: 'checking', identifiers: ['000009876543210'] });
    expect(await transfersOf(user)).toMatchObject([
      { fromAccountId: joint._id, toAccountId: card._id, amount: 412 },
    ]);
    expect(await ledger(user)).toEqual({
      Main: [],
      Chase: ['POWELLS BOOKS -19.99'],
      'Joint checking': ['ACME CORP PAYROLL 3412.57', 'SAFEWAY #1423 -63.18'],
    });
    const committed = await ok<Import>(user, 'GET', `/api/imports/${preview._id}`);
    expect(committed.accountId).toBe(card._id);
    expect(committed.statements.map((statement) => statement.matchedBy)).toEqual([null, 'choice']);
  });

  it("refuses another user's account (404) and a statement the file lacks (400), changing nothing", async () => {
    const user = await signUp(context.app, { setup: true });
    const stranger = await signUp(context.app, { setup: true });
    const [theirs] = await accountsOf(stranger);
    const preview = await upload(user, 'bank-and-card-ofx2.qfx');
    const before = await accountsOf(user);

    const foreign = await call(user, 'POST', `/api/imports/${preview._id}/commit`, {
      statements: [{ key: 1, accountId: theirs!._id }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });

    const missing = await call(user, 'POST', `/api/imports/${preview._id}/commit`, {
      statements: [
        { key: 0, accountId: null },
        { key: 2, accountId: null },
      ],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'NO_SUCH_STATEMENT' });

    const repeated = await call(user, 'POST', `/api/imports/${preview._id}/commit`, {
      statements: [
        { key: 0, accountId: null },
        { key: 0, accountId: null },
      ],
    });
    expect(repeated.statusCode).toBe(400);

    expect(await accountsOf(user)).toEqual(before);
    expect(await transactionsOf(user)).toEqual([]);
    const still = await ok<Import>(user, 'GET', `/api/imports/${preview._id}`);
    expect(still.status).toBe('preview');
    expect(still.statements).toEqual(preview.statements);
    // And it still commits.
    expect(await commit(user, preview._id)).toMatchObject({ created: 3, transfers: 1 });
  });
});

describe('a file of one account', () => {
  it('has one statement, of the import account, as before', async () => {
    const user = await signUp(context.app, { setup: true });
    const response = await uploadImport(
      context.app,
      user,
      'checking.ofx',
      importFixture('checking-ofx1.ofx'),
    );
    const preview = response.json<Import>();
    expect(preview.statements).toMatchObject([
      {
        key: 0,
        identifier: '0123456789',
        currency: 'USD',
        accountId: preview.accountId,
        rowCount: preview.rowCount,
        isCreated: false,
      },
    ]);
    expect(preview.preview.every((row) => row.statement === 0 && row.matchRow === null)).toBe(true);
  });
});
