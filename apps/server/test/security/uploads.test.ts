import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReceiptReader, type ReceiptReader } from '../../src/domains/receipts/reading';
import { pngBomb, receiptImage, zipFile } from '../fixtures/receipts/receipt-files';
import { multipartFile } from '../support/receipt-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../test-app';
import { snapshotDatabase } from './database-snapshot';
import {
  HTML_PAGE,
  javascriptPdf,
  manyPagesPdf,
  pdfHtmlPolyglot,
  sizedPagePdf,
  SVG_WITH_SCRIPT,
} from './hostile-files';
import { reportFigure } from './report';

/**
 * Hostile uploads through the real reading pipeline (OCR in worker processes): each is refused
 * with the right status and nothing stored, or read within bounded time and memory and then
 * served only as what its bytes are.
 */
const MAX_SECONDS = 30;
/** Growth of this process's resident memory over all the attacks. */
const MAX_SERVER_RSS_GROWTH_MB = 300;
/** Peak resident memory of an OCR worker (models included). */
const MAX_WORKER_PEAK_MB = 1500;
const RECEIPT = ['CORNER SHOP', 'Date: 2026-03-14', 'Milk 1.50', 'Bread 2.00', 'TOTAL 3.50'];

let context: TestContext;
let reader: ReceiptReader;
let user: SignedUpUser;
const figures: string[] = [];

beforeAll(async () => {
  reader = createReceiptReader({ workers: 1 });
  context = await createTestApp({ receiptReader: reader });
  user = await signUp(context.app, { setup: true });
}, 120_000);
afterAll(async () => {
  await context?.close();
  await reader?.close();
});

function upload(bytes: Buffer, fileName: string, contentType: string, field = 'receipt') {
  const { payload, headers } = multipartFile(field, fileName, contentType, bytes);
  return context.app.inject({
    method: 'POST',
    url: '/api/receipts/upload',
    payload,
    headers: { ...headers, ...user.headers },
  });
}

/** Peak resident memory (VmHWM) of the OCR workers, in MB; 0 before any has started. */
function workerPeakMb(): number {
  return Math.max(
    0,
    ...reader.workerPids().map((pid) => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    }),
  );
}

interface Attack {
  name: string;
  file: () => Buffer | Promise<Buffer>;
  fileName: string;
  contentType: string;
  /** The status for a refusal; a read answers 201 (or 422 when no total is on it). */
  expected: { outcome: 'refused'; status: number } | { outcome: 'read' };
}

const attacks: Attack[] = [
  {
    name: 'a 50,000 × 50,000 PNG (decompression bomb)',
    file: () => pngBomb(50_000, 50_000),
    fileName: 'bomb.png',
    contentType: 'image/png',
    expected: { outcome: 'refused', status: 413 },
  },
  {
    name: 'a PNG cut in half',
    file: async () => {
      const png = await receiptImage('png', RECEIPT);
      return png.subarray(0, Math.floor(png.length / 2));
    },
    fileName: 'cut.png',
    contentType: 'image/png',
    expected: { outcome: 'refused', status: 422 },
  },
  {
    name: 'a JPEG cut after its header',
    file: async () => (await receiptImage('jpeg', RECEIPT)).subarray(0, 600),
    fileName: 'cut.jpg',
    contentType: 'image/jpeg',
    expected: { outcome: 'refused', status: 422 },
  },
  {
    name: 'a file starting with %PDF- that is an HTML page',
    file: pdfHtmlPolyglot,
    fileName: 'polyglot.pdf',
    contentType: 'application/pdf',
    expected: { outcome: 'refused', status: 422 },
  },
  {
    name: 'a real JPEG receipt with a <script> appended',
    file: async () =>
      Buffer.concat([
        await receiptImage('jpeg', RECEIPT),
        Buffer.from('<html><script>alert(document.cookie)</script></html>'),
      ]),
    fileName: 'receipt.html',
    contentType: 'text/html',
    expected: { outcome: 'read' },
  },
  {
    name: 'a PDF of 5,000 pages',
    file: () => manyPagesPdf(5000, RECEIPT),
    fileName: 'many.pdf',
    contentType: 'application/pdf',
    expected: { outcome: 'read' },
  },
  {
    name: 'a PDF page of 14,401 × 14,401 points (past the PDF limit)',
    file: () => sizedPagePdf(14_401, 14_401),
    fileName: 'huge-page.pdf',
    contentType: 'application/pdf',
    expected: { outcome: 'refused', status: 413 },
  },
  {
    name: 'a PDF page with a 10^9 point MediaBox',
    file: () => sizedPagePdf(1e9, 1e9, RECEIPT),
    fileName: 'giant.pdf',
    contentType: 'application/pdf',
    expected: { outcome: 'refused', status: 413 },
  },
  {
    name: 'a PDF that runs JavaScript when opened',
    file: () => javascriptPdf(RECEIPT),
    fileName: 'script.pdf',
    contentType: 'application/pdf',
    expected: { outcome: 'read' },
  },
  {
    name: 'a zip renamed .pdf',
    file: zipFile,
    fileName: 'archive.pdf',
    contentType: 'application/pdf',
    expected: { outcome: 'refused', status: 415 },
  },
  {
    name: 'an HTML page renamed .png',
    file: () => HTML_PAGE,
    fileName: 'page.png',
    contentType: 'image/png',
    expected: { outcome: 'refused', status: 415 },
  },
  {
    name: 'an SVG with a script, named .png',
    file: () => SVG_WITH_SCRIPT,
    fileName: 'image.png',
    contentType: 'image/svg+xml',
    expected: { outcome: 'refused', status: 415 },
  },
  {
    name: 'an empty file',
    file: () => Buffer.alloc(0),
    fileName: 'empty.png',
    contentType: 'image/png',
    expected: { outcome: 'refused', status: 400 },
  },
];

describe('hostile uploads', () => {
  const startRss = process.memoryUsage().rss;

  it.each(attacks)('$name', async (attack) => {
    const bytes = await attack.file();
    const before = await snapshotDatabase(context.database.pool);
    const started = performance.now();
    const response = await upload(bytes, attack.fileName, attack.contentType);
    const seconds = (performance.now() - started) / 1000;
    figures.push(`${attack.name}: ${response.statusCode} in ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(MAX_SECONDS);
    expect(response.statusCode, response.body).toBeLessThan(500);

    const refused = attack.expected.outcome === 'refused';
    if (refused || response.statusCode !== 201) {
      if (attack.expected.outcome === 'refused') {
        expect(response.statusCode, response.body).toBe(attack.expected.status);
      } else {
        expect(response.statusCode, response.body).toBe(422);
      }
      expect(response.json().message).toEqual(expect.any(String));
      expect(await snapshotDatabase(context.database.pool)).toEqual(before);
      return;
    }
    // Read: stored as exactly the bytes sent and served as its real type, never as a page.
    const { fileUrl } = response.json<{ fileUrl: string }>();
    const file = await context.app.inject({ method: 'GET', url: fileUrl });
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers['content-type']).toMatch(/^(image\/(png|jpeg)|application\/pdf)$/);
    expect(file.headers['content-disposition']).toMatch(/^inline;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a wrong field name, a request without multipart, and no file, storing nothing', async () => {
    const before = await snapshotDatabase(context.database.pool);
    const png = await receiptImage('png', RECEIPT);
    const wrongField = await upload(png, 'r.png', 'image/png', 'file');
    expect(wrongField.statusCode).toBe(400);
    const json = await context.app.inject({
      method: 'POST',
      url: '/api/receipts/upload',
      headers: user.headers,
      payload: { receipt: png.toString('base64') },
    });
    expect(json.statusCode).toBe(415);
    const noBody = await context.app.inject({
      method: 'POST',
      url: '/api/receipts/upload',
      headers: user.headers,
    });
    expect(noBody.statusCode).toBe(415);
    for (const response of [wrongField, json, noBody]) {
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await snapshotDatabase(context.database.pool)).toEqual(before);
  });

  it('stays within bounded memory over all the attacks', () => {
    const serverGrowthMb = (process.memoryUsage().rss - startRss) / 1024 / 1024;
    const workerPeak = workerPeakMb();
    for (const line of figures) reportFigure(`upload: ${line}`);
    reportFigure(
      `upload memory: server rss growth ${serverGrowthMb.toFixed(0)} MB, OCR worker peak ${workerPeak.toFixed(0)} MB`,
    );
    expect(serverGrowthMb).toBeLessThan(MAX_SERVER_RSS_GROWTH_MB);
    expect(workerPeak).toBeLessThan(MAX_WORKER_PEAK_MB);
  });
});
