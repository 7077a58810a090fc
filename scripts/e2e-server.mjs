// Starts the built server for the browser tests with a throwaway data directory, so every run
// begins with an empty database and leaves nothing behind.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dataDir = mkdtempSync(join(tmpdir(), 'moneta-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
// The browser tests never download the ECB's rates from the internet. The ECB's history file kept
// beside the repository (../shared/rates, as CI has it) is served from a local port instead, so
// that the server's real download-and-read path fills the rates table at its first start; without
// that file, rates stay off and the specs that need rates (e2e/currencies.spec.ts) fail saying so.
const ratesFile = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../shared/rates/eurofxref-hist.zip',
);
if (process.env.EXCHANGE_RATES_URL === undefined && existsSync(ratesFile)) {
  const zip = readFileSync(ratesFile);
  const ratesServer = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': zip.length });
    response.end(zip);
  });
  await new Promise((resolve) => ratesServer.listen(0, '127.0.0.1', resolve));
  // Only the server's own start keeps this process alive.
  ratesServer.unref();
  const address = ratesServer.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.env.EXCHANGE_RATES_URL = `http://127.0.0.1:${port}/eurofxref-hist.zip`;
}
process.env.EXCHANGE_RATES_URL = process.env.EXCHANGE_RATES_URL ?? 'off';
// The bank specs run a SimpleFIN server and an Enable Banking API written from their protocols on
// 127.0.0.1 (as the server's own tests do): loopback providers are allowed here, and only here.
// ENABLE_BANKING_URL and PUBLIC_URL come from playwright.config.ts (e2e/support/addresses.ts).
process.env.BANK_SYNC_ALLOW_PRIVATE_URLS = 'true';
// Every browser test signs up its own user from the same address; the hourly sign-up limit is
// meant for strangers on the internet, not for one suite. (The limit itself is tested through
// HTTP in the server's tests.)
process.env.SIGNUP_RATE_LIMIT = process.env.SIGNUP_RATE_LIMIT ?? '1000';
// The server's connections need not wait for the WAL to reach the disk at each commit (node-pg
// reads PGOPTIONS): a crash loses this throwaway database anyway.
process.env.PGOPTIONS = process.env.PGOPTIONS ?? '-c synchronous_commit=off';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

await import('../apps/server/dist/server.js');
