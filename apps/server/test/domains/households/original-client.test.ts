// The original client (v1–v3: no Moneta-Household header, no field it did not know) through a
// user with one household and a user in two: every call it makes keeps its meaning and acts on
// the caller's default household, and every answer still has each field the shared answer
// schemas require.
import {
  budgetListSchema,
  budgetSchema,
  chartDataSchema,
  receiptUploadResultSchema,
  recurringListSchema,
  recurringSchema,
  transactionPageSchema,
  transactionSchema,
  transactionSummarySchema,
  userSchema,
} from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { given, inHousehold } from '../../support/given';
import { multipartFile, renderReceipt } from '../../support/receipt-files';
import { fixedReceiptReader } from '../../security/user-data';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
let receiptPng: Buffer;
beforeAll(async () => {
  context = await createTestApp({ receiptReader: fixedReceiptReader('CORNER SHOP', 12.34) });
  receiptPng = await renderReceipt(['CORNER SHOP', 'TOTAL 12.34']);
}, 60_000);
afterAll(async () => {
  await context.close();
});

const namesSchema = z.array(z.string());
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call of the session: what was asked, and the answer with what differs per run taken out. */
interface Entry {
  call: string;
  status: number;
  answer: string;
}

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const MOMENT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;
const SIGNED = /expires=\d+&signature=[\w-]+/g;

/**
 * The answer as two runs of the same session must both give it: ids numbered in the order they
 * first appear, moments and signatures blanked, the caller's e-mail named.
 */
function comparable(text: string, caller: SignedUpUser, ids: Map<string, string>): string {
  return text
    .replace(ID, (id) => {
      if (!ids.has(id)) ids.set(id, `id-${ids.size + 1}`);
      return ids.get(id)!;
    })
    .replace(MOMENT, '<moment>')
    .replace(SIGNED, '<signed>')
    .replaceAll(caller.email, '<email>');
}

/** The original client's session for `caller`: its calls, their answers, and what went wrong. */
function originalClient(caller: SignedUpUser) {
  const entries: Entry[] = [];
  const problems: string[] = [];
  const ids = new Map<string, string>();

  /** One call as the client makes it; its answer checked against `schema`, when it has one. */
  async function call<T = unknown>(
    method: Method,
    url: string,
    payload?: object,
    schema?: z.ZodType<T>,
  ): Promise<T> {
    const response = await context.app.inject({
      method,
      url: `/api${url}`,
      headers: caller.headers,
      ...(payload ? { payload } : {}),
    });
    return record(method, url, response, schema);
  }

  function record<T>(
    method: Method,
    url: string,
    response: { statusCode: number; body: string; headers: Record<string, unknown> },
    schema?: z.ZodType<T>,
  ): T {
    const where = `${method} ${url}`;
    if (response.statusCode >= 300)
      problems.push(`${where}: ${response.statusCode} ${response.body}`);
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    const answer: unknown = isJson ? JSON.parse(response.body) : response.body;
    if (schema) {
      const parsed = schema.safeParse(answer);
      if (!parsed.success) {
        const lost = parsed.error.issues.map(
          (issue) => `${issue.path.join('.')}: ${issue.message}`,
        );
        problems.push(`${where} lost ${lost.join('; ')}`);
      }
    }
    entries.push({
      call: comparable(where, caller, ids),
      status: response.statusCode,
      answer: comparable(response.body, caller, ids),
    });
    return answer as T;
  }

  async function uploadReceipt() {
    const { payload, headers } = multipartFile('receipt', 'receipt.png', 'image/png', receiptPng);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/receipts/upload',
      headers: { ...headers, ...caller.headers },
      payload,
    });
    return record('POST', '/receipts/upload', response, receiptUploadResultSchema);
  }

  return { call, uploadReceipt, entries, problems };
}

/** Every call of the SPEC's table but sign-up, sign-in and deleting the account, in a client's order. */
async function runOriginalClient(caller: SignedUpUser) {
  const client = originalClient(caller);
  const { call } = client;
  await call('GET', '/auth/me', undefined, userSchema);
  await call('PUT', '/auth/setup', { defaultCurrency: 'USD' }, userSchema);
  const paint = await call(
    'POST',
    '/transactions',
    {
      name: 'Paint original',
      category: 'Hobby original',
      cost: 40,
      addedOn: '2026-03-01',
      isIncome: false,
      note: 'for the hall',
    },
    transactionSchema,
  );
  const food = await call(
    'POST',
    '/transactions',
    {
      name: 'Lunch original',
      category: 'Food',
      cost: 12.5,
      addedOn: '2026-03-02',
      isIncome: false,
    },
    transactionSchema,
  );
  await call(
    'POST',
    '/transactions',
    { name: 'Pay original', category: 'Salary', cost: 1000, addedOn: '2026-03-03', isIncome: true },
    transactionSchema,
  );
  await call(
    'PUT',
    `/transactions/${food._id}`,
    { name: 'Lunch original', category: 'Food', cost: 15, addedOn: '2026-03-02', isIncome: false },
    transactionSchema,
  );
  await client.uploadReceipt();
  const page = transactionPageSchema;
  await call('GET', '/transactions?page=1&limit=10', undefined, page);
  await call('GET', '/transactions?page=1&limit=10&search=original', undefined, page);
  await call('GET', '/transactions?page=1&limit=10&isIncome=true', undefined, page);
  await call('GET', '/transactions?page=1&limit=10&category=Food', undefined, page);
  await call(
    'GET',
    '/transactions?page=1&limit=10&startDate=2026-03-02&endDate=2026-03-03',
    undefined,
    page,
  );
  await call('GET', '/transactions/summary', undefined, transactionSummarySchema);
  await call('GET', '/transactions/charts', undefined, chartDataSchema);
  await call('GET', '/transactions/categories/expense', undefined, namesSchema);
  await call('GET', '/transactions/categories/income', undefined, namesSchema);
  await call('GET', '/transactions/categories', undefined, namesSchema);
  await call('GET', '/transactions/export');

  const budgetBody = { category: 'Food', amount: 200, month: 3, year: 2026 };
  const budget = await call('POST', '/budgets', budgetBody, budgetSchema);
  await call('PUT', `/budgets/${budget._id}`, { ...budgetBody, amount: 250 }, budgetSchema);
  await call('GET', '/budgets', undefined, budgetListSchema);
  await call('GET', '/transactions');

  const recurringBody = {
    name: 'Gym original',
    category: 'Subscriptions',
    amount: 30,
    isIncome: false,
    frequency: 'monthly',
    startDate: '2026-02-10',
  };
  const recurring = await call('POST', '/recurring/create', recurringBody, recurringSchema);
  await call(
    'PUT',
    `/recurring/${recurring._id}`,
    { ...recurringBody, amount: 35 },
    recurringSchema,
  );
  await call('GET', '/recurring', undefined, recurringListSchema);

  await call('DELETE', '/transactions/category', { categoryToDelete: 'Hobby original' });
  await call('DELETE', `/transactions/${paint._id}`);
  await call('DELETE', '/transactions/bulk', { transactionIds: [food._id] });
  await call('DELETE', `/budgets/${budget._id}`);
  await call('DELETE', `/recurring/${recurring._id}`);
  await call('GET', '/transactions?page=1&limit=50', undefined, page);
  await call('GET', '/transactions/summary', undefined, transactionSummarySchema);
  return client;
}

/** What the answer to `call` (the first of that call) was in the session. */
const answerTo = (entries: Entry[], call: string) =>
  entries.find((entry) => entry.call === call)?.answer ?? '';

describe('the original client', () => {
  it('keeps every call’s meaning and every answer’s fields for a user with one household', async () => {
    const solo = await signUp(context.app, { setup: true });
    const { entries, problems } = await runOriginalClient(solo);
    expect(problems).toEqual([]);
    // What the calls mean: the totals are the rows', the category's rows moved, the CSV holds them.
    const summary = JSON.parse(answerTo(entries, 'GET /transactions/summary'));
    expect(summary).toMatchObject({ totalIncome: 1000, totalExpenses: 40 + 15 + 12.34 });
    expect(answerTo(entries, 'GET /transactions/export')).toMatch(/Paint original/);
    const categories = JSON.parse(answerTo(entries, 'GET /transactions/categories/expense'));
    expect(categories).toContain('Hobby original');
    const last = answerTo(entries, 'GET /transactions?page=1&limit=50');
    const left = JSON.parse(last).transactions.map((t: { name: string }) => t.name);
    expect(left).toEqual(expect.arrayContaining(['Pay original', 'CORNER SHOP']));
    expect(left).not.toContain('Paint original');
  });

  it('means the same for a user in two households, acting on their default one', async () => {
    const solo = await signUp(context.app, { setup: true });
    const expected = await runOriginalClient(solo);

    const owner = await signUp(context.app, { setup: true });
    const shared = await given.household(context.app, owner, {
      name: 'Shared',
      baseCurrency: 'USD',
    });
    const ownersShared = inHousehold(owner, shared._id);
    const rent = await given.transaction(context.app, ownersShared, {
      name: 'Rent shared',
      category: 'Bills',
      cost: 800,
      addedOn: '2026-03-01',
    });
    const partner = await signUp(context.app, { setup: true });
    await given.member(context.app, owner, shared._id, partner, 'editor');

    const actual = await runOriginalClient(partner);
    expect(actual.problems).toEqual([]);
    expect(actual.entries).toEqual(expected.entries);
    // The shared household saw none of it.
    const sharedList = await context.app.inject({
      method: 'GET',
      url: '/api/transactions?limit=100',
      headers: ownersShared.headers,
    });
    expect(sharedList.json()).toMatchObject({ total: 1, transactions: [{ _id: rent._id }] });
  });

  it('follows the default household when the user makes another one the default', async () => {
    const owner = await signUp(context.app, { setup: true });
    const shared = await given.household(context.app, owner, {
      name: 'Shared',
      baseCurrency: 'USD',
    });
    const ownersShared = inHousehold(owner, shared._id);
    await given.transaction(context.app, ownersShared, {
      name: 'Rent shared',
      category: 'Bills',
      cost: 800,
      addedOn: '2026-03-01',
    });
    const partner = await signUp(context.app, { setup: true });
    await given.member(context.app, owner, shared._id, partner, 'editor');
    const moved = await context.app.inject({
      method: 'PUT',
      url: `/api/households/${shared._id}/default`,
      headers: partner.headers,
    });
    expect(moved.statusCode).toBe(200);

    const partners = originalClient(partner);
    const added = await partners.call(
      'POST',
      '/transactions',
      { name: 'Bread shared', category: 'Food', cost: 3, addedOn: '2026-03-02', isIncome: false },
      transactionSchema,
    );
    const summary = await partners.call(
      'GET',
      '/transactions/summary',
      undefined,
      transactionSummarySchema,
    );
    expect(partners.problems).toEqual([]);
    expect(summary).toMatchObject({ totalExpenses: 803 });
    const ownersList = await context.app.inject({
      method: 'GET',
      url: '/api/transactions?limit=100',
      headers: ownersShared.headers,
    });
    expect(ownersList.json()).toMatchObject({ total: 2 });
    expect(ownersList.body).toContain(added._id);
  });
});
