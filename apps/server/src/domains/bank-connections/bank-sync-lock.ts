import type pg from 'pg';

/**
 * One sync of a connection at a time across every instance: a PostgreSQL advisory lock
 * (try-lock, never a wait) held on its own pooled connection for the sync's length, since a
 * sync spans provider calls and one database transaction per account. A crashed instance's
 * connection closes and PostgreSQL drops its lock with it, so nothing stays locked.
 */
export function createBankSyncLock(pool: pg.Pool | undefined) {
  const held = new Set<string>();

  async function release(client: pg.PoolClient | undefined, connectionId: string) {
    held.delete(connectionId);
    if (!client) return;
    try {
      await client.query(
        "SELECT pg_advisory_unlock(hashtextextended('moneta-bank-sync:' || $1, 0))",
        [connectionId],
      );
      client.release();
    } catch {
      client.release(true);
    }
  }

  return {
    /** Takes the connection's lock; answers how to give it back, or undefined when it is held. */
    async take(connectionId: string): Promise<(() => Promise<void>) | undefined> {
      if (held.has(connectionId)) return undefined;
      held.add(connectionId);
      if (!pool) return () => release(undefined, connectionId);
      let client: pg.PoolClient | undefined;
      try {
        client = await pool.connect();
        const { rows } = await client.query<{ locked: boolean }>(
          "SELECT pg_try_advisory_lock(hashtextextended('moneta-bank-sync:' || $1, 0)) AS locked",
          [connectionId],
        );
        if (rows[0]?.locked) return () => release(client, connectionId);
      } catch (error) {
        held.delete(connectionId);
        client?.release();
        throw error;
      }
      held.delete(connectionId);
      client.release();
      return undefined;
    },
  };
}

export type BankSyncLock = ReturnType<typeof createBankSyncLock>;
