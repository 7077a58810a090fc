// Photos as phones take them: turned pages, EXIF rotations, tiny, huge and blank
// images, through HTTP with the real OCR. Each gets a reading or a clear 4xx, never a 5xx.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReceiptReader, type ReceiptReader } from '../../../src/domains/receipts/reading';
import { renderReceipt, uploadReceipt } from '../../support/receipt-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
let reader: ReceiptReader;
let user: SignedUpUser;
let upright: Buffer;

const RECEIPT = [
  'HARBOUR BOOKS',
  '4 Quay Street',
  'Date: 03/14/2026 10:12',
  'Notebook          6.20',
  'Pencils           2.10',
  'TOTAL            $8.30',
  'VISA             $8.30',
];

beforeAll(async () => {
  reader = createReceiptReader({ workers: 1 });
  context = await createTestApp({ receiptReader: reader });
  user = await signUp(context.app, { setup: true });
  upright = await renderReceipt(RECEIPT);
}, 120_000);
afterAll(async () => {
  await context?.close();
  await reader?.close();
});

const upload = (bytes: Buffer, fileName = 'photo.jpg', type = 'image/jpeg') =>
  uploadReceipt(context.app, user.headers, bytes, fileName, type);

describe('turned pages', () => {
  it.each([90, 180, 270])(
    'reads a page turned %i°',
    async (angle) => {
      const turned = await sharp(upright).rotate(angle).jpeg({ quality: 92 }).toBuffer();
      const response = await upload(turned);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().extractedData).toMatchObject({ amount: 8.3, date: '2026-03-14' });
    },
    120_000,
  );

  it('applies the EXIF orientation of a phone photo stored sideways', async () => {
    const sideways = await sharp(upright)
      .rotate(-90)
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const response = await upload(sideways);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().extractedData.amount).toBe(8.3);
  }, 120_000);
});

describe('photos taken at an angle, in a shadow', () => {
  it("reads a page photographed askew, its left side in a hand's shadow", async () => {
    const { width = 0, height = 0 } = await sharp(upright).metadata();
    // The phone held at an angle: the page sheared and slightly turned.
    const askew = await sharp(upright)
      .affine(
        [
          [1, 0.08],
          [-0.04, 1],
        ],
        { background: '#ffffff' },
      )
      .png()
      .toBuffer();
    const size = await sharp(askew).metadata();
    // A shadow falling from the left, darkest at the edge (half the light), gone by the middle.
    const shadow = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">
        <defs><linearGradient id="s" x1="0" x2="1" y1="0" y2="0">
          <stop offset="0" stop-color="#808080"/><stop offset="0.5" stop-color="#ffffff"/>
        </linearGradient></defs>
        <rect width="100%" height="100%" fill="url(#s)"/>
      </svg>`,
    );
    const photo = await sharp(askew)
      .composite([{ input: shadow, blend: 'multiply' }])
      .jpeg({ quality: 85 })
      .toBuffer();
    expect(size.width).toBeGreaterThan(width);
    expect(size.height).toBeGreaterThan(height);
    const response = await upload(photo);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().extractedData).toMatchObject({ amount: 8.3, date: '2026-03-14' });
  }, 120_000);
});

describe('odd sizes', () => {
  const blank = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();

  it.each([
    ['a tiny 100 × 100 image', () => blank(100, 100)],
    ['a blank page', () => blank(2000, 3000)],
    ['a huge blank 10,000 × 3,000 scan', () => blank(10_000, 3_000)],
  ])(
    '%s: 422, no total found',
    async (_name, make) => {
      const response = await upload(await make(), 'scan.png', 'image/png');
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().code).toBe('NO_TOTAL_FOUND');
    },
    120_000,
  );

  it('reads a receipt photographed at 6,000 px', async () => {
    const large = await sharp(upright).resize({ width: 6000 }).jpeg().toBuffer();
    const response = await upload(large);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().extractedData.amount).toBe(8.3);
  }, 120_000);

  it('refuses a 10,000 × 10,000 image as too large (413) without decoding it', async () => {
    const response = await upload(await blank(10_000, 10_000), 'huge.png', 'image/png');
    expect(response.statusCode).toBe(413);
  }, 120_000);
});
