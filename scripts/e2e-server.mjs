// Starts the built server for the browser tests with a throwaway data directory, so every run
// begins with an empty database and leaves nothing behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'moneta-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
// The browser tests never download the ECB's rates from the internet.
process.env.EXCHANGE_RATES_URL = process.env.EXCHANGE_RATES_URL ?? 'off';
// Every browser test signs up its own user from the same address; the hourly sign-up limit is
// meant for strangers on the internet, not for one suite. (The limit itself is tested through
// HTTP in the server's tests.)
process.env.SIGNUP_RATE_LIMIT = process.env.SIGNUP_RATE_LIMIT ?? '1000';
// The server's connections need not wait for the WAL to reach the disk at each commit (node-pg
// reads PGOPTIONS): a crash loses this throwaway database anyway.
process.env.PGOPTIONS = process.env.PGOPTIONS ?? '-c synchronous_commit=off';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

await import('../apps/server/dist/server.js');
