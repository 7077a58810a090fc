import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { BankConnection } from '@moneta/shared';
import pino from 'pino';
import { expect } from 'vitest';
import {
  createSecretBox,
  type SecretBox,
} from '../../src/domains/bank-connections/secrets/secret-box';
import type { App } from '../../src/http/types';
import { loggerOptions } from '../../src/logger';
import { createTestApp, type TestContext } from '../test-app';
import { apiCalls, type Caller } from './api-calls';

export const PUBLIC_URL = 'https://moneta.example.com';

/**
 * The real app with its bank settings pointed at the test protocol servers on 127.0.0.1, and
 * every log line it writes kept (with the server's own logger options, redaction included), so a
 * test can look for secrets in them.
 */
export async function createBankTestApp(
  options: { enableBankingUrl?: string; firstDays?: number; lookMinutes?: number } = {},
): Promise<TestContext & { logs: string[]; secretBox: SecretBox }> {
  const logs: string[] = [];
  const secretBox = createSecretBox(randomBytes(32));
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const context = await createTestApp({
    logger: pino(loggerOptions({ LOG_LEVEL: 'trace', LOG_FORMAT: 'json' }), stream),
    bank: {
      secretBox,
      policy: { allowPrivateUrls: true },
      enableBankingUrl: options.enableBankingUrl ?? 'http://127.0.0.1:9',
      publicUrl: PUBLIC_URL,
      firstDays: options.firstDays ?? 90,
      intervalHours: 6,
    },
    bankSyncLookMinutes: options.lookMinutes,
  });
  return Object.assign(context, { logs, secretBox });
}

/** The bank connections API for a test's app. */
export function bankCalls(app: () => App) {
  const { call, ok } = apiCalls(app);

  /** Waits until the connection is no longer syncing, and answers it. */
  async function settled(caller: Caller, id: string): Promise<BankConnection> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const connection = await ok<BankConnection>(caller, 'GET', `/api/bank-connections/${id}`);
      if (connection.status !== 'syncing') return connection;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`connection ${id} still syncing`);
  }

  /** Sync now (202), then the connection once the sync has ended. */
  async function sync(caller: Caller, id: string): Promise<BankConnection> {
    let started = await call(caller, 'POST', `/api/bank-connections/${id}/sync`);
    // The previous sync records its outcome a moment before it lets go of its lock.
    for (let attempt = 0; started.statusCode === 409 && attempt < 20; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      started = await call(caller, 'POST', `/api/bank-connections/${id}/sync`);
    }
    expect(started.statusCode, started.body).toBe(202);
    return settled(caller, id);
  }

  const map = (caller: Caller, id: string, providerAccountId: string, mapping: unknown) =>
    ok<BankConnection>(
      caller,
      'PUT',
      `/api/bank-connections/${id}/accounts/${encodeURIComponent(providerAccountId)}`,
      mapping,
    );

  return { call, ok, settled, sync, map };
}

/** A day `days` before today (UTC), and its epoch seconds at noon. */
export function daysAgo(days: number): { day: string; epoch: number } {
  const at = new Date(Date.now() - days * 86_400_000);
  const day = at.toISOString().slice(0, 10);
  return { day, epoch: Math.floor(Date.parse(`${day}T12:00:00Z`) / 1000) };
}
