// Restore files an attacker with an ordinary account sent (docs/export-format.md, Limits): none
// may stop, freeze or poison the server. Each is refused with a 400 that names what is wrong,
// changes nothing in the database, and leaves no upload behind in the temporary folder.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  account,
  centralDirectory,
  jsonl,
  manifestOf,
  monetaExport,
  transaction,
  zipEntries,
  zipOf,
  ACCOUNT_ID,
  NOW,
} from '../support/export-zips';
import { createTestApp, signUp } from '../test-app';
import { restoreTestApp } from './restore-test-app';
import { snapshotDatabase } from './database-snapshot';

const restoring = restoreTestApp('hostile-restores');
const { restore } = restoring;

/**
 * Restores `zip` into a new user and expects a 400 of `code` whose message matches `message`,
 * the database exactly as before and the upload gone.
 */
async function expectRefused(zip: Buffer, code: string, message: RegExp) {
  const user = await signUp(restoring.context.app);
  const before = await snapshotDatabase(restoring.context.database.pool);
  const response = await restore(user, zip);
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{ code: string; message: string }>();
  expect(body.code).toBe(code);
  expect(body.message).toMatch(message);
  expect(await snapshotDatabase(restoring.context.database.pool)).toEqual(before);
  expect(await readdir(restoring.uploads)).toEqual([]);
}

const receipt = (reading: unknown, changes: Record<string, unknown> = {}) => ({
  id: '0190a000-0000-7000-8000-0000000000aa',
  fileName: 'r.png',
  mimeType: 'image/png',
  sizeBytes: RECEIPT_FILE.length,
  sha256: '',
  file: 'receipts/r.png',
  pagePng: null,
  reading,
  shop: null,
  createdAt: NOW,
  ...changes,
});
const RECEIPT_FILE = Buffer.from('\x89PNG\r\n\x1a\n not really a picture');
const RECEIPT_SHA256 = createHash('sha256').update(RECEIPT_FILE).digest('hex');

describe('restores that would stop or freeze the server', () => {
  it('a categories.jsonl of 150 million line breaks (under 1 MB packed)', async () => {
    // Level 1 packs the line breaks 229:1, over the zip-bomb ratio; a tail of random text
    // brings the file under it, as the attacker's was (955 KB).
    const lines = Buffer.concat([
      Buffer.alloc(150_000_000, '\n'),
      Buffer.from(randomBytes(150_000).toString('base64')),
    ]);
    const zip = zipOf([
      { name: 'accounts.jsonl', data: jsonl([account()]) },
      { name: 'categories.jsonl', data: lines, level: 1 },
      {
        name: 'manifest.json',
        data: Buffer.from(JSON.stringify(manifestOf({ 'accounts.jsonl': [account()] }))),
      },
    ]);
    expect(zip.length).toBeLessThan(1024 * 1024);
    await expectRefused(zip, 'EXPORT_DAMAGED', /categories\.jsonl has more than 10000 lines/);
  });

  it('fourteen directory names pointing at one local entry', async () => {
    const files = { 'accounts.jsonl': [account()] };
    const { body, records } = zipEntries([
      { name: 'accounts.jsonl', data: jsonl([account()]) },
      { name: 'big.bin', data: randomBytes(2 * 1024 * 1024), store: true },
      { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifestOf(files))) },
    ]);
    const big = records[1]!;
    const names = Array.from({ length: 14 }, (_, index) => ({ ...big, name: `big${index}.bin` }));
    const zip = Buffer.concat([body, centralDirectory([...records, ...names], body.length)]);
    await expectRefused(zip, 'EXPORT_UNSAFE', /share the same bytes/);
  });

  it('a directory entry whose local header names another file', async () => {
    const { body, records } = zipEntries([
      { name: 'accounts.jsonl', data: jsonl([account()]) },
      {
        name: 'manifest.json',
        data: Buffer.from(JSON.stringify(manifestOf({ 'accounts.jsonl': [account()] }))),
      },
    ]);
    const renamed = records.map((record) =>
      record.name === 'accounts.jsonl' ? { ...record, name: 'accounts.jsonX' } : record,
    );
    const zip = Buffer.concat([body, centralDirectory(renamed, body.length)]);
    await expectRefused(zip, 'EXPORT_UNSAFE', /header of "accounts\.jsonX" does not match/);
  });

  it('a line longer than 1 MB', async () => {
    // Random text: a line of one letter would be refused as a zip bomb before it is read.
    const long = { ...transaction(), note: randomBytes(1024 * 1024).toString('base64') };
    await expectRefused(
      monetaExport({ 'transactions.jsonl': [long] }),
      'EXPORT_DAMAGED',
      /transactions\.jsonl line 1 is longer than 1048576 bytes/,
    );
  });
});

describe('restores that skip the API’s rules: values', () => {
  it('a time zone that is none (Mars/Olympus)', () =>
    expectRefused(
      monetaExport({}, { manifest: { timeZone: 'Mars/Olympus' } }),
      'EXPORT_DAMAGED',
      /manifest is not valid \(timeZone\)/,
    ));

  it('a currency that is none (ZZZ)', () =>
    expectRefused(
      monetaExport({ 'accounts.jsonl': [account({ currency: 'ZZZ' })] }),
      'EXPORT_DAMAGED',
      /accounts\.jsonl line 1 is not valid \(currency\)/,
    ));

  const rate = (value: string) => ({
    currency: 'EUR',
    baseCurrency: 'USD',
    date: '2026-01-05',
    rate: value,
  });

  it('a rate of 0', () =>
    expectRefused(
      monetaExport({ 'rates.jsonl': [rate('1.1'), rate('0')] }),
      'EXPORT_DAMAGED',
      /rates\.jsonl line 2 is not valid \(rate\)/,
    ));

  it('a rate over the maximum', () =>
    expectRefused(
      monetaExport({ 'rates.jsonl': [rate('1000000001')] }),
      'EXPORT_DAMAGED',
      /rates\.jsonl line 1 is not valid \(rate\)/,
    ));

  it('1,500 rules', () => {
    const rules = Array.from({ length: 1500 }, (_, index) => ({
      id: randomUUID(),
      position: (index % 1000) + 1,
      field: 'name',
      operator: 'contains',
      value: `shop ${index}`,
      isIncome: null,
      category: 'Food',
      rename: null,
      transferAccountId: null,
    }));
    return expectRefused(
      monetaExport({ 'rules.jsonl': rules }),
      'EXPORT_UNSAFE',
      /rules\.jsonl holds 1500 records; a restore takes at most 1000/,
    );
  });

  it('25 attachments on one transaction', () => {
    const expense = transaction();
    const files = Array.from({ length: 25 }, (_, index) => Buffer.from(`%PDF-1.4 file ${index}`));
    const attachments = files.map((file, index) => ({
      id: randomUUID(),
      transactionId: expense.id,
      fileName: `f${index}.pdf`,
      mimeType: 'application/pdf',
      sizeBytes: file.length,
      sha256: randomBytes(32).toString('hex'),
      file: `attachments/f${index}.pdf`,
      createdAt: NOW,
    }));
    return expectRefused(
      monetaExport(
        { 'transactions.jsonl': [expense], 'attachments.jsonl': attachments },
        {
          extra: files.map((data, index) => ({ name: `attachments/f${index}.pdf`, data })),
        },
      ),
      'EXPORT_DAMAGED',
      /holds 25 files; a transaction holds at most 20/,
    );
  });

  it('two transactions with one id', () => {
    const first = transaction();
    return expectRefused(
      monetaExport({ 'transactions.jsonl': [first, { ...first, name: 'Again' }] }),
      'EXPORT_DAMAGED',
      new RegExp(`transactions\\.jsonl line 2 repeats the id ${first.id}`),
    );
  });

  it('a category with spaces around it', () =>
    expectRefused(
      monetaExport({ 'transactions.jsonl': [transaction({ category: ' Food ' })] }),
      'EXPORT_DAMAGED',
      /transactions\.jsonl line 1 is not valid \(category\): spaces around it/,
    ));

  it('an amount far over the maximum', () =>
    expectRefused(
      monetaExport({ 'transactions.jsonl': [transaction({ costCents: 9_000_000_000_000_000 })] }),
      'EXPORT_DAMAGED',
      /transactions\.jsonl line 1 is not valid \(costCents\)/,
    ));
});

describe('restores that skip the API’s rules: recurring rules and receipts', () => {
  it('a recurring rule that starts in 1900', () =>
    expectRefused(
      monetaExport({
        'recurring.jsonl': [
          {
            id: randomUUID(),
            name: 'Rent',
            category: 'Housing',
            amountCents: 70000,
            isIncome: false,
            frequency: 'daily',
            interval: 1,
            startDate: '1900-01-01',
            endDate: null,
            nextDueDate: '1900-01-01',
            accountId: ACCOUNT_ID,
            note: null,
          },
        ],
      }),
      'EXPORT_DAMAGED',
      /recurring\.jsonl line 1 is not valid \(startDate\): The start date must be between 2000-01-01/,
    ));

  it('a receipt reading in the shape of GET /receipts’ extractedData', () =>
    expectRefused(
      monetaExport(
        {
          'receipts.jsonl': [
            receipt(
              {
                merchant: 'CORNER SHOP',
                amount: 12.34,
                category: 'Food',
                date: '2026-01-02',
                currency: 'USD',
                confidence: { merchant: 0.9, amount: 0.9, date: 0.9 },
              },
              { sha256: RECEIPT_SHA256 },
            ),
          ],
        },
        { extra: [{ name: 'receipts/r.png', data: RECEIPT_FILE, store: true }] },
      ),
      'EXPORT_DAMAGED',
      /receipts\.jsonl line 1 is not valid \(reading\.confidence\.total\)/,
    ));

  it('a receipt reading as the format documents it restores, and GET /receipts lists it', async () => {
    const user = await signUp(restoring.context.app);
    const response = await restore(
      user,
      monetaExport(
        {
          'receipts.jsonl': [
            receipt(
              {
                merchant: 'CORNER SHOP',
                amount: 12.34,
                category: 'Food',
                date: '2026-01-02',
                currency: 'USD',
                confidence: { merchant: 0.9, total: 0.8, date: 0.7, category: 0.5 },
                source: 'ocr',
                unknownField: 'dropped',
              },
              { sha256: RECEIPT_SHA256 },
            ),
          ],
        },
        { extra: [{ name: 'receipts/r.png', data: RECEIPT_FILE, store: true }] },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const list = await restoring.context.app.inject({
      method: 'GET',
      url: '/api/receipts',
      headers: user.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        extractedData: {
          merchant: 'CORNER SHOP',
          amount: 12.34,
          category: 'Food',
          date: '2026-01-02',
          currency: 'USD',
          confidence: { merchant: 0.9, amount: 0.8, date: 0.7 },
        },
        confidence: { merchant: 0.9, total: 0.8, date: 0.7, category: 0.5 },
      }),
    ]);
    expect(await readdir(restoring.uploads)).toEqual([]);
  });
});

describe('the manifest', () => {
  it('a version that is not a number is a damaged manifest, not "no Moneta manifest"', () =>
    expectRefused(
      monetaExport({}, { manifest: { version: '1' } }),
      'EXPORT_DAMAGED',
      /damaged or incomplete: its manifest is not valid \(version\)/,
    ));

  it('an unsupported version says so', () =>
    expectRefused(
      monetaExport({}, { manifest: { version: 0 } }),
      'EXPORT_VERSION_UNSUPPORTED',
      /format version 0; this Moneta reads versions 1 to 1/,
    ));

  it('a manifest that is not JSON is damaged', async () => {
    const zip = zipOf([
      { name: 'accounts.jsonl', data: jsonl([account()]) },
      { name: 'manifest.json', data: Buffer.from('{"format": "moneta-export", ') },
    ]);
    await expectRefused(zip, 'EXPORT_DAMAGED', /its manifest is not valid \(not JSON\)/);
  });

  it('no manifest, or another format, is not a Moneta export', async () => {
    await expectRefused(
      zipOf([{ name: 'accounts.jsonl', data: jsonl([account()]) }]),
      'EXPORT_NOT_MONETA',
      /no Moneta manifest/,
    );
    await expectRefused(
      monetaExport({}, { manifest: { format: 'ynab' } }),
      'EXPORT_NOT_MONETA',
      /no Moneta manifest/,
    );
  });
});

describe('uploads a crashed server left behind', () => {
  it('are removed when a server starts; a running server\u2019s stay', async () => {
    const root = await mkdtemp(join(tmpdir(), 'restore-sweep-'));
    try {
      // No process has this id (above Linux's largest); the parent of this one runs.
      const stale = join(root, 'moneta-restore-999999999-a1b2c3');
      const running = join(root, `moneta-restore-${process.ppid}-d4e5f6`);
      for (const directory of [stale, running]) {
        await mkdir(directory);
        await writeFile(join(directory, 'export.zip'), 'PK');
      }
      const other = await createTestApp({ restoreUploadRoot: root });
      await other.close();
      expect(await readdir(root)).toEqual([`moneta-restore-${process.ppid}-d4e5f6`]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);
});
