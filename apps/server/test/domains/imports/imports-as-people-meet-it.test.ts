// Import as a new user meets it, through HTTP on a real PostgreSQL with the ECB's history read
// through the real download path: a euro checking account pays off a dollar credit card
// ("JPMorgan Chase Bank −2.087,13 €" on 31.03.2026 in the checking CSV, "Payment Thank You
// +2399.78" on 03/31/2026 in the card's; 2,087.13 € × 1.1498 = 2,399.78 $). Imported in either
// order, the two rows are one transfer: March's income and spending leave it out, checking ends at
// −245.45 € and the card at 0.00 $. Neither repair path — choosing the transfer in the preview,
// "make it a transfer" on the saved row — writes a second leg beside the other bank's row.
import type {
  Account,
  Import,
  ImportCommitResult,
  ImportRow,
  Transaction,
  TransactionSummary,
  Transfer,
} from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRatesLoader } from '../../../src/domains/rates/rates-loader';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { perEuro } from '../../support/ecb-history';
import { importFixture, uploadImport } from '../../support/import-files';
import { startRatesFileServer, type RatesFileServer } from '../../support/rates-server';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
let files: RatesFileServer;
const { call, ok } = apiCalls(() => context.app);

beforeAll(async () => {
  files = await startRatesFileServer();
  context = await createTestApp();
  await createRatesLoader(context.database.db, {
    url: files.url('eurofxref-hist.zip'),
    logger: { info: () => undefined, warn: () => undefined },
  }).load();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await files?.close();
});

const fixture = (name: string) => importFixture(`as-people-meet-it/${name}`);

interface Household {
  user: SignedUpUser;
  checking: Account;
  card: Account;
}

/** A euro household: its checking account (the default one, in euros) and a dollar card. */
async function household(): Promise<Household> {
  const user = await signUp(context.app);
  await ok(user, 'PUT', '/api/auth/setup', { defaultCurrency: 'EUR' });
  const [checking] = await ok<Account[]>(user, 'GET', '/api/accounts');
  const card = await given.account(context.app, user, {
    name: 'Sapphire',
    type: 'credit',
    currency: 'USD',
  });
  return { user, checking: checking!, card };
}

async function upload(user: SignedUpUser, name: string, accountId: string): Promise<Import> {
  const response = await uploadImport(context.app, user, name, fixture(name), { accountId });
  if (response.statusCode !== 201) throw new Error(`upload ${name}: ${response.body}`);
  return response.json<Import>();
}

async function uploadAnywhere(user: SignedUpUser, name: string): Promise<Import> {
  const response = await uploadImport(context.app, user, name, fixture(name));
  if (response.statusCode !== 201) throw new Error(`upload ${name}: ${response.body}`);
  return response.json<Import>();
}

const rowsOf = async (user: SignedUpUser, id: string) =>
  (await ok<{ rows: ImportRow[] }>(user, 'GET', `/api/imports/${id}/rows?limit=100`)).rows;
const commit = (user: SignedUpUser, id: string, body: object = {}) =>
  ok<ImportCommitResult>(user, 'POST', `/api/imports/${id}/commit`, body);
const transfersOf = async (user: SignedUpUser) =>
  (await ok<{ transfers: Transfer[] }>(user, 'GET', '/api/transfers?limit=100')).transfers;
const transactionsOf = async (user: SignedUpUser) =>
  (await ok<{ transactions: Transaction[] }>(user, 'GET', '/api/transactions?limit=100'))
    .transactions;
const balances = async (user: SignedUpUser) =>
  new Map(
    (await ok<Account[]>(user, 'GET', '/api/accounts')).map((account) => [
      account._id,
      account.balance,
    ]),
  );
const march = (user: SignedUpUser) =>
  ok<TransactionSummary>(user, 'GET', '/api/transactions/summary?from=2026-03-01&to=2026-03-31');

/** One transfer of the payoff, nothing of it among the transactions, and the balances right. */
async function expectOnePayoff({ user, checking, card }: Household): Promise<void> {
  const transfers = await transfersOf(user);
  expect(transfers).toEqual([
    expect.objectContaining({
      fromAccountId: checking._id,
      toAccountId: card._id,
      amount: 2087.13,
      currency: 'EUR',
      toAmount: 2399.78,
      toCurrency: 'USD',
      date: '2026-03-31',
    }),
  ]);
  const amounts = (await transactionsOf(user)).map((row) => row.cost);
  expect(amounts).not.toContain(2087.13);
  expect(amounts).not.toContain(2399.78);
  expect(amounts).toHaveLength(5);
  const balance = await balances(user);
  expect(balance.get(checking._id)).toBe(-245.45);
  expect(balance.get(card._id)).toBe(0);
  const totals = await march(user);
  // The salary only; the spending is the rent, the groceries and the card's two charges.
  expect(totals.totalIncome).toBe(2500);
  expect(totals.totalExpenses).toBeLessThan(658.32 + 2399.78);
}

describe('a euro checking account paying off a dollar card', () => {
  it('the day’s ECB rate is the one the story says', () => {
    expect(perEuro('USD', '2026-03-31')).toBe(1.1498);
  });

  it('checking first, then the card: the card’s payment is a transfer with the checking row as its other leg', async () => {
    const home = await household();
    const checkingImport = await upload(home.user, 'checking-eur.csv', home.checking._id);
    expect(checkingImport.counts.new).toBe(4);
    await commit(home.user, checkingImport._id);
    const payoff = (await transactionsOf(home.user)).find((row) => row.cost === 2087.13)!;

    const cardImport = await upload(home.user, 'card-usd.csv', home.card._id);
    const payment = (await rowsOf(home.user, cardImport._id)).find((row) => row.amount === 2399.78);
    expect(payment).toMatchObject({
      status: 'transfer',
      isIncome: true,
      transferAccountId: home.checking._id,
      matchOf: payoff._id,
    });
    expect((await commit(home.user, cardImport._id)).transfers).toBe(1);
    await expectOnePayoff(home);
  });

  it('the card first, then checking: the checking row finds the card’s payment', async () => {
    const home = await household();
    await commit(home.user, (await upload(home.user, 'card-usd.csv', home.card._id))._id);
    const checkingImport = await upload(home.user, 'checking-eur.csv', home.checking._id);
    const payoff = (await rowsOf(home.user, checkingImport._id)).find(
      (row) => row.amount === 2087.13,
    );
    expect(payoff).toMatchObject({
      status: 'transfer',
      isIncome: false,
      transferAccountId: home.card._id,
    });
    expect(payoff!.matchOf).not.toBeNull();
    await commit(home.user, checkingImport._id);
    await expectOnePayoff(home);
  });

  it('choosing "transfer from checking" for the card’s row in the preview takes the checking row, never a second one', async () => {
    const home = await household();
    await commit(home.user, (await upload(home.user, 'card-usd.csv', home.card._id))._id);
    const checkingImport = await upload(home.user, 'checking-eur.csv', home.checking._id);
    // The person says so themselves (whatever the preview found): the same one transfer.
    await commit(home.user, checkingImport._id, {
      rows: [{ index: 3, transferAccountId: home.card._id }],
    });
    await expectOnePayoff(home);
  });

  it('"make it a transfer" on the saved checking row takes the card’s existing payment as the other leg', async () => {
    const home = await household();
    const checkingImport = await upload(home.user, 'checking-eur.csv', home.checking._id);
    await commit(home.user, checkingImport._id);
    const cardImport = await upload(home.user, 'card-usd.csv', home.card._id);
    // Saved as income first (the person said "not a transfer" in the preview).
    await commit(home.user, cardImport._id, { rows: [{ index: 2, transferAccountId: null }] });
    // Balances are right, but March counts the payoff as income and as spending.
    expect((await march(home.user)).totalIncome).toBeGreaterThan(2500);
    const payoff = (await transactionsOf(home.user)).find((row) => row.cost === 2087.13)!;

    const made = await ok<Transfer>(home.user, 'POST', '/api/transfers/from-transactions', {
      transactionIds: [payoff._id],
      accountId: home.card._id,
    });
    expect(made).toMatchObject({ amount: 2087.13, toAmount: 2399.78, toImportId: cardImport._id });
    await expectOnePayoff(home);
  });

  it('"make it a transfer" asks which when the other account holds the other side twice, and changes nothing', async () => {
    const home = await household();
    await commit(home.user, (await upload(home.user, 'checking-eur.csv', home.checking._id))._id);
    const cardImport = await upload(home.user, 'card-usd.csv', home.card._id);
    await commit(home.user, cardImport._id, { rows: [{ index: 2, transferAccountId: null }] });
    // A second payment of the same amount, booked a day earlier by hand.
    await given.transaction(context.app, home.user, {
      name: 'Payment',
      cost: 2399.78,
      category: 'Other',
      addedOn: '2026-03-30',
      isIncome: true,
      accountId: home.card._id,
    });
    const before = await balances(home.user);
    const payoff = (await transactionsOf(home.user)).find((row) => row.cost === 2087.13)!;
    const response = await call(home.user, 'POST', '/api/transfers/from-transactions', {
      transactionIds: [payoff._id],
      accountId: home.card._id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'TRANSFER_OTHER_LEG_AMBIGUOUS' });
    expect(response.json<{ message: string }>().message).toContain('2026-03-30, 2026-03-31');
    expect(await balances(home.user)).toEqual(before);
    expect(await transfersOf(home.user)).toEqual([]);
  });

  it('choosing a transfer in the preview asks which when the other account holds the other side twice', async () => {
    const home = await household();
    await given.transaction(context.app, home.user, {
      name: 'Payment',
      cost: 2399.78,
      category: 'Other',
      addedOn: '2026-03-30',
      isIncome: true,
      accountId: home.card._id,
    });
    await commit(home.user, (await upload(home.user, 'card-usd.csv', home.card._id))._id, {
      rows: [{ index: 2, transferAccountId: null }],
    });
    const checkingImport = await upload(home.user, 'checking-eur.csv', home.checking._id);
    const response = await call(home.user, 'POST', `/api/imports/${checkingImport._id}/commit`, {
      rows: [{ index: 3, transferAccountId: home.card._id }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'TRANSFER_OTHER_LEG_AMBIGUOUS' });
    expect(await transfersOf(home.user)).toEqual([]);
    expect((await balances(home.user)).get(home.checking._id)).toBe(0);
  });
});

describe('the preview of a dollar card in a euro household', () => {
  it('shows each row in its statement’s currency', async () => {
    const home = await household();
    const imported = await upload(home.user, 'card-usd.csv', home.card._id);
    expect(imported.preview.map((row) => row.currency)).toEqual(['USD', 'USD', 'USD']);
    const rows = await rowsOf(home.user, imported._id);
    expect(rows.map((row) => [row.amount, row.currency])).toEqual([
      [1436.2, 'USD'],
      [963.58, 'USD'],
      [2399.78, 'USD'],
    ]);
    const checking = await upload(home.user, 'checking-eur.csv', home.checking._id);
    expect(new Set(checking.preview.map((row) => row.currency))).toEqual(new Set(['EUR']));
  });
});

describe('a card’s CSV with charges written as positive numbers', () => {
  it('reads them as money out when it goes into a credit card account', async () => {
    const home = await household();
    const imported = await upload(home.user, 'us-card-positive-charges.csv', home.card._id);
    expect(imported.mapping).toMatchObject({ amount: 2, invertSign: true });
    expect(imported.mappingReasonCodes?.invertSign).toEqual([
      { code: 'invertSignCardAccount', params: { part: 6, whole: 7 } },
    ]);
    const rows = await rowsOf(home.user, imported._id);
    expect(rows.map((row) => [row.amount, row.isIncome])).toEqual([
      [84.12, false],
      [41.2, false],
      [15.49, false],
      [250, true],
      [63.87, false],
      [12.85, false],
      [29.99, false],
    ]);
    // The person can still flip it.
    const flipped = await ok<Import>(home.user, 'PUT', `/api/imports/${imported._id}/mapping`, {
      mapping: { ...imported.mapping, invertSign: false },
    });
    expect(flipped.preview[0]).toMatchObject({ amount: 84.12, isIncome: true });
  });

  it('reads the same file into a checking account as it is', async () => {
    const home = await household();
    const imported = await upload(home.user, 'us-card-positive-charges.csv', home.checking._id);
    expect(imported.mapping).toMatchObject({ invertSign: false });
    expect(imported.preview[0]).toMatchObject({ amount: 84.12, isIncome: true });
  });
});

describe('ING’s CSV exactly as the bank exports it', () => {
  it('finds the header after the preamble and the blank lines, counted as lines of the file', async () => {
    const home = await household();
    const savings = await given.account(context.app, home.user, {
      name: 'Extra-Konto',
      type: 'savings',
    });
    const imported = await upload(home.user, 'ing-extra-konto.csv', savings._id);
    expect(imported.counts).toEqual({ new: 14, duplicate: 0, problem: 0, transfer: 0 });
    // 14 lines before the header, blank ones included, as a text editor numbers them.
    expect(imported.mapping).toMatchObject({
      skipRows: 14,
      date: 0,
      amount: 7,
      decimalSeparator: ',',
      dateFormat: 'DD.MM.YYYY',
    });
    const rows = await rowsOf(home.user, imported._id);
    expect(rows[0]).toMatchObject({ date: '2026-03-31', amount: 200, isIncome: true });
    expect(rows[3]).toMatchObject({ date: '2026-03-17', amount: 300, isIncome: false });
    expect(rows[8]).toMatchObject({ amount: 1234.56, isIncome: true });
  });

  it('reads the columns again when the header line changes', async () => {
    const home = await household();
    const imported = await upload(home.user, 'ing-extra-konto.csv', home.checking._id);
    const mapping = imported.mapping!;
    // The preamble's first line as the header: nothing reads.
    const wrong = await call(home.user, 'PUT', `/api/imports/${imported._id}/mapping`, {
      mapping: { ...mapping, skipRows: 0 },
    });
    expect(wrong.statusCode).toBe(200);
    // Back to line 15: the columns are found again, whatever the mapping sent said.
    const right = await ok<Import>(home.user, 'PUT', `/api/imports/${imported._id}/mapping`, {
      mapping: { ...mapping, date: 1, amount: 5, skipRows: 14 },
    });
    expect(right.mapping).toMatchObject({ skipRows: 14, date: 0, amount: 7 });
    expect(right.counts.new).toBe(14);
  });
});

describe('uploading a file again', () => {
  it('creates nothing from a CAMT.053 of two statements with two entries to the same IBAN', async () => {
    const home = await household();
    // No account chosen: the file's IBAN decides, as a person uploading it twice would.
    const first = await uploadAnywhere(home.user, 'two-statements.camt053.xml');
    expect(first.counts).toEqual({ new: 4, duplicate: 0, problem: 0, transfer: 0 });
    const committed = await commit(home.user, first._id);
    expect(committed.created).toBe(4);
    const again = await uploadAnywhere(home.user, 'two-statements.camt053.xml');
    expect(again.counts).toEqual({ new: 0, duplicate: 4, problem: 0, transfer: 0 });
    expect((await commit(home.user, again._id)).created).toBe(0);
    expect(await transactionsOf(home.user)).toHaveLength(4);
    // The two statements are one account's: one account was made for both.
    const accounts = await ok<Account[]>(home.user, 'GET', '/api/accounts');
    expect(accounts).toHaveLength(3);
    const made = accounts.find((account) =>
      account.identifiers.includes('DE02120300000000202051'),
    )!;
    // Undo says so once: the re-upload's import keeps it.
    const undone = await ok<{ removedAccountIds: string[]; keptAccountIds: string[] }>(
      home.user,
      'DELETE',
      `/api/imports/${first._id}`,
    );
    expect(undone).toMatchObject({ removedAccountIds: [], keptAccountIds: [made._id] });
  });

  it('marks the transaction an OFX file is cut inside as a problem, never an amount it lacks', async () => {
    const home = await household();
    // The file ends at "<TRNAMT>-1" of the fee's -12.00.
    const imported = await upload(home.user, 'truncated.ofx', home.checking._id);
    expect(imported.counts).toEqual({ new: 5, duplicate: 0, problem: 1, transfer: 0 });
    expect(imported.preview[5]).toMatchObject({
      status: 'problem',
      amount: null,
      problemCode: 'cutShort',
      problem:
        'Row 6: the file ends inside this transaction (it was cut short): download it again.',
    });
    const committed = await commit(home.user, imported._id);
    expect(committed).toMatchObject({ created: 5, skippedProblems: 1 });
    // Uploading the whole file later adds the fee only.
    const whole = await uploadImport(
      context.app,
      home.user,
      'checking.ofx',
      importFixture('checking-ofx1.ofx'),
      {
        accountId: home.checking._id,
      },
    );
    expect(whole.json<Import>().counts).toEqual({ new: 1, duplicate: 5, problem: 0, transfer: 0 });
  });
});

describe('a YNAB register with starting balances', () => {
  it('makes them the accounts’ opening balances, not income; the savings account a savings one; undo takes them back', async () => {
    const home = await household();
    const imported = await uploadAnywhere(home.user, 'ynab-starting-balances.csv');
    expect(imported.sourceApp).toBe('ynab');
    expect(
      imported.statements.map((statement) => [
        statement.name,
        statement.type,
        statement.rowCount,
        statement.openingBalance,
      ]),
    ).toEqual([
      ['Girokonto', 'checking', 4, 1420],
      ['Tagesgeld', 'savings', 1, 3500],
    ]);
    await commit(home.user, imported._id);
    // Two months' income is the two salaries.
    const income = await ok<TransactionSummary>(
      home.user,
      'GET',
      '/api/transactions/summary?from=2026-02-01&to=2026-03-31',
    );
    expect(income.totalIncome).toBe(6500);
    const accounts = await ok<Account[]>(home.user, 'GET', '/api/accounts');
    const byName = new Map(accounts.map((account) => [account.name, account]));
    expect(byName.get('Girokonto')).toMatchObject({
      type: 'checking',
      openingBalance: 1420,
      balance: 1420 - 850 + 3250 - 300 + 3250,
    });
    expect(byName.get('Tagesgeld')).toMatchObject({
      type: 'savings',
      openingBalance: 3500,
      balance: 3800,
    });
    const undone = await ok<{ removedAccountIds: string[] }>(
      home.user,
      'DELETE',
      `/api/imports/${imported._id}`,
    );
    expect(undone.removedAccountIds).toHaveLength(2);
  });

  it('keeps each leg’s own bank date: the savings statement’s 6th beside the register’s 5th', async () => {
    const home = await household();
    const register = await uploadAnywhere(home.user, 'ynab-starting-balances.csv');
    await commit(home.user, register._id);
    const savings = (await ok<Account[]>(home.user, 'GET', '/api/accounts')).find(
      (account) => account.name === 'Tagesgeld',
    )!;
    expect(await transfersOf(home.user)).toEqual([
      expect.objectContaining({ date: '2026-03-05', toDate: '2026-03-05', amount: 300 }),
    ]);
    // ING's statement of the savings account books the standing order on the 6th.
    const statement = await upload(home.user, 'ing-extra-konto.csv', savings._id);
    const row = (await rowsOf(home.user, statement._id)).find(
      (candidate) => candidate.note === 'Dauerauftrag Sparen',
    );
    expect(row).toMatchObject({ date: '2026-03-06', status: 'duplicate' });
    expect(row!.duplicateOfTransfer).not.toBeNull();
    await commit(home.user, statement._id);
    expect(await transfersOf(home.user)).toEqual([
      expect.objectContaining({ date: '2026-03-05', toDate: '2026-03-06', amount: 300 }),
    ]);
  });
});
