// A transfer between the two registers of one bank file in two currencies
// (docs/imports-multi-account.md, Currencies) through HTTP on a real PostgreSQL, with the ECB's
// history read through the real download path from a local HTTP server: an OFX with a CAD and a USD
// statement (CURDEF each) where 1,370.00 CAD out arrive as 994.40 USD, and 500.00 USD out as 671.20
// CAD, is previewed and committed as two transfers that keep both amounts; balances are right and
// undo removes everything. The rates the test expects are computed here from the ECB file itself
// (support/ecb-history.ts).
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
import { CROSS_CURRENCY_TOLERANCE } from '../../../src/domains/imports/import-rows-repository';
import { createRatesLoader } from '../../../src/domains/rates/rates-loader';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { converted, ecbDayOf } from '../../support/ecb-history';
import { importFixture, uploadImport } from '../../support/import-files';
import { startRatesFileServer, type RatesFileServer } from '../../support/rates-server';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
let files: RatesFileServer;
const { ok } = apiCalls(() => context.app);

beforeAll(async () => {
  files = await startRatesFileServer();
  context = await createTestApp();
  const loaded = await createRatesLoader(context.database.db, {
    url: files.url('eurofxref-hist.zip'),
    logger: { info: () => undefined, warn: () => undefined },
  }).load();
  expect(loaded).toMatchObject({ status: 'loaded', newest: '2026-04-13' });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await files?.close();
});

async function upload(user: SignedUpUser, file: string): Promise<Import> {
  const response = await uploadImport(
    context.app,
    user,
    file,
    importFixture(`multi-account/${file}`),
    {},
  );
  if (response.statusCode !== 201) throw new Error(`upload: ${response.body}`);
  return response.json<Import>();
}

const rowsOf = async (user: SignedUpUser, id: string) =>
  (await ok<{ rows: ImportRow[] }>(user, 'GET', `/api/imports/${id}/rows?limit=100`)).rows;
const accountsOf = (user: SignedUpUser) => ok<Account[]>(user, 'GET', '/api/accounts');
const transfersOf = async (user: SignedUpUser) =>
  (await ok<{ transfers: Transfer[] }>(user, 'GET', '/api/transfers?limit=100')).transfers;
const transactionsOf = async (user: SignedUpUser) =>
  (await ok<{ transactions: Transaction[] }>(user, 'GET', '/api/transactions?limit=100'))
    .transactions;

/** How far the amount received is from the amount sent at the ECB rate of its day. */
function gap(sent: number, from: string, received: number, to: string, day: string): number {
  const rateDay = ecbDayOf(from, day, 7)!;
  return Math.abs(converted(sent, from, to, rateDay) - received) / received;
}

const sum = (values: number[]) =>
  Math.round(values.reduce((total, value) => total + value * 100, 0)) / 100;

describe('a transfer between a CAD and a USD statement of one OFX file', () => {
  it('is previewed and committed as one transfer with both amounts, balances agree, and undo removes it', async () => {
    // The fixture's figures against the published rates, computed here: the two transfers are
    // within the tolerance, the decoys are not.
    expect(gap(1370, 'CAD', 994.4, 'USD', '2026-03-05')).toBeLessThan(CROSS_CURRENCY_TOLERANCE);
    expect(gap(500, 'USD', 671.2, 'CAD', '2026-03-09')).toBeLessThan(CROSS_CURRENCY_TOLERANCE);
    expect(gap(500, 'USD', 700, 'CAD', '2026-03-09')).toBeGreaterThan(CROSS_CURRENCY_TOLERANCE);
    expect(gap(54.21, 'CAD', 54.21, 'USD', '2026-03-02')).toBeGreaterThan(0.2);

    const user = await signUp(context.app, { setup: true });
    const preview = await upload(user, 'cad-usd-transfer.ofx');
    expect(preview.statements.map((statement) => [statement.currency, statement.rowCount])).toEqual(
      [
        ['CAD', 5],
        ['USD', 4],
      ],
    );
    const rows = await rowsOf(user, preview._id);
    const at = (name: string, statement: number) =>
      rows.find((row) => row.name === name && row.statement === statement)!;
    const cadOut = at('ONLINE TRANSFER TO DEPOSIT ACCOUNT-4000567', 0);
    const usdIn = at('ONLINE TRANSFER FROM DEPOSIT ACCOUNT-5011234', 1);
    const usdOut = at('ONLINE TRANSFER TO DEPOSIT ACCOUNT-5011234', 1);
    const cadIn = at('ONLINE TRANSFER FROM DEPOSIT ACCOUNT-4000567', 0);
    expect(cadOut).toMatchObject({ status: 'transfer', amount: 1370, matchRow: usdIn.index });
    expect(usdIn).toMatchObject({ status: 'transfer', amount: 994.4, matchRow: cadOut.index });
    expect(usdOut).toMatchObject({ status: 'transfer', amount: 500, matchRow: cadIn.index });
    expect(cadIn).toMatchObject({ status: 'transfer', amount: 671.2, matchRow: usdOut.index });
    // Equal figures in two currencies are not one movement; 700 CAD is 3 % off 500 USD.
    for (const [name, statement] of [
      ['TIM HORTONS #4421', 0],
      ['PAYPAL REFUND', 1],
      ['MOBILE CHEQUE DEPOSIT', 0],
    ] as const) {
      expect(at(name, statement)).toMatchObject({ status: 'new', matchRow: null });
    }
    expect(preview.counts).toEqual({ new: 5, duplicate: 0, problem: 0, transfer: 4 });
    expect(preview.transferPairs).toBe(2);

    expect(
      await ok<ImportCommitResult>(user, 'POST', `/api/imports/${preview._id}/commit`, {}),
    ).toMatchObject({ created: 5, transfers: 2 });
    const accounts = await accountsOf(user);
    const cad = accounts.find((account) => account.name === 'Checking 1234 CAD')!;
    const usd = accounts.find((account) => account.name === 'Checking 0567 USD')!;
    expect([cad.currency, usd.currency]).toEqual(['CAD', 'USD']);
    const transfers = await transfersOf(user);
    expect(
      transfers
        .map(({ fromAccountId, toAccountId, amount, toAmount, date, toDate }) => ({
          fromAccountId,
          toAccountId,
          amount,
          toAmount,
          date,
          toDate,
        }))
        .sort((a, b) => a.date.localeCompare(b.date)),
    ).toEqual([
      {
        fromAccountId: cad._id,
        toAccountId: usd._id,
        amount: 1370,
        toAmount: 994.4,
        date: '2026-03-05',
        toDate: '2026-03-05',
      },
      {
        fromAccountId: usd._id,
        toAccountId: cad._id,
        amount: 500,
        toAmount: 671.2,
        date: '2026-03-09',
        toDate: '2026-03-09',
      },
    ]);
    // Each balance is its statement's own rows, in its own currency (the file's LEDGERBAL).
    expect(cad.balance).toBe(sum([-54.21, -1370, 671.2, 700, 2650]));
    expect(usd.balance).toBe(sum([54.21, 994.4, -500, -82.4]));
    expect([cad.balance, usd.balance]).toEqual([2596.99, 466.21]);
    // The transfers are no income or expense.
    expect((await transactionsOf(user)).map((transaction) => transaction.name).sort()).toEqual([
      'AMAZON.COM*RT4Q2',
      'MOBILE CHEQUE DEPOSIT',
      'PAYPAL REFUND',
      'PAYROLL DEPOSIT ACME CORP',
      'TIM HORTONS #4421',
    ]);

    // A re-import finds every row already there, the transfer legs included.
    const again = await upload(user, 'cad-usd-transfer.ofx');
    expect(again.counts).toMatchObject({ new: 0, transfer: 0, duplicate: 9 });

    const undone = await ok<ImportUndoResult>(user, 'DELETE', `/api/imports/${preview._id}`);
    expect(undone.deleted).toBe(7);
    expect(await transfersOf(user)).toEqual([]);
    expect(await transactionsOf(user)).toEqual([]);
  });
});

describe("transfers across currencies at the day's rate", () => {
  it("a row the user makes a transfer to an account in another currency gets its amount there at the day's rate", async () => {
    const user = await signUp(context.app, { setup: true });
    await given.account(context.app, user, {
      name: 'Chequing',
      type: 'checking',
      currency: 'CAD',
      identifiers: ['06702-5011234'],
    });
    const usd = await given.account(context.app, user, {
      name: 'US dollars',
      type: 'checking',
      currency: 'USD',
      identifiers: ['06702-4000567'],
    });
    const euros = await given.account(context.app, user, {
      name: 'Euro savings',
      type: 'savings',
      currency: 'EUR',
    });
    const preview = await upload(user, 'cad-usd-transfer.ofx');
    const amazon = (await rowsOf(user, preview._id)).find(
      (row) => row.name === 'AMAZON.COM*RT4Q2',
    )!;
    expect(amazon).toMatchObject({ status: 'new', amount: 82.4, isIncome: false });

    await ok(user, 'POST', `/api/imports/${preview._id}/commit`, {
      rows: [{ index: amazon.index, transferAccountId: euros._id }],
    });
    const received = converted(82.4, 'USD', 'EUR', ecbDayOf('USD', '2026-03-10', 7)!);
    const transfer = (await transfersOf(user)).find((one) => one.date === '2026-03-10')!;
    expect(transfer).toMatchObject({
      fromAccountId: usd._id,
      toAccountId: euros._id,
      amount: 82.4,
      toAmount: received,
    });
    const balances = Object.fromEntries(
      (await accountsOf(user)).map((account) => [account.name, account.balance]),
    );
    expect(balances).toMatchObject({
      Chequing: sum([-54.21, -1370, 671.2, 700, 2650]),
      'US dollars': sum([54.21, 994.4, -500, -82.4]),
      'Euro savings': received,
    });
  });

  it('pairs nothing by amount on a day without a rate', async () => {
    // September 2026 is after the newest rate (2026-04-13) by far more than 7 days.
    expect(ecbDayOf('USD', '2026-09-05', 7)).toBeUndefined();
    const user = await signUp(context.app, { setup: true });
    const preview = await upload(user, 'cad-usd-two-statements.ofx');
    const rows = await rowsOf(user, preview._id);
    expect(rows.every((row) => row.status === 'new' && row.matchRow === null)).toBe(true);
    expect(preview.transferPairs).toBe(0);
  });
});
