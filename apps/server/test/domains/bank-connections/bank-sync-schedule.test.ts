// The schedule: a connection whose next sync is due is synced by the server itself, and its
// next time is set an interval (less a jitter) ahead; a failed sync does not stop the next.
import type { Account, BankConnection, Transaction } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-app';
import { bankCalls, createBankTestApp, daysAgo } from '../../support/bank-app';
import { startSimplefinServer, type SimplefinServer } from '../../support/simplefin-server';

let context: Awaited<ReturnType<typeof createBankTestApp>>;
let bridge: SimplefinServer;
const { ok, map } = bankCalls(() => context.app);
const HOUR = 3_600_000;

beforeAll(async () => {
  bridge = await startSimplefinServer([
    {
      org: { domain: 'bank.example', 'sfin-url': 'https://sfin.bank.example' },
      id: 'A1',
      name: 'Checking',
      currency: 'USD',
      balance: '-30.00',
      'balance-date': daysAgo(1).epoch,
      transactions: [
        { id: 't1', posted: daysAgo(3).epoch, amount: '-30.00', description: 'Hardware Store' },
      ],
    },
  ]);
  // Looks for due connections every 300 ms.
  context = await createBankTestApp({ lookMinutes: 0.005 });
});
afterAll(async () => {
  await context.close();
  await bridge.close();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the scheduled sync did not happen');
}

describe('scheduled bank sync', () => {
  it('syncs a due connection by itself, then again after a failure', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await ok<Account[]>(user, 'GET', '/api/accounts');
    const connection = await ok<BankConnection>(user, 'POST', '/api/bank-connections', {
      provider: 'simplefin',
      setupToken: bridge.newSetupToken(),
    });
    const nextAt = Date.parse(connection.nextSyncAt!);
    expect(nextAt).toBeGreaterThan(Date.now() + 5.3 * HOUR);
    expect(nextAt).toBeLessThanOrEqual(Date.now() + 6 * HOUR);
    await map(user, connection._id, 'A1', { accountId: main!._id });

    const due =
      "UPDATE bank_connections SET next_sync_at = now() - interval '1 second' WHERE id = $1";
    bridge.paymentDue = true;
    await context.database.pool.query(due, [connection._id]);
    const failed = await until(
      () => ok<BankConnection>(user, 'GET', `/api/bank-connections/${connection._id}`),
      (value) => value.lastError?.code === 'PAYMENT_REQUIRED',
    );
    expect(Date.parse(failed.nextSyncAt!)).toBeGreaterThan(Date.now() + 5 * HOUR);

    bridge.paymentDue = false;
    await context.database.pool.query(due, [connection._id]);
    const synced = await until(
      () => ok<BankConnection>(user, 'GET', `/api/bank-connections/${connection._id}`),
      (value) => value.status === 'ok' && value.lastSyncAt !== null,
    );
    expect(synced.lastError).toBeNull();
    const { transactions } = await ok<{ transactions: Transaction[] }>(
      user,
      'GET',
      `/api/transactions?accountId=${main!._id}`,
    );
    expect(transactions.map((row) => row.name)).toEqual(['Hardware Store']);
  });

  it('leaves a connection alone while another instance holds its lock', async () => {
    const user = await signUp(context.app, { setup: true });
    const connection = await ok<BankConnection>(user, 'POST', '/api/bank-connections', {
      provider: 'simplefin',
      setupToken: bridge.newSetupToken(),
    });
    // Another instance's sync: the same advisory lock, held on another connection.
    const other = await context.database.pool.connect();
    const key = "hashtextextended('moneta-bank-sync:' || $1, 0)";
    try {
      await other.query(`SELECT pg_advisory_lock(${key})`, [connection._id]);
      const refused = await context.app.inject({
        method: 'POST',
        url: `/api/bank-connections/${connection._id}/sync`,
        headers: user.headers,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'BUSY' });
      await other.query(`SELECT pg_advisory_unlock(${key})`, [connection._id]);
    } finally {
      other.release();
    }
    const started = await context.app.inject({
      method: 'POST',
      url: `/api/bank-connections/${connection._id}/sync`,
      headers: user.headers,
    });
    expect(started.statusCode).toBe(202);
  });
});
