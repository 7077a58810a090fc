// Starts the built server for the browser tests with a throwaway data directory, so every run
// begins with an empty database and leaves nothing behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'moneta-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

await import('../apps/server/dist/server.js');
