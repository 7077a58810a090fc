// Reviewing a receipt (PUT /receipts/:id) and what Moneta learns from it (docs/receipts.md, issue
// 16). The reader here is the real extraction over texts the test chooses, so that the shop's
// header lines are known exactly; OCR itself is tested in receipts.test.ts.
import { todayIn } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/domains/receipts/extract/extract-fields';
import { toReceiptLines } from '../../../src/domains/receipts/ocr/receipt-lines';
import type { ReceiptReader } from '../../../src/domains/receipts/reading';
import { renderReceipt, uploadReceipt } from '../../support/receipt-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
let alice: SignedUpUser;
let bob: SignedUpUser;
/** What the reader "reads" from the next upload. */
let printed: string[] = [];

const textReader: ReceiptReader = {
  async read(_bytes, _mimeType, hints) {
    return extractFields(toReceiptLines(printed.join('\n')), hints);
  },
  workerPids: () => [],
  async close() {},
};

const BAKERY = (misread: string, amount: string) => [
  misread,
  'Hauptstr. 5',
  '12345 Musterstadt',
  'Tel. 030/1234567',
  `Brot ${amount} A`,
  `SUMME EUR ${amount}`,
  'BAR EUR 10,00',
  '14.03.2026 09:41',
];

beforeAll(async () => {
  context = await createTestApp({ receiptReader: textReader });
  alice = await signUp(context.app, { setup: true });
  bob = await signUp(context.app, { setup: true });
}, 120_000);
afterAll(async () => {
  await context?.close();
});

async function upload(user: SignedUpUser, lines: string[]) {
  printed = lines;
  // The reader is told what is printed; the file is drawn from the same lines so that each
  // receipt is its own file (the same file twice is refused).
  const image = await renderReceipt(lines);
  const response = await uploadReceipt(context.app, user.headers, image, 'bon.png');
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function review(user: SignedUpUser, id: string, body: unknown) {
  return context.app.inject({
    method: 'PUT',
    url: `/api/receipts/${id}`,
    headers: user.headers,
    payload: body as object,
  });
}

const correction = {
  merchant: 'Bäckerei Korn',
  amount: 3.58,
  date: '2026-03-14',
  category: 'Food',
};

describe('PUT /api/receipts/:id', () => {
  let first: { _id: string; transaction: { _id: string } };

  it('the upload answers the currency and a confidence per field', async () => {
    first = await upload(alice, BAKERY('K0RN BACKERE1', '3,58'));
    expect(first).toMatchObject({
      extractedData: { amount: 3.58, date: '2026-03-14', currency: 'EUR' },
    });
    const { confidence } = (first as unknown as { extractedData: { confidence: object } })
      .extractedData;
    expect(Object.keys(confidence).sort()).toEqual(['amount', 'date', 'merchant']);
  });

  it('corrects the reading and its expense together, and answers both', async () => {
    const response = await review(alice, first._id, correction);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.extractedData).toMatchObject({
      merchant: 'Bäckerei Korn',
      amount: 3.58,
      date: '2026-03-14',
      category: 'Food',
      currency: 'EUR',
      confidence: { merchant: 1, amount: 1, date: 1 },
    });
    expect(body.transaction).toMatchObject({
      _id: first.transaction._id,
      name: 'Bäckerei Korn',
      cost: 3.58,
      addedOn: '2026-03-14',
      category: 'Food',
      receiptId: first._id,
    });
    const list = await context.app.inject({
      method: 'GET',
      url: '/api/receipts',
      headers: alice.headers,
    });
    expect(list.json()[0]).toMatchObject({
      _id: first._id,
      extractedData: { merchant: 'Bäckerei Korn' },
      transactionId: first.transaction._id,
    });
  });

  it("teaches the shop: the next receipt from it gets the user's merchant and category", async () => {
    const next = await upload(alice, BAKERY('KORN BACKEREL', '5,10'));
    expect(next.extractedData).toMatchObject({
      merchant: 'Bäckerei Korn',
      category: 'Food',
      amount: 5.1,
    });
    expect(next.extractedData.confidence.merchant).toBeGreaterThanOrEqual(0.9);
    expect(next.transaction.name).toBe('Bäckerei Korn');
  });

  it('keeps what one user taught to that user', async () => {
    const his = await upload(bob, BAKERY('K0RN BACKERE1', '3,58'));
    expect(his.extractedData.merchant).not.toBe('Bäckerei Korn');
  });

  it.each([
    [{ ...correction, merchant: '  ' }, 'merchant'],
    [{ ...correction, amount: 0 }, 'amount'],
    [{ ...correction, amount: 1.234 }, 'amount'],
    [{ ...correction, amount: '1.234' }, 'amount'],
    [{ ...correction, amount: '3,58' }, 'amount'],
    [{ ...correction, date: '2026-02-30' }, 'date'],
    [{ ...correction, category: '' }, 'category'],
    [{ merchant: 'X', amount: 1, date: '2026-03-14' }, 'category'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const response = await review(alice, first._id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors?.[0]?.path).toBe(field);
  });

  it('takes the amount as a decimal string, and says how many decimals are allowed', async () => {
    const response = await review(alice, first._id, { ...correction, amount: '3.50' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().transaction).toMatchObject({ cost: 3.5 });
    const tooPrecise = await review(alice, first._id, { ...correction, amount: 3.505 });
    expect(tooPrecise.statusCode).toBe(400);
    expect(tooPrecise.json().message).toBe('Please enter an amount with at most 2 decimals.');
  });

  it("answers 404 for another user's receipt, an unknown id and no id at all", async () => {
    expect((await review(bob, first._id, correction)).statusCode).toBe(404);
    expect(
      (await review(alice, '01900000-0000-7000-8000-000000000000', correction)).statusCode,
    ).toBe(404);
    expect((await review(alice, 'not-an-id', correction)).statusCode).toBe(404);
  });

  it('gives a receipt whose expense was deleted a new expense', async () => {
    const receipt = await upload(alice, BAKERY('CAFE ZEIT', '2,20'));
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: `/api/transactions/${receipt.transaction._id}`,
      headers: alice.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const response = await review(alice, receipt._id, { ...correction, merchant: 'Café Zeit' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().transaction).toMatchObject({
      name: 'Café Zeit',
      receiptId: receipt._id,
    });
    expect(response.json().transactionId).toBe(response.json().transaction._id);
  });

  it('a date not found is today, with no confidence', async () => {
    const undated = await upload(alice, ['SOMEWHERE', 'TOTAL 4.00']);
    expect(undated.extractedData.date).toBe(todayIn('UTC'));
    expect(undated.extractedData.confidence.date).toBe(0);
  });
});
