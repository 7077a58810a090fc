// The restore of an export into an account: POST /api/export/restore.
import { type Zippable, strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { given } from '../../support/given';
import { type SignedUpUser, signUp } from '../../test-app';
import {
  alice,
  attachedJpg,
  call,
  comparable,
  context,
  exportOf,
  linesOf,
  ok,
  receiptFiles,
  receiptPng,
  restore,
  upload,
  type Account,
} from './export-restore-setup';

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
});

describe('POST /api/export/restore refuses bad files with a 400 and restores nothing', () => {
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
    expectRefused(zipSync({ ...good, '../evil.txt': strToU8('x') } as Zippable), 'EXPORT_UNSAFE'));

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

describe('POST /api/export/restore without a file', () => {
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
