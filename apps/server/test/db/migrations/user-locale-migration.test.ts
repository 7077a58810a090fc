// Migration 0030 (users.locale) on a database that already holds users: each gets en-US, the
// format they were shown until then, and keeps everything else.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../src/db/migrate';
import { createMigrationDatabase } from '../../support/migration-database';

let migration: Awaited<ReturnType<typeof createMigrationDatabase>>;
beforeAll(async () => {
  migration = await createMigrationDatabase();
});
afterAll(async () => {
  await migration.drop();
});

describe('migration 0030: user locale', () => {
  it('gives every existing user en-US and changes nothing else of theirs', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    try {
      await runMigrations(pool, await migration.migrationsBefore('0030_user_locale'));
      const users = [
        { id: randomUUID(), currency: 'EUR', zone: 'Europe/Berlin', setup: true },
        { id: randomUUID(), currency: 'JPY', zone: 'Asia/Tokyo', setup: true },
        { id: randomUUID(), currency: 'USD', zone: 'UTC', setup: false },
      ];
      for (const [index, user] of users.entries()) {
        await pool.query(
          `INSERT INTO users (id, email, password_hash, is_setup_complete, default_currency, time_zone)
           VALUES ($1, $2, 'hash', $3, $4, $5)`,
          [user.id, `l${index}@moneta.dev`, user.setup, user.currency, user.zone],
        );
        await pool.query(
          `INSERT INTO accounts (id, user_id, name, type, currency) VALUES ($1, $2, 'Main', 'checking', $3)`,
          [randomUUID(), user.id, user.currency],
        );
      }
      const columns = `id, email, password_hash, is_setup_complete, default_currency, time_zone, created_at`;
      const before = (await pool.query(`SELECT ${columns} FROM users ORDER BY id`)).rows;

      await runMigrations(pool);

      expect((await pool.query(`SELECT ${columns} FROM users ORDER BY id`)).rows).toEqual(before);
      const { rows } = await pool.query<{ locale: string; count: number }>(
        `SELECT locale, count(*)::int AS count FROM users GROUP BY locale`,
      );
      expect(rows).toEqual([{ locale: 'en-US', count: 3 }]);
      const { rows: accounts } = await pool.query(`SELECT count(*)::int AS count FROM accounts`);
      expect(accounts).toEqual([{ count: 3 }]);
      // A user added afterwards without a locale gets the default too.
      await pool.query(
        `INSERT INTO users (id, email, password_hash) VALUES ($1, 'later@moneta.dev', 'hash')`,
        [randomUUID()],
      );
      const { rows: later } = await pool.query(
        `SELECT locale FROM users WHERE email = 'later@moneta.dev'`,
      );
      expect(later).toEqual([{ locale: 'en-US' }]);
    } finally {
      await pool.end();
    }
  });
});
