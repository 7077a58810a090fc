// GET /api/export and POST /api/export/restore (docs/export-format.md), through
// HTTP on a real database: a user's everything goes out as a zip and comes back into a new
// user identical; bad zips are refused with nothing restored.
import { createHash } from 'node:crypto';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { multipartFile, renderReceipt, textPdf } from '../../support/receipt-files';
import { fixedReceiptReader } from '../../security/user-data';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
let alice: SignedUpUser;
let bob: SignedUpUser;
const { call, ok } = apiCalls(() => context.app);

interface Account {
  _id: string;
  name: string;
  type: string;
  currency: string;
  balance: number;
  transactionCount: number;
}

const BOB_MARKER = 'bob-secret-marker';

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

async function upload(
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

const restore = (user: SignedUpUser, zip: Uint8Array | Buffer) =>
  upload(
    user,
    '/api/export/restore',
    'file',
    'moneta-export.zip',
    'application/zip',
    Buffer.from(zip),
  );

let receiptPng: Buffer;
let receiptPdf: Buffer;
let attachedJpg: Buffer;
let attachedPdf: Buffer;

async function fillAlice() {
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

async function exportOf(user: SignedUpUser): Promise<Record<string, Uint8Array>> {
  const response = await call(user, 'GET', '/api/export');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  return unzipSync(new Uint8Array(response.rawPayload));
}

const linesOf = (files: Record<string, Uint8Array>, name: string) =>
  new TextDecoder()
    .decode(files[name] ?? new Uint8Array())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** An export's records with ids replaced by what they name, comparable across users. */
function comparable(files: Record<string, Uint8Array>) {
  const accounts = new Map(linesOf(files, 'accounts.jsonl').map((a) => [a.id, a.name]));
  const receipts = new Map(linesOf(files, 'receipts.jsonl').map((r) => [r.id, r.sha256]));
  const recurring = new Map(linesOf(files, 'recurring.jsonl').map((r) => [r.id, r.name]));
  const transactions = new Map(linesOf(files, 'transactions.jsonl').map((t) => [t.id, t.name]));
  const strip = ({ id: _id, createdAt: _createdAt, ...rest }: Record<string, unknown>) => rest;
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
function receiptFiles(files: Record<string, Uint8Array>, folder = 'receipts/') {
  return Object.entries(files)
    .filter(([name]) => name.startsWith(folder))
    .map(([, bytes]) => createHash('sha256').update(bytes).digest('hex'))
    .sort();
}

describe('GET /api/export', () => {
  it('is a zip of every entity of the user, with a manifest', async () => {
    const files = await exportOf(alice);
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as {
      format: string;
      version: number;
      baseCurrency: string;
      counts: Record<string, number>;
    };
    expect(manifest).toMatchObject({ format: 'moneta-export', version: 1, baseCurrency: 'USD' });
    expect(manifest.counts).toMatchObject({
      accounts: 3,
      transfers: 1,
      budgets: 1,
      recurring: 1,
      rules: 1,
      rates: 1,
      receipts: 2,
      goals: 1,
      savedFilters: 1,
    });
    expect(linesOf(files, 'budgets.jsonl')[0]).toMatchObject({
      rollover: true,
      repeat: true,
    });
    expect(linesOf(files, 'saved-filters.jsonl')).toEqual([
      { name: 'Big trips', query: 'amount:>10 tag:trip' },
    ]);
    const tagged = linesOf(files, 'transactions.jsonl').filter(
      (line) => (line.tags as string[]).length > 0,
    );
    expect(tagged.map((line) => line.name).sort()).toEqual([
      'Coffee 12',
      'Coffee 16',
      'Coffee 20',
      'Coffee 4',
      'Coffee 8',
    ]);
    expect(tagged.every((line) => JSON.stringify(line.tags) === '["Trip","work"]')).toBe(true);
    const savingsId = linesOf(files, 'accounts.jsonl').find((a) => a.name === 'Savings')?.id;
    expect(linesOf(files, 'goals.jsonl')[0]).toMatchObject({
      name: 'Holiday',
      targetCents: 150000,
      accountId: savingsId,
    });
    // 20 coffees, the salary, the croissant, the rent's occurrence, the receipts' 2 expenses.
    expect(manifest.counts.transactions).toBe(linesOf(files, 'transactions.jsonl').length);
    expect(manifest.counts.transactions).toBeGreaterThanOrEqual(24);
    const shas = receiptFiles(files);
    const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    expect(shas).toContain(hash(receiptPng));
    expect(shas).toContain(hash(receiptPdf));
    expect(manifest.counts.attachments).toBe(2);
    expect(manifest.counts.splits).toBe(2);
    const transactionNames = new Map(
      linesOf(files, 'transactions.jsonl').map((t) => [t.id, t.name]),
    );
    expect(
      linesOf(files, 'splits.jsonl').map((part) => ({
        ...part,
        transactionId: transactionNames.get(part.transactionId),
      })),
    ).toEqual([
      {
        transactionId: 'Market run',
        position: 0,
        category: 'Household',
        amountCents: 2000,
        note: 'soap',
      },
      { transactionId: 'Market run', position: 1, category: 'Food', amountCents: 6450, note: null },
    ]);
    expect(receiptFiles(files, 'attachments/')).toEqual(
      [hash(attachedJpg), hash(attachedPdf)].sort(),
    );
    const coffee3 = linesOf(files, 'transactions.jsonl').find((t) => t.name === 'Coffee 3');
    expect(linesOf(files, 'attachments.jsonl').map((a) => [a.transactionId, a.fileName])).toEqual([
      [coffee3?.id, 'warranty.jpg'],
      [coffee3?.id, 'invoice.pdf'],
    ]);
    expect(linesOf(files, 'categories.jsonl')).toEqual(
      expect.arrayContaining([
        { name: 'Hobbies', isIncome: false, hidden: true },
        { name: 'Transportation', isIncome: false, hidden: true },
      ]),
    );
  });

  it('holds nothing of another user', async () => {
    const files = await exportOf(alice);
    for (const [name, bytes] of Object.entries(files)) {
      expect(Buffer.from(bytes).includes(BOB_MARKER), name).toBe(false);
      expect(Buffer.from(bytes).includes(bob.id), name).toBe(false);
    }
    const bobs = await exportOf(bob);
    expect(linesOf(bobs, 'transactions.jsonl')).toHaveLength(1);
    expect(linesOf(bobs, 'receipts.jsonl')).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/export' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/export/restore', () => {
  it('reproduces every entity in a new user, files byte for byte; a second restore is a 409', async () => {
    const original = await exportOf(alice);
    const carol = await signUp(context.app);
    const response = await restore(carol, zipSync(original));
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<{ counts: Record<string, number> }>();
    const manifest = JSON.parse(new TextDecoder().decode(original['manifest.json'])) as {
      counts: Record<string, number>;
    };
    expect(result.counts).toEqual(manifest.counts);

    const restored = await exportOf(carol);
    expect(comparable(restored)).toEqual(comparable(original));
    expect(receiptFiles(restored)).toEqual(receiptFiles(original));
    expect(receiptFiles(restored, 'attachments/')).toEqual(receiptFiles(original, 'attachments/'));
    // The split expense comes back split, its parts in order.
    const market = (
      await ok<{ transactions: { splits?: unknown }[] }>(
        carol,
        'GET',
        '/api/transactions?search=Market%20run&limit=1',
      )
    ).transactions[0]!;
    expect(market.splits).toEqual([
      { category: 'Household', amount: 20, note: 'soap' },
      { category: 'Food', amount: 64.5, note: null },
    ]);
    // Hidden stays hidden; the built-in is not made a custom category.
    const categories = await ok<{ name: string; isBuiltIn: boolean; hidden: boolean }[]>(
      carol,
      'GET',
      '/api/categories',
    );
    expect(
      categories.filter((category) => category.hidden).map((category) => category.name),
    ).toEqual(['Transportation', 'Hobbies']);
    expect(categories.filter((category) => category.name === 'Transportation')).toHaveLength(1);
    // An attached file through its own route, on the restored transaction.
    const coffee3 = (
      await ok<{ transactions: { _id: string }[] }>(
        carol,
        'GET',
        '/api/transactions?search=Coffee%203&limit=1',
      )
    ).transactions[0]!;
    const attachments = await ok<{ _id: string; fileName: string }[]>(
      carol,
      'GET',
      `/api/transactions/${coffee3._id}/attachments`,
    );
    expect(attachments.map((attachment) => attachment.fileName)).toEqual([
      'warranty.jpg',
      'invoice.pdf',
    ]);
    const attachedFile = await call(
      carol,
      'GET',
      `/api/transactions/${coffee3._id}/attachments/${attachments[0]!._id}/file`,
    );
    expect(Buffer.compare(attachedFile.rawPayload, attachedJpg)).toBe(0);
    // Receipts and budgets keep their creation time, as transactions do (docs/export-format.md):
    // the restore runs after they were made, so a new one would differ.
    const createdOf = (files: Record<string, Uint8Array>, name: string) =>
      linesOf(files, name)
        .map((record) => `${String(record.sha256 ?? record.category)} ${String(record.createdAt)}`)
        .sort();
    expect(linesOf(original, 'budgets.jsonl')[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    for (const name of ['receipts.jsonl', 'budgets.jsonl', 'transactions.jsonl']) {
      expect(createdOf(restored, name), name).toEqual(createdOf(original, name));
    }

    // Balances and totals as the API shows them.
    const balances = async (user: SignedUpUser) =>
      (await ok<Account[]>(user, 'GET', '/api/accounts'))
        .map((a) => `${a.name}:${a.type}:${a.currency}:${a.balance}`)
        .sort();
    expect(await balances(carol)).toEqual(await balances(alice));
    const summary = (user: SignedUpUser) => ok(user, 'GET', '/api/transactions/summary');
    const { recentTransactions: _a, ...aliceTotals } = (await summary(alice)) as Record<
      string,
      unknown
    >;
    const { recentTransactions: _c, ...carolTotals } = (await summary(carol)) as Record<
      string,
      unknown
    >;
    expect(carolTotals).toEqual(aliceTotals);
    const me = await ok<{ isSetupComplete: boolean; defaultCurrency: string }>(
      carol,
      'GET',
      '/api/auth/me',
    );
    expect(me).toMatchObject({ isSetupComplete: true, defaultCurrency: 'USD' });

    // A receipt's file through its own route.
    const receipts = await ok<Array<{ fileUrl: string; mimeType: string }>>(
      carol,
      'GET',
      '/api/receipts',
    );
    const png = receipts.find((receipt) => receipt.mimeType === 'image/png')!;
    const file = await context.app.inject({ method: 'GET', url: png.fileUrl });
    expect(Buffer.compare(file.rawPayload, receiptPng)).toBe(0);

    const again = await restore(carol, zipSync(original));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'RESTORE_TARGET_NOT_EMPTY' });
  });

  it('leaves no empty "Main" beside restored accounts that have none of that name', async () => {
    const dave = await signUp(context.app, { setup: true });
    const [main] = await ok<Account[]>(dave, 'GET', '/api/accounts');
    await ok(dave, 'PUT', `/api/accounts/${main!._id}`, {
      name: 'Girokonto',
      type: 'checking',
      currency: 'USD',
    });
    await given.account(context.app, dave, { name: 'Card', type: 'credit', currency: 'USD' });
    const erin = await signUp(context.app);
    expect((await ok<Account[]>(erin, 'GET', '/api/accounts')).map((a) => a.name)).toEqual([
      'Main',
    ]);
    const response = await restore(erin, zipSync(await exportOf(dave)));
    expect(response.statusCode, response.body).toBe(200);
    const accounts = (await ok<Account[]>(erin, 'GET', '/api/accounts'))
      .map((a) => `${a.name}:${a.type}:${a.currency}`)
      .sort();
    expect(accounts).toEqual(['Card:credit:USD', 'Girokonto:checking:USD']);
  });

  it('refuses an account that holds transactions with a 409', async () => {
    const response = await restore(alice, zipSync(await exportOf(alice)));
    expect(response.statusCode).toBe(409);
  });

  describe('refuses bad files with a 400 and restores nothing', () => {
    let good: Record<string, Uint8Array>;
    beforeAll(async () => {
      good = await exportOf(alice);
    });

    const manifestWith = (changes: Record<string, unknown>) =>
      strToU8(
        JSON.stringify({
          ...(JSON.parse(new TextDecoder().decode(good['manifest.json'])) as object),
          ...changes,
        }),
      );

    async function expectRefused(zip: Uint8Array, code: string) {
      const dave = await signUp(context.app, { setup: true });
      const response = await restore(dave, zip);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code });
      const files = await exportOf(dave);
      expect(linesOf(files, 'transactions.jsonl')).toHaveLength(0);
      expect(linesOf(files, 'accounts.jsonl').map((a) => a.name)).toEqual(['Main']);
      expect(linesOf(files, 'rules.jsonl')).toHaveLength(0);
      expect(linesOf(files, 'receipts.jsonl')).toHaveLength(0);
    }

    it('a file that is not a zip', () =>
      expectRefused(strToU8('Date,Amount\n'), 'EXPORT_NOT_MONETA'));

    it('a zip that is not a Moneta export', () =>
      expectRefused(zipSync({ 'notes.txt': strToU8('hello') }), 'EXPORT_NOT_MONETA'));

    it('another format in the manifest', () =>
      expectRefused(
        zipSync({ ...good, 'manifest.json': manifestWith({ format: 'ynab' }) }),
        'EXPORT_NOT_MONETA',
      ));

    it('a newer format version', () =>
      expectRefused(
        zipSync({ ...good, 'manifest.json': manifestWith({ version: 2 }) }),
        'EXPORT_VERSION_UNSUPPORTED',
      ));

    it('a truncated file', () => {
      const zip = zipSync(good);
      return expectRefused(zip.subarray(0, Math.floor(zip.length / 2)), 'EXPORT_DAMAGED');
    });

    it('a path with ..', () =>
      expectRefused(
        zipSync({ ...good, '../evil.txt': strToU8('x') } as Zippable),
        'EXPORT_UNSAFE',
      ));

    it('an absolute path', () =>
      expectRefused(zipSync({ ...good, '/etc/evil': strToU8('x') } as Zippable), 'EXPORT_UNSAFE'));

    it('a zip bomb (an entry unpacking to far more than its size)', () =>
      expectRefused(
        zipSync({ ...good, 'padding.bin': [new Uint8Array(20 * 1024 * 1024), { level: 9 }] }),
        'EXPORT_UNSAFE',
      ));

    it('a directory that lies about sizes (total over the limit)', () => {
      const zip = zipSync({ ...good, 'a.bin': new Uint8Array(10), 'b.bin': new Uint8Array(10) });
      const bytes = Buffer.from(zip);
      // Each central directory entry of a.bin and b.bin claims 3.9 GB unpacked, stored.
      for (let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0;) {
        const nameLength = bytes.readUInt16LE(at + 28);
        const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
        if (name.endsWith('.bin')) {
          bytes.writeUInt32LE(3_900_000_000, at + 20);
          bytes.writeUInt32LE(3_900_000_000, at + 24);
        }
        at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4);
      }
      return expectRefused(bytes, 'EXPORT_UNSAFE');
    });

    it('an attachment whose file is missing', () => {
      const withoutFile = Object.fromEntries(
        Object.entries(good).filter(([name]) => !name.startsWith('attachments/')),
      );
      return expectRefused(zipSync(withoutFile), 'EXPORT_DAMAGED');
    });

    it('an attachment whose file does not match its SHA-256', () => {
      const name = Object.keys(good).find((entry) => entry.startsWith('attachments/'))!;
      return expectRefused(
        zipSync({ ...good, [name]: strToU8('%PDF-1.4 not the same file') }),
        'EXPORT_DAMAGED',
      );
    });

    it('split parts that do not add up to their transaction', () => {
      const splits = new TextDecoder()
        .decode(good['splits.jsonl'])
        .replace('"amountCents":2000', '"amountCents":2001');
      return expectRefused(zipSync({ ...good, 'splits.jsonl': strToU8(splits) }), 'EXPORT_DAMAGED');
    });

    it('a split of one part', () => {
      const [first] = new TextDecoder().decode(good['splits.jsonl']).trim().split('\n');
      return expectRefused(
        zipSync({ ...good, 'splits.jsonl': strToU8(`${first}\n`) }),
        'EXPORT_DAMAGED',
      );
    });

    it('a record that is not valid', () => {
      const transactions = new TextDecoder()
        .decode(good['transactions.jsonl'])
        .replace('"costCents":', '"costCents":-');
      return expectRefused(
        zipSync({ ...good, 'transactions.jsonl': strToU8(transactions) }),
        'EXPORT_DAMAGED',
      );
    });

    it('a receipt file that is not the one its record names', () => {
      const name = Object.keys(good).find((file) => file.startsWith('receipts/'))!;
      return expectRefused(
        zipSync({ ...good, [name]: strToU8('not the receipt') }),
        'EXPORT_DAMAGED',
      );
    });

    it('counts that do not match the manifest', () =>
      expectRefused(
        zipSync({ ...good, 'manifest.json': manifestWith({ counts: { transactions: 1 } }) }),
        'EXPORT_DAMAGED',
      ));
  });

  it('answers 415 without multipart and 400 without the file field', async () => {
    const erin = await signUp(context.app, { setup: true });
    const json = await call(erin, 'POST', '/api/export/restore', { file: 'x' });
    expect(json.statusCode).toBe(415);
    const wrongField = await upload(
      erin,
      '/api/export/restore',
      'other',
      'x.zip',
      'application/zip',
      Buffer.from('x'),
    );
    expect(wrongField.statusCode).toBe(400);
  });
});
