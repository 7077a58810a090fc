import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileUrlSigner } from '../../src/domains/receipts/signed-urls';
import {
  createTestApp,
  signUp,
  TEST_JWT_SECRET,
  type SignedUpUser,
  type TestContext,
} from '../test-app';
import { uploadImport } from '../support/import-files';
import { snapshotDatabase } from './database-snapshot';
import {
  attacksOnCredentialIds,
  attacksOnOwnedIds,
  CREDENTIAL_READS,
  missingTwin,
  ownedDataReads,
  ownedTraces,
  today,
  transactionBody,
  VICTIM_RATE,
  withoutCategoryName,
  type Method,
} from './isolation-routes';
import { fixedReceiptReader, seedUserData, type UserData } from './user-data';

/**
 * IDOR matrix: user B, signed in, aims every route that takes an id or returns user data at
 * user A's rows. B gets a 404 (never a 403, which would confirm that the row exists) for each
 * id, sees none of A's data in any list, total, chart, export or category, and A's rows are
 * byte for byte the same afterwards.
 */
let context: TestContext;
let alice: SignedUpUser;
let bob: SignedUpUser;
let aliceData: UserData;
let bobData: UserData;

const request = (user: SignedUpUser | undefined, method: Method, url: string, payload?: object) =>
  context.app.inject({
    method,
    url,
    headers: user?.headers ?? {},
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  context = await createTestApp({ receiptReader: fixedReceiptReader() });
  alice = await signUp(context.app, { setup: true });
  bob = await signUp(context.app, { setup: true });
  aliceData = await seedUserData(context.app, alice, 'alicesecret');
  bobData = await seedUserData(context.app, bob, 'bobown');
});
afterAll(async () => {
  await context.close();
});

/** Everything of Alice's that must never appear in a reply to Bob. */
function aliceTraces(): string[] {
  const { sessionId, apiTokenId, passkeyId } = aliceData;
  return [...ownedTraces(aliceData), sessionId, apiTokenId, passkeyId, alice.id, alice.email];
}

describe('user B against user A’s data', () => {
  it('cannot move his own expense into her account: 404, and it stays where it was', async () => {
    const url = `/api/transactions/${bobData.expenseId}`;
    const before = await snapshotDatabase(context.database.pool);
    const response = await request(bob, 'PUT', url, {
      ...transactionBody,
      accountId: aliceData.accountId,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    expect(await snapshotDatabase(context.database.pool)).toEqual(before);
  });

  it('gets a 404 for every id of hers, the same 404 as for an id that does not exist', async () => {
    const before = await snapshotDatabase(context.database.pool);
    const attacks = [
      ...attacksOnOwnedIds(aliceData, bobData),
      ...attacksOnCredentialIds(aliceData),
    ];
    for (const attack of attacks) {
      const [name, method, url, payload] = attack;
      const response = await request(bob, method, url, payload);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(404);
      // The reply for her row must not differ from the one for a row that never existed.
      const [, , missingUrl, missingPayload] = missingTwin(attack, aliceData);
      const missing = await request(bob, method, missingUrl, missingPayload);
      // (The category message repeats the name that was sent, whoever owns it.)
      expect(withoutCategoryName(response.body, aliceData), name).toEqual(
        withoutCategoryName(missing.body, aliceData),
      );
    }
    expect(await snapshotDatabase(context.database.pool), 'nothing changed').toEqual(before);
    expect(attacks.length).toBeGreaterThanOrEqual(12);
  });

  it('finds none of her data in any list, search, total, chart, export or category', async () => {
    // Her own exchange rate, a number nothing else holds.
    const herRate = await request(alice, 'PUT', '/api/rates', VICTIM_RATE);
    expect(herRate.statusCode).toBe(200);
    const reads = [...ownedDataReads(aliceData), ...CREDENTIAL_READS];
    for (const url of reads) {
      const response = await request(bob, 'GET', url);
      expect(response.statusCode, url).toBe(200);
      for (const trace of [...aliceTraces(), VICTIM_RATE.rate]) {
        expect(response.body, `${url} shows ${trace}`).not.toContain(trace);
      }
    }
    // He cannot delete her rate either: the same 404 as for none, and hers stays.
    const removal = await request(bob, 'DELETE', `/api/rates/CHF/${today}`);
    expect([removal.statusCode, removal.json().code]).toEqual([404, 'RATE_NOT_FOUND']);
    const hers = await request(alice, 'GET', `/api/rates?currency=CHF&from=${today}&to=${today}`);
    expect(hers.json()).toEqual([expect.objectContaining({ ownRate: 7.6543219 })]);
    // Searching for her marker finds nothing; his totals and budget spending are his own.
    const search = await request(bob, 'GET', `/api/transactions?search=${aliceData.marker}`);
    expect(search.json()).toMatchObject({ total: 0, transactions: [] });
    const summary = (await request(bob, 'GET', '/api/transactions/summary')).json();
    // His paint, his receipt and the first occurrence of his rent.
    expect(summary).toMatchObject({ totalIncome: 3000, totalExpenses: 42.5 + 12.34 + 900 });
    const budgets = (await request(bob, 'GET', '/api/budgets')).json();
    expect(budgets).toEqual([expect.objectContaining({ _id: bobData.budgetId, spent: 42.5 })]);
  });

  it('cannot import a file into her account, whether the account comes before or after the file', async () => {
    const before = await snapshotDatabase(context.database.pool);
    const file = Buffer.from('Date,Description,Amount\r\n2026-03-01,Taken over,-1.00\r\n');
    const missing = '01900000-0000-7000-8000-000000000000';
    for (const accountAfterFile of [false, true]) {
      const hers = await uploadImport(context.app, bob, 'x.csv', file, {
        accountId: aliceData.accountId,
        accountAfterFile,
      });
      const none = await uploadImport(context.app, bob, 'x.csv', file, {
        accountId: missing,
        accountAfterFile,
      });
      expect(hers.statusCode, hers.body).toBe(404);
      expect(hers.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
      expect(hers.body).toEqual(none.body);
    }
    expect(await snapshotDatabase(context.database.pool)).toEqual(before);
  });

  it('cannot reach her receipt file by any URL but the one signed for it', async () => {
    const signer = createFileUrlSigner(TEST_JWT_SECRET);
    const hers = aliceData.receiptId;
    const his = bobData.receiptId;
    const expired = signer.urlFor(hers, 'file', new Date(Date.now() - 16 * 60_000));
    const tampered = aliceData.receiptFileUrl.replace(/signature=[\w-]{4}/, 'signature=AAAA');
    const hisSignatureOnHerId = bobData.receiptFileUrl.replace(his, hers);
    const herSignatureLonger = aliceData.receiptFileUrl.replace(
      /expires=(\d+)/,
      (_all, expires: string) => `expires=${Number(expires) + 86_400}`,
    );
    const noExpiry = aliceData.receiptFileUrl.replace(/expires=\d+&/, '');
    const forged = createFileUrlSigner('a-guessed-secret-that-is-long-enough-0123456789').urlFor(
      hers,
      'file',
    );
    // Her picture's URL with his signature for his picture, and her file signature on her picture.
    const hisImageSignatureOnHerId = bobData.receiptImageUrl.replace(his, hers);
    const fileSignatureOnImage = aliceData.receiptFileUrl.replace('/file?', '/image?');
    for (const [name, url] of Object.entries({
      expired,
      tampered,
      hisSignatureOnHerId,
      herSignatureLonger,
      forged,
      hisImageSignatureOnHerId,
      fileSignatureOnImage,
    })) {
      const response = await request(bob, 'GET', url);
      expect(response.statusCode, name).toBe(404);
      expect(response.rawPayload.includes(Buffer.from('PNG')), name).toBe(false);
    }
    // Without a signature the route wants the owner's token: Bob's is not hers.
    expect((await request(bob, 'GET', noExpiry)).statusCode).toBe(404);
    expect((await request(undefined, 'GET', noExpiry)).statusCode).toBe(401);
    // The URL signed for her works (it is handed only to her); his own works for him.
    expect((await request(undefined, 'GET', aliceData.receiptFileUrl)).statusCode).toBe(200);
    expect((await request(undefined, 'GET', aliceData.receiptImageUrl)).statusCode).toBe(200);
    expect((await request(bob, 'GET', `/api/receipts/${hers}/image`)).statusCode).toBe(404);
    expect((await request(bob, 'GET', `/api/receipts/${his}/file`)).statusCode).toBe(200);
  });

  it('leaves all of her rows as they were, and she still sees all of them', async () => {
    const { rows } = await context.database.pool.query<{ count: number }>(
      `SELECT (SELECT count(*) FROM transactions WHERE user_id = $1)::int
            + (SELECT count(*) FROM budgets WHERE user_id = $1)::int
            + (SELECT count(*) FROM recurring_rules WHERE user_id = $1)::int
            + (SELECT count(*) FROM receipts WHERE user_id = $1)::int AS count`,
      [alice.id],
    );
    // 2 seeded transactions + the receipt's expense + the rule's first occurrence, 1 budget,
    // 1 rule, 1 receipt.
    expect(rows[0]?.count).toBe(4 + 1 + 1 + 1);
    const list = (await request(alice, 'GET', '/api/transactions?limit=100')).json();
    expect(list.transactions.map((t: { _id: string }) => t._id)).toEqual(
      expect.arrayContaining([
        aliceData.expenseId,
        aliceData.incomeId,
        aliceData.receiptTransactionId,
      ]),
    );
    const categories = (await request(alice, 'GET', '/api/transactions/categories/expense')).json();
    expect(categories).toContain(aliceData.customCategory);
  });
});
