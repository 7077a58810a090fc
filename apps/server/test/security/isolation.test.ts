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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
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
  const { marker: _marker, receiptFileUrl: _url, importMapping: _mapping, ...ids } = aliceData;
  return [aliceData.marker, alice.id, alice.email, ...Object.values(ids)];
}

const today = new Date().toISOString().slice(0, 10);
const [year, month] = today.split('-').map(Number) as [number, number];
const transactionBody = {
  name: 'Taken over',
  category: 'Food',
  cost: 1,
  addedOn: today,
  isIncome: false,
};
const recurringBody = {
  name: 'Taken over',
  category: 'Rent',
  amount: 1,
  isIncome: false,
  frequency: 'monthly',
  startDate: today,
};

const accountBody = { name: 'Taken over', type: 'cash' };
/** Bob's own accounts: only the id aimed at Alice's differs. */
const transferBody = () => ({
  fromAccountId: bobData.mainAccountId,
  toAccountId: bobData.accountId,
  amount: 1,
  date: today,
});

/** Every call Bob can aim at one of Alice's ids, by route. */
function attacksOnIds(): Array<[string, Method, string, object?]> {
  const a = aliceData;
  return [
    ['update her expense', 'PUT', `/api/transactions/${a.expenseId}`, transactionBody],
    ['update her income', 'PUT', `/api/transactions/${a.incomeId}`, transactionBody],
    ['delete her expense', 'DELETE', `/api/transactions/${a.expenseId}`],
    ['delete her receipt expense', 'DELETE', `/api/transactions/${a.receiptTransactionId}`],
    [
      'bulk-delete her expense',
      'DELETE',
      '/api/transactions/bulk',
      { transactionIds: [a.expenseId] },
    ],
    [
      'bulk-delete his own and her expense',
      'DELETE',
      '/api/transactions/bulk',
      { transactionIds: [bobData.expenseId, a.expenseId] },
    ],
    [
      'delete her custom category',
      'DELETE',
      '/api/transactions/category',
      { categoryToDelete: a.customCategory },
    ],
    [
      'update her budget',
      'PUT',
      `/api/budgets/${a.budgetId}`,
      { category: 'Food', amount: 1, month, year },
    ],
    ['delete her budget', 'DELETE', `/api/budgets/${a.budgetId}`],
    ['update her goal', 'PUT', `/api/goals/${a.goalId}`, { name: 'Taken over', targetAmount: 1 }],
    ['delete her goal', 'DELETE', `/api/goals/${a.goalId}`],
    [
      'link a goal to her account',
      'POST',
      '/api/goals',
      { name: 'Taken over', targetAmount: 1, accountId: a.accountId },
    ],
    ['update her recurring rule', 'PUT', `/api/recurring/${a.recurringId}`, recurringBody],
    ['delete her recurring rule', 'DELETE', `/api/recurring/${a.recurringId}`],
    ['read her receipt file', 'GET', `/api/receipts/${a.receiptId}/file`],
    [
      'correct her receipt',
      'PUT',
      `/api/receipts/${a.receiptId}`,
      { merchant: 'Taken over', amount: 1, date: today, category: 'Food' },
    ],
    ['rename her account', 'PUT', `/api/accounts/${a.accountId}`, accountBody],
    ['delete her account', 'DELETE', `/api/accounts/${a.accountId}`],
    ['read her account’s register', 'GET', `/api/accounts/${a.accountId}/register`],
    ['delete her main account', 'DELETE', `/api/accounts/${a.mainAccountId}`],
    [
      'record an expense in her account',
      'POST',
      '/api/transactions',
      { ...transactionBody, accountId: a.accountId },
    ],
    ['list her account’s transactions', 'GET', `/api/transactions?accountId=${a.accountId}`],
    ['export her account', 'GET', `/api/transactions/export?accountId=${a.accountId}`],
    ['list her account’s transfers', 'GET', `/api/transfers?accountId=${a.accountId}`],
    [
      'transfer from his account into hers',
      'POST',
      '/api/transfers',
      { ...transferBody(), toAccountId: a.accountId },
    ],
    [
      'transfer out of her account into his',
      'POST',
      '/api/transfers',
      { ...transferBody(), fromAccountId: a.mainAccountId },
    ],
    ['update her transfer', 'PUT', `/api/transfers/${a.transferId}`, transferBody()],
    ['delete her transfer', 'DELETE', `/api/transfers/${a.transferId}`],
    ['end her session', 'DELETE', `/api/auth/sessions/${a.sessionId}`],
    ['revoke her API token', 'DELETE', `/api/auth/tokens/${a.apiTokenId}`],
    ['remove her passkey', 'DELETE', `/api/auth/passkeys/${a.passkeyId}`],
    ['read her import', 'GET', `/api/imports/${a.importId}`],
    ['page her import’s rows', 'GET', `/api/imports/${a.importId}/rows?status=new`],
    ['remap her import', 'PUT', `/api/imports/${a.importId}/mapping`, { mapping: a.importMapping }],
    ['commit her import', 'POST', `/api/imports/${a.importId}/commit`, { rows: [{ index: 0 }] }],
    ['undo her import', 'DELETE', `/api/imports/${a.importId}`],
    ['change her rule', 'PUT', `/api/rules/${a.ruleId}`, { value: 'x', category: 'Food' }],
    ['delete her rule', 'DELETE', `/api/rules/${a.ruleId}`],
    ['apply her rule', 'POST', `/api/rules/${a.ruleId}/apply`],
  ];
}

/** The same transfer with Alice's account replaced by one that never existed. */
function withMissingAccount(transfer: ReturnType<typeof transferBody>) {
  const hers = new Set([aliceData.accountId, aliceData.mainAccountId]);
  const missing = '01900000-0000-7000-8000-000000000000';
  return {
    ...transfer,
    fromAccountId: hers.has(transfer.fromAccountId) ? missing : transfer.fromAccountId,
    toAccountId: hers.has(transfer.toAccountId) ? missing : transfer.toAccountId,
  };
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
    const attacks = attacksOnIds();
    for (const [name, method, url, payload] of attacks) {
      const response = await request(bob, method, url, payload);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(404);
      // The reply for her row must not differ from the one for a row that never existed.
      const missing = await request(
        bob,
        method,
        url.replace(
          /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
          '01900000-0000-7000-8000-000000000000',
        ),
        payload && 'transactionIds' in payload
          ? { transactionIds: ['01900000-0000-7000-8000-000000000000'] }
          : payload && 'categoryToDelete' in payload
            ? { categoryToDelete: 'Never existed' }
            : payload && 'accountId' in payload
              ? { ...payload, accountId: '01900000-0000-7000-8000-000000000000' }
              : payload && 'toAccountId' in payload
                ? withMissingAccount(payload as ReturnType<typeof transferBody>)
                : payload,
      );
      // (The category message repeats the name that was sent, whoever owns it.)
      const withoutName = (body: string) =>
        body.replaceAll(aliceData.customCategory, '<name>').replaceAll('Never existed', '<name>');
      expect(withoutName(response.body), name).toEqual(withoutName(missing.body));
    }
    expect(await snapshotDatabase(context.database.pool), 'nothing changed').toEqual(before);
    expect(attacks.length).toBeGreaterThanOrEqual(12);
  });

  it('finds none of her data in any list, search, total, chart, export or category', async () => {
    // Her own exchange rate, a number nothing else holds.
    const herRate = await request(alice, 'PUT', '/api/rates', {
      currency: 'CHF',
      date: today,
      rate: '7.6543219',
    });
    expect(herRate.statusCode).toBe(200);
    const reads = [
      '/api/transactions?limit=100',
      `/api/transactions?search=${aliceData.marker}`,
      `/api/transactions?category=${encodeURIComponent(aliceData.customCategory)}`,
      '/api/transactions?isIncome=true&limit=100',
      '/api/transactions/summary',
      '/api/transactions/charts',
      `/api/transactions/charts?from=${today}&to=${today}`,
      '/api/transactions/export',
      `/api/transactions/export?search=${aliceData.marker}`,
      '/api/transactions/categories',
      '/api/transactions/categories/expense',
      '/api/transactions/categories/income',
      '/api/budgets',
      `/api/budgets?month=${month}&year=${year}`,
      `/api/budgets/summary?month=${month}&year=${year}`,
      '/api/goals',
      '/api/recurring',
      '/api/receipts',
      '/api/auth/me',
      '/api/auth/sessions',
      '/api/auth/tokens',
      '/api/auth/passkeys',
      '/api/auth/2fa',
      '/api/auth/events',
      '/api/imports',
      '/api/rules',
      `/api/transactions/suggest?name=${encodeURIComponent(`Paint ${aliceData.marker}`)}`,
      `/api/transactions/suggest?name=${encodeURIComponent(`shop ${aliceData.marker}`)}`,
      `/api/rates?currency=CHF&from=${today}&to=${today}`,
      `/api/rates?from=${today}&to=${today}`,
    ];
    for (const url of reads) {
      const response = await request(bob, 'GET', url);
      expect(response.statusCode, url).toBe(200);
      for (const trace of [...aliceTraces(), '7.6543219']) {
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
