// How much a large restore grows the server's memory (docs/reliability.md): a generated export
// written to disk as a stream, uploaded over a real socket from the file, the process's RSS
// sampled while it is read and written. RESTORE_MEMORY_ROWS sets the transactions (100,000 by
// default; docs/reliability.md gives the figure for 1,000,000, the most a restore takes).
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  account,
  jsonl,
  manifestOf,
  transactionLines,
  writeStreamedZip,
} from '../support/export-zips';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../test-app';

const ROWS = Number(process.env.RESTORE_MEMORY_ROWS ?? 100_000);
const MB = 1024 * 1024;

let context: TestContext;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'restore-memory-'));
  context = await createTestApp({ restoreUploadRoot: folder });
}, 120_000);
afterAll(async () => {
  await context.close();
  await rm(folder, { recursive: true, force: true });
});

/** POST /api/export/restore over a socket, the zip streamed from disk as multipart. */
async function uploadFile(port: number, user: SignedUpUser, path: string) {
  const boundary = `----moneta${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="moneta-export.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const { size } = await stat(path);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/export/restore',
        headers: {
          ...user.headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    call.on('error', reject);
    call.write(head);
    pipeline(createReadStream(path), call, { end: false })
      .then(() => call.end(tail))
      .catch(reject);
  });
}

it(`a restore of ${ROWS} transactions grows the server's memory by at most 300 MB`, async () => {
  const path = join(folder, 'generated.zip');
  const accounts = [account()];
  await writeStreamedZip(path, { name: 'transactions.jsonl', chunks: transactionLines(ROWS) }, [
    { name: 'accounts.jsonl', data: jsonl(accounts) },
    {
      name: 'manifest.json',
      data: Buffer.from(
        JSON.stringify(
          manifestOf(
            { 'accounts.jsonl': accounts },
            { counts: { accounts: 1, transactions: ROWS } },
          ),
        ),
      ),
    },
  ]);
  const address = await context.app.listen({ host: '127.0.0.1', port: 0 });
  const user = await signUp(context.app);
  // What writing the file left on the heap is not the restore's: collected before the baseline.
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const baseline = process.memoryUsage();
  let peak = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const started = Date.now();
  const response = await uploadFile(Number(new URL(address).port), user, path).finally(() =>
    clearInterval(sampler),
  );
  expect(response.status, response.body).toBe(200);
  expect(JSON.parse(response.body)).toMatchObject({ counts: { transactions: ROWS } });
  const growth = (peak - baseline.rss) / MB;
  const zipMb = ((await stat(path)).size / MB).toFixed(1);
  const seconds = Math.round((Date.now() - started) / 1000);
  const mb = (bytes: number) => Math.round(bytes / MB);
  console.warn(
    `restore of ${ROWS} transactions (${zipMb} MB zip): ${seconds} s, RSS ${mb(baseline.rss)} → ${mb(peak)} MB (+${Math.round(growth)} MB), heap used ${mb(baseline.heapUsed)} → ${mb(peakHeap)} MB`,
  );
  expect(growth).toBeLessThan(300);
}, 1_800_000);
