// Compression (docs/architecture.md, Request flow): the built web app's files are sent
// precompressed with long cache headers, API answers of 1 kB or more are compressed on the fly, and
// what must not be compressed (small answers, receipt files) goes as it is.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultHouseholdOf } from '../../src/domains/households/default-household';
import { createTransactionsService } from '../../src/domains/transactions/transactions-service';
import { multipartFile, textPdf } from '../support/receipt-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../test-app';

let context: TestContext;
let webDistDir: string;
let user: SignedUpUser;

const SCRIPT = `export const answer = ${JSON.stringify('forty-two '.repeat(400))};\n`;
const INDEX_HTML = `<!doctype html><title>Moneta</title><div id="root"></div>${'<!-- pad -->'.repeat(100)}`;
const ROW_COUNT = 3000;

/** A build as vite.config.ts leaves it: each text file with its .br and .gz beside it. */
async function writeBuiltFile(path: string, text: string) {
  await writeFile(path, text);
  await writeFile(`${path}.br`, brotliCompressSync(text));
  await writeFile(`${path}.gz`, gzipSync(text));
}

beforeAll(async () => {
  webDistDir = await mkdtemp(join(tmpdir(), 'moneta-web-dist-'));
  await mkdir(join(webDistDir, 'assets'));
  await writeBuiltFile(join(webDistDir, 'index.html'), INDEX_HTML);
  await writeBuiltFile(join(webDistDir, 'assets', 'app-1a2b3c.js'), SCRIPT);
  await writeFile(join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  context = await createTestApp({ webDistDir });
  user = await signUp(context.app, { setup: true });
  const { id: householdId } = await defaultHouseholdOf(context.database.db, user.id);
  await createTransactionsService(context.database.db).createMany(
    Array.from({ length: ROW_COUNT }, (_, index) => ({
      householdId,
      userId: user.id,
      createdBy: user.id,
      name: `Groceries ${index}`,
      category: 'Food',
      costCents: 100 + index,
      addedOn: `2026-0${(index % 9) + 1}-1${index % 10}`,
      isIncome: false,
      note: index % 3 ? null : 'weekly shop',
    })),
  );
}, 60_000);
afterAll(async () => {
  await context.close();
  await rm(webDistDir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string, headers: Record<string, string> = {}) {
  return context.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });
}

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('the built web app', () => {
  it('sends the precompressed file the browser prefers, with Vary and the long cache', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
      { accept: 'gzip', encoding: 'gzip' },
      { accept: undefined, encoding: undefined },
      { accept: 'identity', encoding: undefined },
    ];
    for (const { accept, encoding } of cases) {
      const response = await get('/assets/app-1a2b3c.js', accept);
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type'], accept).toMatch(
        /^text\/javascript|application\/javascript/,
      );
      expect(response.headers['vary'], accept).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decode(response.rawPayload, encoding), accept).toBe(SCRIPT);
    }
  });

  it('sends index.html compressed and revalidated, for client routes too', async () => {
    for (const url of ['/', '/dashboard', '/transactions?page=2']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['vary'], url).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload, 'br'), url).toBe(INDEX_HTML);
    }
  });

  it('sends a small file without a compressed variant as it is', async () => {
    const response = await get('/favicon.svg', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('<svg');
  });
});

describe('API answers', () => {
  it('compresses JSON of 1 kB or more, as brotli or gzip', async () => {
    const plain = await get('/api/transactions?limit=100', undefined, user.headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const response = await get('/api/transactions?limit=100', encoding, user.headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(plain.body.length / 4);
      expect(JSON.parse(decode(response.rawPayload, encoding))).toEqual(plain.json());
    }
  });

  it("prefers gzip for a browser's Accept-Encoding: cheaper per request, about as small", async () => {
    const response = await get(
      '/api/transactions?limit=100',
      'gzip, deflate, br, zstd',
      user.headers,
    );
    expect(response.headers['content-encoding']).toBe('gzip');
    // In memory up to 64 kB: compressed in one call, with its exact length.
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  });

  it('sends answers under 1 kB as they are', async () => {
    const response = await get('/api/health', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('still streams the CSV export, compressed', async () => {
    const plain = await get('/api/transactions/export', undefined, user.headers);
    expect(plain.statusCode).toBe(200);
    expect(plain.body.split('\n')).toHaveLength(ROW_COUNT + 2);

    const address = await context.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = context.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/transactions/export',
          headers: { ...user.headers, 'accept-encoding': 'br' },
        },
        resolve,
      )
        .on('error', reject)
        .end();
    });
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('moneta_transactions.csv');
    expect(response.headers['content-encoding']).toBe('br');
    // Streamed as it is read from the database, not gathered first: no length known up front.
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['content-length']).toBeUndefined();
    expect(decode(Buffer.concat(chunks), 'br')).toBe(plain.body);
  });

  it('sends receipt files as they are, and compresses the upload answer', async () => {
    const pdf = textPdf(['CITY BOOKSHOP', 'Date: 2026-02-20', 'Novel 12.99', 'TOTAL 12.99']);
    const { payload, headers } = multipartFile('receipt', 'books.pdf', 'application/pdf', pdf);
    const uploaded = await context.app.inject({
      method: 'POST',
      url: '/api/receipts/upload',
      payload,
      headers: { ...headers, ...user.headers, 'accept-encoding': 'br, gzip' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const encoding = uploaded.headers['content-encoding'] as string | undefined;
    const result = JSON.parse(decode(uploaded.rawPayload, encoding)) as {
      fileUrl: string;
      imageUrl: string;
      transaction: { cost: number };
    };
    expect(result.transaction.cost).toBe(12.99);

    const file = await get(result.fileUrl, 'br, gzip');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const picture = await get(result.imageUrl, 'br, gzip');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['content-encoding']).toBeUndefined();
  });
});
