import { BUILT_IN_EXPENSE_CATEGORIES, todayIn } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReceiptReader, type ReceiptReader } from '../../../src/domains/receipts/reading';
import { createFileUrlSigner } from '../../../src/domains/receipts/signed-urls';
import sharp from 'sharp';
import { given } from '../../support/given';
import { hugePngHeader, multipartFile, renderReceipt, textPdf } from '../../support/receipt-files';
import {
  createTestApp,
  signUp,
  TEST_CONFIG,
  TEST_JWT_SECRET,
  type SignedUpUser,
  type TestContext,
} from '../../test-app';

let context: TestContext;
let reader: ReceiptReader;
let alice: SignedUpUser;
let bob: SignedUpUser;

const COFFEE_RECEIPT = [
  'COFFEE CORNER CAFE',
  '12 Main Street, Springfield, IL',
  'Date: 03/14/2026 09:41',
  'Latte            4.50',
  'Blueberry Muffin 3.25',
  'Subtotal         7.75',
  'Tax              0.62',
  'TOTAL           $8.37',
  'Cash            10.00',
  'Change           1.63',
  'Thank you!',
];

beforeAll(async () => {
  reader = createReceiptReader({ workers: 1 });
  context = await createTestApp({ receiptReader: reader });
  alice = await signUp(context.app, { setup: true });
  bob = await signUp(context.app, { setup: true });
}, 120_000);
afterAll(async () => {
  await context.close();
  await reader.close();
});

function upload(
  user: SignedUpUser | undefined,
  bytes: Buffer,
  fileName = 'receipt.png',
  contentType = 'image/png',
  field = 'receipt',
) {
  const { payload, headers } = multipartFile(field, fileName, contentType, bytes);
  return context.app.inject({
    method: 'POST',
    url: '/api/receipts/upload',
    payload,
    headers: { ...headers, ...(user?.headers ?? {}) },
  });
}

async function counts() {
  const { rows } = await context.database.pool.query<{ receipts: number; transactions: number }>(
    'SELECT (SELECT count(*)::int FROM receipts) AS receipts, (SELECT count(*)::int FROM transactions) AS transactions',
  );
  return rows[0]!;
}

// The PNG receipt the first case uploads; later cases serve, list and send it again.
let uploaded: { _id: string; fileUrl: string; imageUrl: string; transaction: { _id: string } };
let png: Buffer;

describe('POST /api/receipts/upload: reading and serving the file', () => {
  it('reads a PNG receipt, stores it and creates the expense', async () => {
    png = await renderReceipt(COFFEE_RECEIPT);
    const response = await upload(alice, png, 'coffee.png');
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.extractedData).toMatchObject({
      merchant: 'COFFEE CORNER CAFE',
      amount: 8.37,
      date: '2026-03-14',
    });
    expect(BUILT_IN_EXPENSE_CATEGORIES).toContain(body.extractedData.category);
    expect(body.transaction).toMatchObject({
      name: 'COFFEE CORNER CAFE',
      cost: 8.37,
      addedOn: '2026-03-14',
      isIncome: false,
      category: body.extractedData.category,
      receiptId: body._id,
    });
    expect(body.transaction.note).toContain('coffee.png');
    expect(body.fileUrl).toMatch(
      new RegExp(`^/api/receipts/${body._id}/file\\?expires=\\d+&signature=[\\w-]+$`),
    );
    uploaded = body;

    const stored = await context.database.pool.query(
      'SELECT sha256, size_bytes, mime_type FROM receipts WHERE id = $1',
      [body._id],
    );
    const { createHash } = await import('node:crypto');
    expect(stored.rows[0]).toEqual({
      sha256: createHash('sha256').update(png).digest('hex'),
      size_bytes: png.length,
      mime_type: 'image/png',
    });
  });

  it('serves the file through its signed URL, as the stored type, never as a page', async () => {
    const response = await context.app.inject({ method: 'GET', url: uploaded.fileUrl });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(png)).toBe(true);
    // An image receipt is its own picture.
    const picture = await context.app.inject({ method: 'GET', url: uploaded.imageUrl });
    expect(picture.rawPayload.equals(png)).toBe(true);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="coffee.png"/);
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('serves the file to its owner with a token, and to no one else', async () => {
    const url = `/api/receipts/${uploaded._id}/file`;
    expect(
      (await context.app.inject({ method: 'GET', url, headers: alice.headers })).statusCode,
    ).toBe(200);
    expect(
      (await context.app.inject({ method: 'GET', url, headers: bob.headers })).statusCode,
    ).toBe(404);
    expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses tampered, expired and borrowed signatures', async () => {
    const signer = createFileUrlSigner(TEST_JWT_SECRET);
    const tampered = uploaded.fileUrl.replace(
      /signature=(.)/,
      (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`,
    );
    const longer = uploaded.fileUrl.replace(
      /expires=(\d+)/,
      (_match, expires: string) => `expires=${Number(expires) + 3600}`,
    );
    const expired = signer.urlFor(uploaded._id, 'file', new Date(Date.now() - 3600_000));
    const otherReceiptsSignature = signer
      .urlFor('00000000-0000-7000-8000-000000000000', 'file')
      .replace('00000000-0000-7000-8000-000000000000', uploaded._id);
    const foreignKey = createFileUrlSigner('another-secret-that-is-long-enough-0123456789').urlFor(
      uploaded._id,
      'file',
    );
    // A signature is for one view: the picture's does not open the file.
    const otherView = uploaded.imageUrl.replace('/image?', '/file?');
    for (const url of [tampered, longer, expired, otherReceiptsSignature, foreignKey, otherView]) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it("lists the user's receipts with their expenses, and nobody else's", async () => {
    const mine = (
      await context.app.inject({ method: 'GET', url: '/api/receipts', headers: alice.headers })
    ).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      _id: uploaded._id,
      fileName: 'coffee.png',
      mimeType: 'image/png',
      transactionId: uploaded.transaction._id,
      extractedData: { amount: 8.37, date: '2026-03-14' },
    });
    expect(mine[0].confidence.total).toBeGreaterThan(0);
    const theirs = (
      await context.app.inject({ method: 'GET', url: '/api/receipts', headers: bob.headers })
    ).json();
    expect(theirs).toEqual([]);
  });
});

describe('POST /api/receipts/upload: JPEG, PDF and missing details', () => {
  it('reads a JPEG and a text PDF', async () => {
    const jpeg = await renderReceipt(
      [
        'GREEN GROCER LTD',
        '5 High Street, London',
        '14 Mar 2026',
        'Apples 2.40',
        'Bread 1.10',
        'TOTAL £3.50',
      ],
      'jpeg',
    );
    const fromJpeg = await upload(alice, jpeg, 'grocer.jpg', 'image/jpeg');
    expect(fromJpeg.statusCode, fromJpeg.body).toBe(201);
    expect(fromJpeg.json().extractedData).toMatchObject({ amount: 3.5, date: '2026-03-14' });

    const pdf = textPdf([
      'CITY BOOKSHOP',
      '1 Market Square',
      'Date: 2026-02-20',
      'Novel 12.99',
      'Bookmark 1.01',
      'TOTAL 14.00',
    ]);
    const fromPdf = await upload(alice, pdf, 'books.pdf', 'application/pdf');
    expect(fromPdf.statusCode, fromPdf.body).toBe(201);
    expect(fromPdf.json().extractedData).toMatchObject({
      merchant: 'CITY BOOKSHOP',
      amount: 14,
      date: '2026-02-20',
    });
    const file = await context.app.inject({ method: 'GET', url: fromPdf.json().fileUrl });
    expect(file.headers['content-type']).toBe('application/pdf');
    // A PDF's picture is its first page, rendered.
    const picture = await context.app.inject({ method: 'GET', url: fromPdf.json().imageUrl });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['content-disposition']).toMatch(/filename="books-page-1.png"/);
    const { width, height } = await sharp(picture.rawPayload).metadata();
    expect(height).toBeGreaterThan(width); // an A4 page, upright
    const listed = (
      await context.app.inject({ method: 'GET', url: '/api/receipts', headers: alice.headers })
    ).json() as Array<{ _id: string; imageUrl: string }>;
    const listedPdf = listed.find((receipt) => receipt._id === fromPdf.json()._id);
    const again = await context.app.inject({ method: 'GET', url: listedPdf!.imageUrl });
    expect(again.rawPayload.equals(picture.rawPayload)).toBe(true);
  });

  it("uses today when the receipt has no date, and the user's own category for a known merchant", async () => {
    const user = await signUp(context.app, { setup: true });
    await given.transaction(context.app, user, {
      name: 'TOOL DEPOT',
      category: 'Hardware',
      cost: 5,
      addedOn: '2026-01-01',
    });
    const image = await renderReceipt([
      'TOOL DEPOT',
      '99 Industrial Road',
      'Hammer 19.90',
      'Nails 4.10',
      'TOTAL 24.00',
    ]);
    const response = await upload(user, image);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().extractedData).toMatchObject({
      merchant: 'TOOL DEPOT',
      amount: 24,
      category: 'Hardware',
      date: todayIn('UTC'),
    });
  });

  it('answers 422 and stores nothing when no total can be found', async () => {
    const before = await counts();
    const noTotal = await renderReceipt([
      'HELLO WORLD',
      'This is not a receipt',
      'Have a nice day',
    ]);
    const response = await upload(alice, noTotal);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/total/i);
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/receipts/upload: refusals, duplicates and deletion', () => {
  it.each([
    [
      'a text file named .jpg',
      Buffer.from('just some text, not an image'),
      'fake.jpg',
      'image/jpeg',
      415,
    ],
    [
      'a zip named .pdf',
      Buffer.from('PK\u0003\u0004 zip archive contents here'),
      'archive.pdf',
      'application/pdf',
      415,
    ],
    [
      'an HTML page named .png',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'page.png',
      'image/png',
      415,
    ],
    [
      'a truncated JPEG',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
      'cut.jpg',
      'image/jpeg',
      422,
    ],
    ['a 50,000 × 50,000 PNG', hugePngHeader(50_000, 50_000), 'bomb.png', 'image/png', 413],
  ])('rejects %s and stores nothing', async (_case, bytes, fileName, contentType, status) => {
    const before = await counts();
    const response = await upload(alice, bytes, fileName, contentType);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toEqual(expect.any(String));
    expect(await counts()).toEqual(before);
  });

  it('asks for a file when none is sent, and for the right field', async () => {
    const boundary = '----monetaEmpty';
    const empty = await context.app.inject({
      method: 'POST',
      url: '/api/receipts/upload',
      headers: { ...alice.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please select a file to upload.');

    const wrongField = await upload(alice, png, 'coffee.png', 'image/png', 'file');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Send the file in the field named "receipt".');

    const json = await context.app.inject({
      method: 'POST',
      url: '/api/receipts/upload',
      headers: alice.headers,
      payload: { receipt: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('needs a signed-in user', async () => {
    expect((await upload(undefined, png)).statusCode).toBe(401);
    expect((await context.app.inject({ method: 'GET', url: '/api/receipts' })).statusCode).toBe(
      401,
    );
  });

  it('refuses the same file twice with 409 naming its expense, and reads it again once that expense is gone', async () => {
    const user = await signUp(context.app, { setup: true });
    const first = await upload(user, png, 'coffee.png');
    expect(first.statusCode).toBe(201);
    const before = await counts();

    const again = await upload(user, png, 'renamed.png');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'RECEIPT_ALREADY_UPLOADED',
      message:
        'This receipt was uploaded already: it made the expense "COFFEE CORNER CAFE" of 2026-03-14.',
    });
    expect(await counts()).toEqual(before);

    // Another user's identical file is theirs to read.
    const other = await signUp(context.app, { setup: true });
    expect((await upload(other, png)).statusCode).toBe(201);

    await context.app.inject({
      method: 'DELETE',
      url: `/api/transactions/${first.json().transaction._id}`,
      headers: user.headers,
    });
    expect((await upload(user, png)).statusCode).toBe(201);
  });

  it('keeps the receipt when its expense is deleted, and deletes everything with the account', async () => {
    const user = await signUp(context.app, { setup: true });
    const response = await upload(user, png);
    expect(response.statusCode).toBe(201);
    const { _id: receiptId, transaction } = response.json();
    await context.app.inject({
      method: 'DELETE',
      url: `/api/transactions/${transaction._id}`,
      headers: user.headers,
    });
    const listed = (
      await context.app.inject({ method: 'GET', url: '/api/receipts', headers: user.headers })
    ).json();
    expect(listed).toMatchObject([{ _id: receiptId, transactionId: null }]);

    await context.app.inject({
      method: 'DELETE',
      url: '/api/users/account',
      headers: user.headers,
    });
    const left = await context.database.pool.query(
      'SELECT count(*)::int AS count FROM receipts WHERE user_id = $1',
      [user.id],
    );
    expect(left.rows[0].count).toBe(0);
  });
});

describe('upload size limit', () => {
  it('answers 413 for a file over UPLOAD_MAX_MB and stores nothing', async () => {
    const small = await createTestApp({
      receiptReader: reader,
      config: { ...TEST_CONFIG, UPLOAD_MAX_MB: 0.01 },
    });
    try {
      const user = await signUp(small.app, { setup: true });
      const { payload, headers } = multipartFile(
        'receipt',
        'big.png',
        'image/png',
        Buffer.alloc(20_000, 1),
      );
      const response = await small.app.inject({
        method: 'POST',
        url: '/api/receipts/upload',
        payload,
        headers: { ...headers, ...user.headers },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toMatch(/larger than 0.01 MB/);
      const { rows } = await small.database.pool.query(
        'SELECT count(*)::int AS count FROM receipts',
      );
      expect(rows[0].count).toBe(0);
    } finally {
      await small.close();
    }
  });
});
