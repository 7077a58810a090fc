// Attachments on transactions (docs/api.md, Attachments) through HTTP on a real PostgreSQL, with
// real JPG, PNG and PDF bytes, and a receipt read by the real reader (its file is its expense's
// first attachment; the same file as a receipt again is a 409 naming the expense).
import { createHash } from 'node:crypto';
import type { Attachment } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReceiptReader, type ReceiptReader } from '../../../src/domains/receipts/reading';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { multipartFile, renderReceipt, textPdf } from '../../support/receipt-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
let reader: ReceiptReader;
let jpg: Buffer;
let png: Buffer;
let pdf: Buffer;

beforeAll(async () => {
  reader = createReceiptReader({ workers: 1 });
  // A small upload limit, so that "too large" needs no 10 MB body.
  context = await createTestApp({
    receiptReader: reader,
    config: {
      CORS_ORIGINS: [],
      TRUST_PROXY: false,
      UPLOAD_MAX_MB: 1,
      IMPORT_MAX_MB: 20,
      LOGIN_RATE_LIMIT: 10,
      SIGNUP_RATE_LIMIT: 1000,
    },
  });
  jpg = await renderReceipt(['PAID IN FULL', 'TOTAL 12.00'], 'jpeg');
  png = await renderReceipt(['WARRANTY CARD', 'Serial 1234']);
  pdf = textPdf(['Invoice 77', 'Total 99.00']);
}, 120_000);
afterAll(async () => {
  await context.close();
  await reader.close();
});

const { call, ok } = apiCalls(() => context.app);

const expenseRow = (name = 'Laptop') => ({
  name,
  category: 'Shopping',
  cost: 999,
  addedOn: '2026-03-02',
  isIncome: false,
});

function attach(
  user: SignedUpUser,
  transactionId: string,
  bytes: Buffer,
  fileName = 'file.bin',
  field = 'file',
  contentType = 'application/octet-stream',
) {
  const body = multipartFile(field, fileName, contentType, bytes);
  return context.app.inject({
    method: 'POST',
    url: `/api/transactions/${transactionId}/attachments`,
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  });
}

const listOf = (user: SignedUpUser, transactionId: string) =>
  ok<Attachment[]>(user, 'GET', `/api/transactions/${transactionId}/attachments`);

const fileOf = (user: SignedUpUser, transactionId: string, id: string) =>
  call(user, 'GET', `/api/transactions/${transactionId}/attachments/${id}/file`);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every attachment row in the database, straight from PostgreSQL. */
async function storedAttachments() {
  const result = await context.database.pool.query<{ id: string; sha256: string }>(
    'SELECT id, sha256 FROM transaction_attachments ORDER BY id',
  );
  return result.rows;
}

describe('POST /api/transactions/:id/attachments', () => {
  it('stores a JPG, a PNG and a PDF by their bytes, lists them and gives each back exactly', async () => {
    const user = await signUp(context.app, { setup: true });
    const expense = await given.transaction(context.app, user, expenseRow());
    const uploads: [Buffer, string, string][] = [
      [jpg, 'photo.jpeg', 'image/jpeg'],
      [png, 'card.png', 'image/png'],
      [pdf, 'invoice', 'application/pdf'],
    ];
    for (const [bytes, fileName, mimeType] of uploads) {
      const response = await attach(user, expense._id, bytes, fileName);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        transactionId: expense._id,
        mimeType,
        sizeBytes: bytes.length,
        isReceipt: false,
      });
    }
    const listed = await listOf(user, expense._id);
    expect(listed.map((attachment) => [attachment.fileName, attachment.mimeType])).toEqual([
      ['photo.jpeg', 'image/jpeg'],
      ['card.png', 'image/png'],
      // A name without the extension its bytes call for gets one.
      ['invoice.pdf', 'application/pdf'],
    ]);
    for (const [index, [bytes, , mimeType]] of uploads.entries()) {
      const file = await fileOf(user, expense._id, listed[index]!._id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(mimeType);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(sha256(file.rawPayload)).toBe(sha256(bytes));
    }
  });

  it('refuses a file that is not a JPG, PNG or PDF by its bytes with 415, storing nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    const expense = await given.transaction(context.app, user, expenseRow());
    const before = await storedAttachments();
    const text = Buffer.from('just some text, renamed to look like a photo\n');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const [bytes, fileName, type] of [
      [text, 'photo.jpg', 'image/jpeg'],
      [html, 'scan.png', 'image/png'],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'anim.gif', 'image/gif'],
    ] as const) {
      const response = await attach(user, expense._id, bytes, fileName, 'file', type);
      expect(response.statusCode, fileName).toBe(415);
      expect(response.json()).toEqual({
        code: 'UNSUPPORTED_FILE_TYPE',
        message: 'Attach a JPG, PNG or PDF file.',
      });
    }
    expect(await storedAttachments()).toEqual(before);
    expect(await listOf(user, expense._id)).toEqual([]);
  });

  it('refuses a file over UPLOAD_MAX_MB with 413, storing nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    const expense = await given.transaction(context.app, user, expenseRow());
    // A real JPEG header followed by more than 1 MB.
    const large = Buffer.concat([jpg, Buffer.alloc(1024 * 1024 + 10, 7)]);
    const response = await attach(user, expense._id, large, 'large.jpg');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The file is larger than 1 MB.',
    });
    expect(await listOf(user, expense._id)).toEqual([]);
  });

  it('answers 400 to a bad upload and 409 to the same file twice on one transaction', async () => {
    const user = await signUp(context.app, { setup: true });
    const expense = await given.transaction(context.app, user, expenseRow());
    const wrongField = await attach(user, expense._id, png, 'a.png', 'receipt');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ code: 'WRONG_FIELD' });
    const empty = await attach(user, expense._id, Buffer.alloc(0), 'a.png');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'EMPTY_FILE' });
    const json = await call(user, 'POST', `/api/transactions/${expense._id}/attachments`, {
      file: 'x',
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ code: 'NOT_MULTIPART' });
    const garbage = await context.app.inject({
      method: 'POST',
      url: `/api/transactions/${expense._id}/attachments`,
      headers: { ...user.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: 'not multipart at all',
    });
    expect(garbage.statusCode).toBe(400);

    expect((await attach(user, expense._id, png, 'card.png')).statusCode).toBe(201);
    const twice = await attach(user, expense._id, png, 'again.png');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      code: 'ATTACHMENT_EXISTS',
      message: 'This file is attached to this transaction already, as card.png.',
    });
    expect((await listOf(user, expense._id)).map((attachment) => attachment.fileName)).toEqual([
      'card.png',
    ]);
    // The same file on another transaction is that transaction's.
    const other = await given.transaction(context.app, user, expenseRow('Phone'));
    expect((await attach(user, other._id, png, 'card.png')).statusCode).toBe(201);
  });
});

describe("another user's ids", () => {
  it('answer 404 on every route and change nothing', async () => {
    const owner = await signUp(context.app, { setup: true });
    const intruder = await signUp(context.app, { setup: true });
    const expense = await given.transaction(context.app, owner, expenseRow());
    const attachment = (await attach(owner, expense._id, pdf, 'invoice.pdf')).json<Attachment>();
    const ownExpense = await given.transaction(context.app, intruder, expenseRow());
    const before = await storedAttachments();

    const upload = await attach(intruder, expense._id, jpg, 'x.jpg');
    expect(upload.statusCode).toBe(404);
    expect(upload.json().code).toBe('TRANSACTION_NOT_FOUND');
    const list = await call(intruder, 'GET', `/api/transactions/${expense._id}/attachments`);
    expect(list.statusCode).toBe(404);
    const file = await fileOf(intruder, expense._id, attachment._id);
    expect(file.statusCode).toBe(404);
    expect(file.body).not.toContain('Invoice');
    // The owner's attachment id under the intruder's own transaction is not found either.
    const crossed = await fileOf(intruder, ownExpense._id, attachment._id);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().code).toBe('ATTACHMENT_NOT_FOUND');
    for (const url of [
      `/api/transactions/${expense._id}/attachments/${attachment._id}`,
      `/api/transactions/${ownExpense._id}/attachments/${attachment._id}`,
    ]) {
      expect((await call(intruder, 'DELETE', url)).statusCode).toBe(404);
    }
    // Garbage ids are 404s too, never 500s.
    for (const url of [
      '/api/transactions/not-an-id/attachments',
      `/api/transactions/${expense._id}/attachments/not-an-id/file`,
      '/api/transactions/00000000-0000-4000-8000-000000000000/attachments',
    ]) {
      expect((await call(owner, 'GET', url)).statusCode, url).toBe(404);
    }
    expect(
      (await call(owner, 'DELETE', `/api/transactions/${expense._id}/attachments/x`)).statusCode,
    ).toBe(404);

    expect(await storedAttachments()).toEqual(before);
    expect((await listOf(owner, expense._id)).map((entry) => entry._id)).toEqual([attachment._id]);
  });

  it('need a signed-in user', async () => {
    const owner = await signUp(context.app, { setup: true });
    const expense = await given.transaction(context.app, owner, expenseRow());
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/transactions/${expense._id}/attachments`,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/transactions/:id/attachments/:aid', () => {
  it('deletes one file; deleting the transaction deletes the rest', async () => {
    const user = await signUp(context.app, { setup: true });
    const expense = await given.transaction(context.app, user, expenseRow());
    const first = (await attach(user, expense._id, jpg, 'a.jpg')).json<Attachment>();
    const second = (await attach(user, expense._id, pdf, 'b.pdf')).json<Attachment>();
    const deleted = await call(
      user,
      'DELETE',
      `/api/transactions/${expense._id}/attachments/${first._id}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await listOf(user, expense._id)).map((entry) => entry._id)).toEqual([second._id]);
    expect((await fileOf(user, expense._id, first._id)).statusCode).toBe(404);
    const again = await call(
      user,
      'DELETE',
      `/api/transactions/${expense._id}/attachments/${first._id}`,
    );
    expect(again.statusCode).toBe(404);

    await ok(user, 'DELETE', `/api/transactions/${expense._id}`);
    const rows = await storedAttachments();
    expect(rows.map((row) => row.id)).not.toContain(second._id);
  });
});

describe("a receipt's file", () => {
  const LUNCH = [
    'NOODLE HOUSE',
    '5 River Road, Springfield, IL',
    'Date: 03/20/2026 12:10',
    'Ramen            11.00',
    'Tea               2.50',
    'TOTAL           $13.50',
    'Thank you!',
  ];

  function uploadReceipt(user: SignedUpUser, bytes: Buffer) {
    const body = multipartFile('receipt', 'lunch.png', 'image/png', bytes);
    return context.app.inject({
      method: 'POST',
      url: '/api/receipts/upload',
      payload: body.payload,
      headers: { ...body.headers, ...user.headers },
    });
  }

  it('is its expense first attachment; the same file as a receipt again is a 409 naming it', async () => {
    const user = await signUp(context.app, { setup: true });
    const receiptPng = await renderReceipt(LUNCH);
    const made = await uploadReceipt(user, receiptPng);
    expect(made.statusCode, made.body).toBe(201);
    const { _id: receiptId, transaction } = made.json<{
      _id: string;
      transaction: { _id: string; name: string; addedOn: string };
    }>();

    const added = (await attach(user, transaction._id, pdf, 'warranty.pdf')).json<Attachment>();
    const listed = await listOf(user, transaction._id);
    expect(listed.map((entry) => [entry._id, entry.isReceipt, entry.mimeType])).toEqual([
      [receiptId, true, 'image/png'],
      [added._id, false, 'application/pdf'],
    ]);
    const file = await fileOf(user, transaction._id, receiptId);
    expect(sha256(file.rawPayload)).toBe(sha256(receiptPng));
    // Attaching the receipt's own file again is the same file twice.
    const twice = await attach(user, transaction._id, receiptPng, 'copy.png');
    expect(twice.statusCode).toBe(409);

    const again = await uploadReceipt(user, receiptPng);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'RECEIPT_ALREADY_UPLOADED',
      message: `This receipt was uploaded already: it made the expense "${transaction.name}" of ${transaction.addedOn}.`,
    });

    // Deleting the receipt's attachment deletes the receipt; the expense stays.
    const deleted = await call(
      user,
      'DELETE',
      `/api/transactions/${transaction._id}/attachments/${receiptId}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await listOf(user, transaction._id)).map((entry) => entry._id)).toEqual([added._id]);
    const receipts = await ok<{ _id: string }[]>(user, 'GET', '/api/receipts');
    expect(receipts.map((receipt) => receipt._id)).not.toContain(receiptId);
    expect(
      (
        await call(user, 'GET', `/api/transactions?search=${encodeURIComponent(transaction.name)}`)
      ).json().transactions,
    ).toHaveLength(1);
  });

  it('attached by hand to an expense, refuses the same file as a receipt with 409 naming it', async () => {
    const user = await signUp(context.app, { setup: true });
    const expense = await given.transaction(context.app, user, expenseRow('Dinner out'));
    const receiptPng = await renderReceipt([...LUNCH, 'Table 4']);
    expect((await attach(user, expense._id, receiptPng, 'bill.png')).statusCode).toBe(201);
    const response = await uploadReceipt(user, receiptPng);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'RECEIPT_ALREADY_UPLOADED',
      message: 'This receipt is attached already to the expense "Dinner out" of 2026-03-02.',
    });
  });
});

describe('attachments and the trash', () => {
  it('come back with a restored transaction byte for byte, and go when its trash row expires', async () => {
    const user = await signUp(context.app, { setup: true });
    const expense = await given.transaction(context.app, user, expenseRow('Camera'));
    expect((await attach(user, expense._id, jpg, 'warranty.jpg')).statusCode).toBe(201);
    expect((await attach(user, expense._id, pdf, 'invoice.pdf')).statusCode).toBe(201);
    const before = await listOf(user, expense._id);
    expect(before).toHaveLength(2);

    // Deleted into the trash: the files leave with the row, and return with it.
    expect((await call(user, 'DELETE', `/api/transactions/${expense._id}`)).statusCode).toBe(200);
    expect(
      (await call(user, 'GET', `/api/transactions/${expense._id}/attachments`)).statusCode,
    ).toBe(404);
    await ok(user, 'POST', '/api/transactions/trash/restore', { transactionIds: [expense._id] });
    expect(await listOf(user, expense._id)).toEqual(before);
    const files = await Promise.all(before.map((file) => fileOf(user, expense._id, file._id)));
    expect(files.map((file) => sha256(file.rawPayload))).toEqual([sha256(jpg), sha256(pdf)]);
    const { rows: heldAfterRestore } = await context.database.pool.query(
      'SELECT 1 FROM deleted_transaction_attachments WHERE transaction_id = $1',
      [expense._id],
    );
    expect(heldAfterRestore).toEqual([]);

    // Deleted again, and 31 days later the next delete purges the row and its files.
    await ok(user, 'DELETE', `/api/transactions/${expense._id}`);
    await context.database.pool.query(
      `UPDATE deleted_transactions SET deleted_at = now() - interval '31 days' WHERE id = $1`,
      [expense._id],
    );
    const other = await given.transaction(context.app, user, expenseRow('Lens'));
    await ok(user, 'DELETE', `/api/transactions/${other._id}`);
    const { rows: held } = await context.database.pool.query(
      'SELECT 1 FROM deleted_transaction_attachments WHERE transaction_id = $1',
      [expense._id],
    );
    expect(held).toEqual([]);
    expect(
      (
        await call(user, 'POST', '/api/transactions/trash/restore', {
          transactionIds: [expense._id],
        })
      ).statusCode,
    ).toBe(404);
  });
});
