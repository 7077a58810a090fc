// GET /api/export and POST /api/export/restore (docs/export-format.md), through
// HTTP on a real database: a user's everything goes out as a zip and comes back into a new
// user identical; bad zips are refused with nothing restored.
//
// Shared by export.test.ts, export-restore.test.ts: importing this module gives each test file its
// own app and database, made before its tests and closed after them.
import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { multipartFile, renderReceipt, textPdf } from '../../support/receipt-files';
import { fixedReceiptReader } from '../../security/user-data';
import { type SignedUpUser, type TestContext, createTestApp, signUp } from '../../test-app';

export let context: TestContext;

export let alice: SignedUpUser;

export let bob: SignedUpUser;

export const { call, ok } = apiCalls(() => context.app);

export interface Account {
  _id: string;
  name: string;
  type: string;
  currency: string;
  balance: number;
  transactionCount: number;
}

export const BOB_MARKER = 'bob-secret-marker';

beforeAll(async () => {
  context = await createTestApp({ receiptReader: fixedReceiptReader('CORNER SHOP', 12.34) });
  alice = await signUp(context.app, { setup: true });
  bob = await signUp(context.app, { setup: true });
  await fillAlice();
  await given.transaction(context.app, bob, {
    name: `Shop ${BOB_MARKER}`,
    category: 'Food',
    cost: 3,
    addedOn: '2026-01-02',
    isIncome: false,
    note: BOB_MARKER,
  });
}, 120_000);

afterAll(() => context.close());

export async function upload(
  user: SignedUpUser,
  url: string,
  field: string,
  name: string,
  type: string,
  bytes: Buffer,
) {
  const body = multipartFile(field, name, type, bytes);
  return context.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  });
}

export const restore = (user: SignedUpUser, zip: Uint8Array | Buffer) =>
  upload(
    user,
    '/api/export/restore',
    'file',
    'moneta-export.zip',
    'application/zip',
    Buffer.from(zip),
  );

export let receiptPng: Buffer;

export let receiptPdf: Buffer;

export let attachedJpg: Buffer;

export let attachedPdf: Buffer;

export async function fillAlice() {
  const accounts = await ok<Account[]>(alice, 'GET', '/api/accounts');
  const main = accounts[0]!;
  const savings = await given.account(context.app, alice, {
    name: 'Savings',
    type: 'savings',
    openingBalance: 1000,
    identifiers: ['DE89 3704 0044 0532 0130 00'],
  });
  const euros = await given.account(context.app, alice, {
    name: 'Euro cash',
    type: 'cash',
    currency: 'EUR',
    openingBalance: 50,
  });
  await given.category(context.app, alice, { name: 'Hobbies', isIncome: false });
  await ok(alice, 'PUT', '/api/rates', { currency: 'EUR', date: '2026-01-05', rate: 1.1 });
  const recurring = await given.recurring(context.app, alice, {
    name: 'Rent',
    category: 'Housing',
    amount: 700,
    isIncome: false,
    frequency: 'monthly',
    startDate: '2026-01-01',
    accountId: main._id,
  });
  expect(recurring).toBeTruthy();
  for (let day = 1; day <= 20; day++) {
    const date = `2026-01-${String(day).padStart(2, '0')}`;
    await given.transaction(context.app, alice, {
      name: `Coffee ${day}`,
      category: day % 2 ? 'Food' : 'Hobbies',
      cost: day + 0.25,
      addedOn: date,
      isIncome: false,
      note: day === 3 ? 'with a note' : '',
      accountId: day % 3 === 0 ? savings._id : main._id,
      tags: day % 4 === 0 ? ['Trip', 'work'] : [],
    });
  }
  await given.transaction(context.app, alice, {
    name: 'Salary',
    category: 'Salary',
    cost: 2500,
    addedOn: '2026-01-28',
    isIncome: true,
    accountId: main._id,
  });
  // A split expense: its parts travel in splits.jsonl.
  await given.transaction(context.app, alice, {
    name: 'Market run',
    category: 'Food',
    cost: 84.5,
    addedOn: '2026-01-09',
    isIncome: false,
    accountId: main._id,
    splits: [
      { category: 'Household', amount: 20, note: 'soap' },
      { category: 'Food', amount: 64.5 },
    ],
  });
  await given.transaction(context.app, alice, {
    name: 'Croissant',
    category: 'Food',
    cost: 4.5,
    addedOn: '2026-01-05',
    isIncome: false,
    accountId: euros._id,
  });
  await given.transfer(context.app, alice, {
    fromAccountId: main._id,
    toAccountId: savings._id,
    amount: 300,
    date: '2026-01-15',
    note: 'Monthly saving',
  });
  await given.budget(context.app, alice, {
    category: 'Food',
    amount: 200,
    month: 1,
    year: 2026,
    rollover: true,
    repeat: true,
  });
  await ok(alice, 'POST', '/api/filters', { name: 'Big trips', query: 'amount:>10 tag:trip' });
  await given.goal(context.app, alice, {
    name: 'Holiday',
    targetAmount: 1500,
    currency: 'USD',
    targetDate: '2030-06-30',
    accountId: savings._id,
  });
  await given.rule(context.app, alice, {
    field: 'name',
    operator: 'contains',
    value: 'coffee',
    isIncome: null,
    category: 'Food',
    rename: 'Coffee',
    position: 1,
  });
  // A hidden built-in and a hidden custom category; two files attached to one expense.
  await ok(alice, 'PUT', '/api/categories/hidden', { name: 'Transportation', hidden: true });
  await ok(alice, 'PUT', '/api/categories/hidden', { name: 'Hobbies', hidden: true });
  attachedJpg = await renderReceipt(['WARRANTY', 'Coffee machine'], 'jpeg');
  attachedPdf = textPdf(['Invoice', 'Coffee machine 3.25']);
  const coffee3 = (
    await ok<{ transactions: { _id: string; name: string }[] }>(
      alice,
      'GET',
      '/api/transactions?search=Coffee%203&limit=1',
    )
  ).transactions[0]!;
  expect(coffee3.name).toBe('Coffee 3');
  for (const [bytes, name, type] of [
    [attachedJpg, 'warranty.jpg', 'image/jpeg'],
    [attachedPdf, 'invoice.pdf', 'application/pdf'],
  ] as const) {
    const attached = await upload(
      alice,
      `/api/transactions/${coffee3._id}/attachments`,
      'file',
      name,
      type,
      bytes,
    );
    expect(attached.statusCode, attached.body).toBe(201);
  }
  receiptPng = await renderReceipt(['CORNER SHOP', 'TOTAL 12.34']);
  receiptPdf = textPdf(['CORNER SHOP', 'TOTAL 12.34']);
  for (const [bytes, name, type] of [
    [receiptPng, 'r.png', 'image/png'],
    [receiptPdf, 'r.pdf', 'application/pdf'],
  ] as const) {
    const response = await upload(alice, '/api/receipts/upload', 'receipt', name, type, bytes);
    expect(response.statusCode, response.body).toBe(201);
  }
}

export async function exportOf(user: SignedUpUser): Promise<Record<string, Uint8Array>> {
  const response = await call(user, 'GET', '/api/export');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  return unzipSync(new Uint8Array(response.rawPayload));
}

export const linesOf = (files: Record<string, Uint8Array>, name: string) =>
  new TextDecoder()
    .decode(files[name] ?? new Uint8Array())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/**
 * An export's records with ids replaced by what they name, comparable across users. Authors are
 * left out: they are user ids, kept only for members of the household restored into (the
 * households' tests check them).
 */
export function comparable(files: Record<string, Uint8Array>) {
  const accounts = new Map(linesOf(files, 'accounts.jsonl').map((a) => [a.id, a.name]));
  const receipts = new Map(linesOf(files, 'receipts.jsonl').map((r) => [r.id, r.sha256]));
  const recurring = new Map(linesOf(files, 'recurring.jsonl').map((r) => [r.id, r.name]));
  const transactions = new Map(linesOf(files, 'transactions.jsonl').map((t) => [t.id, t.name]));
  const strip = ({
    id: _id,
    createdAt: _createdAt,
    createdBy: _createdBy,
    updatedBy: _updatedBy,
    ...rest
  }: Record<string, unknown>) => rest;
  const named = (record: Record<string, unknown>) => {
    const out: Record<string, unknown> = strip(record);
    for (const key of ['accountId', 'fromAccountId', 'toAccountId', 'transferAccountId']) {
      if (key in out) out[key] = out[key] === null ? null : accounts.get(out[key]);
    }
    if ('receiptId' in out)
      out.receiptId = out.receiptId === null ? null : receipts.get(out.receiptId);
    if ('recurringId' in out)
      out.recurringId = out.recurringId === null ? null : recurring.get(out.recurringId);
    if ('transactionId' in out) out.transactionId = transactions.get(out.transactionId);
    delete out.file;
    delete out.pagePng;
    return out;
  };
  const sorted = (name: string) =>
    linesOf(files, name)
      .map(named)
      .map((record) => JSON.stringify(record))
      .sort();
  return Object.fromEntries(
    [
      'accounts.jsonl',
      'categories.jsonl',
      'transactions.jsonl',
      'transfers.jsonl',
      'budgets.jsonl',
      'recurring.jsonl',
      'rules.jsonl',
      'rates.jsonl',
      'receipts.jsonl',
      'receipt-shops.jsonl',
      'goals.jsonl',
      'attachments.jsonl',
      'saved-filters.jsonl',
      'splits.jsonl',
    ].map((name) => [name, sorted(name)]),
  );
}

/** The receipt (or attached) files of an export by SHA-256 of their content. */
export function receiptFiles(files: Record<string, Uint8Array>, folder = 'receipts/') {
  return Object.entries(files)
    .filter(([name]) => name.startsWith(folder))
    .map(([, bytes]) => createHash('sha256').update(bytes).digest('hex'))
    .sort();
}
