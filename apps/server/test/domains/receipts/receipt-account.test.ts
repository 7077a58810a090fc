// A receipt's expense goes to the account the user picks: the optional multipart field
// `accountId` of POST /api/receipts/upload. The reader is a fixed one: what is tested is where
// the expense lands, not OCR (receipts.test.ts reads real images).
import type { Account } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { given } from '../../support/given';
import { multipartBody } from '../../support/import-files';
import { renderReceipt } from '../../support/receipt-files';
import { fixedReceiptReader } from '../../security/user-data';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
let alice: SignedUpUser;
let bob: SignedUpUser;
let aliceMain: Account;
let aliceCard: Account;
let bobMain: Account;
let drawn = 0;

beforeAll(async () => {
  context = await createTestApp({ receiptReader: fixedReceiptReader('CORNER SHOP', 12.34) });
  alice = await signUp(context.app, { setup: true });
  bob = await signUp(context.app, { setup: true });
  aliceMain = (await accountsOf(alice))[0]!;
  bobMain = (await accountsOf(bob))[0]!;
  aliceCard = await given.account(context.app, alice, { name: 'Visa', type: 'credit' });
}, 120_000);
afterAll(async () => {
  await context?.close();
});

async function accountsOf(user: SignedUpUser): Promise<Account[]> {
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/accounts',
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Each upload is its own file: the same file twice is refused as a duplicate. */
async function nextReceipt(): Promise<Buffer> {
  drawn += 1;
  return renderReceipt([`CORNER SHOP ${drawn}`, 'TOTAL 12.34']);
}

async function upload(
  user: SignedUpUser,
  parts: Array<'file' | { accountId: string }>,
  fileField = 'receipt',
) {
  const bytes = await nextReceipt();
  const body = multipartBody(
    parts.map((part) =>
      part === 'file'
        ? { field: fileField, fileName: 'receipt.png', bytes }
        : { field: 'accountId', value: part.accountId },
    ),
  );
  return context.app.inject({
    method: 'POST',
    url: '/api/receipts/upload',
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  });
}

async function counts() {
  const { rows } = await context.database.pool.query<{ receipts: number; transactions: number }>(
    'SELECT (SELECT count(*)::int FROM receipts) AS receipts, (SELECT count(*)::int FROM transactions) AS transactions',
  );
  return rows[0]!;
}

const balanceOf = async (user: SignedUpUser, id: string) =>
  (await accountsOf(user)).find((account) => account._id === id)?.balance;

describe('POST /api/receipts/upload with accountId', () => {
  it('charges the expense to the default account when no account is chosen', async () => {
    for (const parts of [['file'], ['file', { accountId: '' }], [{ accountId: '  ' }, 'file']]) {
      const response = await upload(alice, parts as Array<'file' | { accountId: string }>);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().transaction).toMatchObject({
        accountId: aliceMain._id,
        cost: 12.34,
        isIncome: false,
      });
    }
  });

  it('charges the expense to the chosen account, the field before or after the file', async () => {
    const before = await balanceOf(alice, aliceCard._id);
    for (const parts of [
      [{ accountId: aliceCard._id }, 'file'],
      ['file', { accountId: ` ${aliceCard._id} ` }],
    ]) {
      const response = await upload(alice, parts as Array<'file' | { accountId: string }>);
      expect(response.statusCode, response.body).toBe(201);
      const { transaction } = response.json();
      expect(transaction).toMatchObject({ accountId: aliceCard._id, name: 'CORNER SHOP' });
      // The expense is where the list and the account's register say it is.
      const listed = await context.app.inject({
        method: 'GET',
        url: `/api/transactions?accountId=${aliceCard._id}&limit=100`,
        headers: alice.headers,
      });
      expect(listed.json().transactions.map((row: { _id: string }) => row._id)).toContain(
        transaction._id,
      );
    }
    expect(await balanceOf(alice, aliceCard._id)).toBeCloseTo((before ?? 0) - 2 * 12.34, 2);
  });

  it.each([
    ['another user’s account', () => bobMain._id],
    ['a malformed id', () => 'not-an-account'],
    ['an unknown id', () => '00000000-0000-4000-8000-000000000000'],
    ['an over-long id', () => 'x'.repeat(500)],
  ])('answers 404 for %s and stores nothing', async (_case, accountId) => {
    const before = await counts();
    const bobBalance = await balanceOf(bob, bobMain._id);
    const response = await upload(alice, [{ accountId: accountId() }, 'file']);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
      message: 'Account not found.',
    });
    expect(await counts()).toEqual(before);
    expect(await balanceOf(bob, bobMain._id)).toBe(bobBalance);
  });

  it('still asks for the file in the field "receipt", with or without an account', async () => {
    const wrongField = await upload(alice, [{ accountId: aliceCard._id }, 'file'], 'file');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({
      code: 'WRONG_FIELD',
      message: 'Send the file in the field named "receipt".',
    });

    const body = multipartBody([{ field: 'accountId', value: aliceCard._id }]);
    const noFile = await context.app.inject({
      method: 'POST',
      url: '/api/receipts/upload',
      payload: body.payload,
      headers: { ...body.headers, ...alice.headers },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({
      code: 'NO_FILE',
      message: 'Please select a file to upload.',
    });
  });
});
