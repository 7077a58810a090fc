// The recurring engine, several instances of it and its failures.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { openDatabase } from '../../../src/db/database';
import {
  createRecurringEngine,
  recordOccurrences,
} from '../../../src/domains/recurring/recurring-engine';
import { refuseTransactionsNamed } from '../../support/refuse-inserts';
import { TEST_CONFIG, TEST_JWT_SECRET, createTestApp, signUp } from '../../test-app';
import {
  call,
  clock,
  context,
  counts,
  createRecurringRule,
  duplicateOccurrences,
  engine,
  nextDueDate,
  recordedDates,
  recurringRule,
  setToday,
  staleRule,
} from './recurring-setup';

describe('the engine', () => {
  it('catches up after downtime: exactly the missing occurrences, then nothing on a second run', async () => {
    setToday('2026-01-10');
    const user = await signUp(context.app, { setup: true });
    const daily = await createRecurringRule(
      user,
      recurringRule({ frequency: 'daily', startDate: '2026-01-09' }),
    );
    const weekly = await createRecurringRule(
      user,
      recurringRule({ frequency: 'weekly', startDate: '2026-01-01' }),
    );
    const monthly = await createRecurringRule(
      user,
      recurringRule({ frequency: 'monthly', startDate: '2025-12-31' }),
    );
    const annually = await createRecurringRule(
      user,
      recurringRule({ frequency: 'annually', startDate: '2025-02-01' }),
    );
    expect(await recordedDates(daily._id)).toEqual(['2026-01-09', '2026-01-10']);

    // The server was down for 40 days.
    setToday('2026-02-19');
    while ((await engine().runDue()).hasMore);
    const dailyDates = await recordedDates(daily._id);
    expect(dailyDates).toHaveLength(42); // Jan 9 to Feb 19
    expect(dailyDates.at(-1)).toBe('2026-02-19');
    expect(await recordedDates(weekly._id)).toEqual([
      '2026-01-01',
      '2026-01-08',
      '2026-01-15',
      '2026-01-22',
      '2026-01-29',
      '2026-02-05',
      '2026-02-12',
      '2026-02-19',
    ]);
    expect(await recordedDates(monthly._id)).toEqual(['2025-12-31', '2026-01-31']);
    expect(await recordedDates(annually._id)).toEqual(['2025-02-01', '2026-02-01']);
    expect(
      await Promise.all([daily, weekly, monthly, annually].map((item) => nextDueDate(item._id))),
    ).toEqual(['2026-02-20', '2026-02-26', '2026-02-28', '2027-02-01']);

    // Idempotent: a second run finds nothing due and records nothing.
    const before = await counts();
    const again = await engine().runDue();
    expect(again).toMatchObject({ transactionsCreated: 0, duplicatesSkipped: 0, failedRules: 0 });
    expect(await counts()).toEqual(before);
    expect(await duplicateOccurrences()).toEqual([]);
  });

  it('uses each owner’s time zone for today: Kiritimati (UTC+14) vs Pago Pago (UTC−11)', async () => {
    const kiritimati = await signUp(context.app, { setup: true });
    const pagoPago = await signUp(context.app, { setup: true });
    for (const [user, timeZone] of [
      [kiritimati, 'Pacific/Kiritimati'],
      [pagoPago, 'Pacific/Pago_Pago'],
    ] as const) {
      const response = await call(user, 'PUT', '/api/auth/setup', {
        defaultCurrency: 'USD',
        timeZone,
      });
      expect(response.statusCode).toBe(200);
    }
    const daily = recurringRule({ frequency: 'daily', startDate: '2026-03-11' });

    // 11:00 UTC on Mar 10: already Mar 11 (01:00) in Kiritimati, Mar 10 (00:00) in Pago Pago.
    clock.now = new Date('2026-03-10T11:00:00.000Z');
    const early = await createRecurringRule(kiritimati, daily);
    const late = await createRecurringRule(pagoPago, daily);
    expect(early.nextDueDate).toBe('2026-03-12');
    expect(await recordedDates(early._id)).toEqual(['2026-03-11']);
    expect(late.nextDueDate).toBe('2026-03-11');
    expect(await recordedDates(late._id)).toEqual([]);

    // 10:59 UTC on Mar 11: Mar 12 in Kiritimati, still Mar 10 in Pago Pago.
    clock.now = new Date('2026-03-11T10:59:00.000Z');
    await engine().runDue();
    expect(await recordedDates(early._id)).toEqual(['2026-03-11', '2026-03-12']);
    expect(await recordedDates(late._id)).toEqual([]);

    // One minute later it is Mar 11 in Pago Pago too.
    clock.now = new Date('2026-03-11T11:00:00.000Z');
    await engine().runDue();
    expect(await recordedDates(late._id)).toEqual(['2026-03-11']);
    expect(await nextDueDate(late._id)).toBe('2026-03-12');
    expect(await recordedDates(early._id)).toEqual(['2026-03-11', '2026-03-12']);
  });

  it('works through a backlog in bounded batches', async () => {
    setToday('2030-01-01');
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(
      user,
      recurringRule({ frequency: 'daily', startDate: '2030-01-02' }),
    );
    setToday('2030-03-01'); // 59 occurrences due

    // First flush whatever other tests left due, so that this rule is the only one due.
    const bounded = createRecurringEngine(context.database.db, {
      now: () => clock.now,
      recurringRulesPerBatch: 1,
      occurrencesPerRecurringRule: 10,
      maxBatchesPerRun: 2,
    });
    while ((await engine().runDue()).hasMore);
    await context.database.pool.query(
      `UPDATE recurring_rules SET next_due_date = '2030-01-02' WHERE id = $1`,
      [created._id],
    );
    await context.database.pool.query('DELETE FROM transactions WHERE recurring_id = $1', [
      created._id,
    ]);

    const first = await bounded.runDue();
    expect(first).toMatchObject({ rulesProcessed: 2, transactionsCreated: 20, hasMore: true });
    expect(await nextDueDate(created._id)).toBe('2030-01-22');
    let runs = 1;
    while ((await bounded.runDue()).hasMore) runs += 1;
    expect(runs).toBe(3);
    expect(await recordedDates(created._id)).toHaveLength(59);
    expect(await nextDueDate(created._id)).toBe('2030-03-02');
  });
});

describe('several instances racing', () => {
  it('THE RACE: two instances running together many times record every (rule, date) exactly once', async () => {
    const race = await createTestApp({ now: () => clock.now });
    const instances = [
      openDatabase(race.databaseUrl, { maxConnections: 3 }),
      openDatabase(race.databaseUrl, { maxConnections: 3 }),
    ];
    try {
      setToday('2026-01-01');
      const frequencies = ['daily', 'weekly', 'monthly', 'annually'] as const;
      const starts = ['2025-12-31', '2026-01-02', '2025-01-31', '2024-02-29', '2026-01-10'];
      const ruleIds: string[] = [];
      for (let owner = 0; owner < 3; owner++) {
        const user = await signUp(race.app, { setup: true });
        for (let index = 0; index < 20; index++) {
          const response = await race.app.inject({
            method: 'POST',
            url: '/api/recurring/create',
            headers: user.headers,
            payload: recurringRule({
              name: `Rule ${owner}-${index}`,
              // A few categories per user, so that the instances' batches share totals rows.
              category: ['Bills', 'Food', 'Gym'][index % 3],
              frequency: frequencies[index % 4],
              startDate: starts[index % 5],
            }),
          });
          expect(response.statusCode, response.body).toBe(201);
          ruleIds.push(response.json()._id);
        }
      }
      const recordedAtCreation = Number(
        (await race.database.pool.query('SELECT count(*) FROM transactions')).rows[0].count,
      );

      // Small batches so that each run does part of the work and the two interleave a lot.
      const engines = instances.map((instance) =>
        createRecurringEngine(instance.db, {
          now: () => clock.now,
          recurringRulesPerBatch: 3,
          occurrencesPerRecurringRule: 4,
          maxBatchesPerRun: 2,
        }),
      );
      let created = 0;
      let skipped = 0;
      let failed = 0;
      // Forty days of downtime, then the days go by one at a time, twice over.
      for (const today of ['2026-02-10', '2026-02-11', '2026-02-12', '2026-03-31', '2026-04-01']) {
        setToday(today);
        for (let round = 0; round < 40; round++) {
          const results = await Promise.all(engines.map((instance) => instance.runDue()));
          for (const result of results) {
            created += result.transactionsCreated;
            skipped += result.duplicatesSkipped;
            failed += result.failedRules;
          }
          if (results.every((result) => !result.hasMore)) break;
        }
      }

      const pool = race.database.pool;
      expect(await duplicateOccurrences(pool)).toEqual([]);
      const { rows } = await pool.query<{
        id: string;
        start_date: string;
        frequency: string;
        recorded: number;
        next_due_date: string;
      }>(
        `SELECT r.id, r.start_date, r.frequency, r.next_due_date, count(t.id)::int AS recorded
         FROM recurring_rules r LEFT JOIN transactions t ON t.recurring_id = r.id
         GROUP BY r.id`,
      );
      expect(rows).toHaveLength(60);
      // Occurrences up to Apr 1, 2026, counted by hand per (frequency, start).
      const expected: Record<string, { recorded: number; next: string }> = {
        'daily 2025-12-31': { recorded: 92, next: '2026-04-02' },
        'daily 2026-01-02': { recorded: 90, next: '2026-04-02' },
        'daily 2025-01-31': { recorded: 426, next: '2026-04-02' },
        'daily 2024-02-29': { recorded: 763, next: '2026-04-02' },
        'daily 2026-01-10': { recorded: 82, next: '2026-04-02' },
        'weekly 2025-12-31': { recorded: 14, next: '2026-04-08' },
        'weekly 2026-01-02': { recorded: 13, next: '2026-04-03' },
        'weekly 2025-01-31': { recorded: 61, next: '2026-04-03' },
        'weekly 2024-02-29': { recorded: 109, next: '2026-04-02' },
        'weekly 2026-01-10': { recorded: 12, next: '2026-04-04' },
        'monthly 2025-12-31': { recorded: 4, next: '2026-04-30' },
        'monthly 2026-01-02': { recorded: 3, next: '2026-04-02' },
        'monthly 2025-01-31': { recorded: 15, next: '2026-04-30' },
        'monthly 2024-02-29': { recorded: 26, next: '2026-04-29' },
        'monthly 2026-01-10': { recorded: 3, next: '2026-04-10' },
        'annually 2025-12-31': { recorded: 1, next: '2026-12-31' },
        'annually 2026-01-02': { recorded: 1, next: '2027-01-02' },
        'annually 2025-01-31': { recorded: 2, next: '2027-01-31' },
        'annually 2024-02-29': { recorded: 3, next: '2027-02-28' },
        'annually 2026-01-10': { recorded: 1, next: '2027-01-10' },
      };
      let total = 0;
      for (const row of rows) {
        const want = expected[`${row.frequency} ${row.start_date}`]!;
        expect({ rule: row.id, recorded: row.recorded, next: row.next_due_date }).toEqual({
          rule: row.id,
          recorded: want.recorded,
          next: want.next,
        });
        total += row.recorded;
      }
      // Every occurrence was recorded by exactly one instance: the row locks kept the two
      // from even attempting the same one (no conflicts skipped by the unique index).
      expect(created).toBe(total - recordedAtCreation);
      expect(skipped).toBe(0);
      expect(failed).toBe(0);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await race.close();
    }
  });
});

describe('the unique index, a failing rule and the timer', () => {
  it('the unique index is the final guard: a stale instance records nothing twice', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(
      user,
      recurringRule({ frequency: 'weekly', startDate: '2026-03-01' }),
    );
    // As if an instance had read the rule before it was caught up, without the lock.
    const stale = { ...(await staleRule(created._id)), nextDueDate: '2026-03-01' };
    const outcome = await recordOccurrences(context.database.db, stale, '2026-03-15', 100);
    expect(outcome).toMatchObject({ created: 0, skipped: 3, isCaughtUp: true });
    expect(await recordedDates(created._id)).toEqual(['2026-03-01', '2026-03-08', '2026-03-15']);
    await expect(
      context.database.pool.query(
        `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income, recurring_id)
         VALUES (gen_random_uuid(), $1, 'Copy', 'Bills', 1, '2026-03-08', false, $2)`,
        [user.id, created._id],
      ),
    ).rejects.toThrow(/transactions_recurring_occurrence_key/);
  });

  it('logs a failing rule and goes on with the others; the failed rule is retried later', async () => {
    const isolated = await createTestApp({ now: () => clock.now });
    const errors: Array<{ object: object; message: string }> = [];
    const logger = {
      error: (object: object, message: string) => errors.push({ object, message }),
      info: () => undefined,
    };
    try {
      setToday('2026-03-15');
      const user = await signUp(isolated.app, { setup: true });
      const ids: Record<string, string> = {};
      for (const name of ['Alpha', 'Boom', 'Omega']) {
        const response = await isolated.app.inject({
          method: 'POST',
          url: '/api/recurring/create',
          headers: user.headers,
          payload: recurringRule({ name, frequency: 'daily', startDate: '2026-03-16' }),
        });
        ids[name] = response.json()._id;
      }
      const pool = isolated.database.pool;
      const allowBoom = await refuseTransactionsNamed(pool, 'Boom');
      const recorded = async (id: string) =>
        Number(
          (await pool.query('SELECT count(*) FROM transactions WHERE recurring_id = $1', [id]))
            .rows[0].count,
        );

      setToday('2026-03-20');
      const isolatedEngine = createRecurringEngine(isolated.database.db, {
        now: () => clock.now,
        logger,
      });
      const result = await isolatedEngine.runDue();
      expect(result).toMatchObject({ rulesProcessed: 2, transactionsCreated: 10, failedRules: 1 });
      expect(await recorded(ids.Alpha!)).toBe(5);
      expect(await recorded(ids.Omega!)).toBe(5);
      expect(await recorded(ids.Boom!)).toBe(0);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.object).toMatchObject({ recurringId: ids.Boom });

      await allowBoom();
      expect(await isolatedEngine.runDue()).toMatchObject({
        transactionsCreated: 5,
        failedRules: 0,
      });
      expect(await recorded(ids.Boom!)).toBe(5);
    } finally {
      await isolated.close();
    }
  });

  it('runs at start (catch-up after downtime) when built with a timer, and closes cleanly', async () => {
    setToday('2026-03-15');
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(
      user,
      recurringRule({ frequency: 'daily', startDate: '2026-03-16' }),
    );
    // Down for three days, then an instance starts with the timer on.
    setToday('2026-03-18');
    const instance = await buildApp({
      config: TEST_CONFIG,
      jwtSecret: TEST_JWT_SECRET,
      db: context.database.db,
      now: () => clock.now,
      recurringIntervalMinutes: 15,
    });
    await instance.ready();
    try {
      await expect
        .poll(() => recordedDates(created._id), { timeout: 10_000, interval: 50 })
        .toEqual(['2026-03-16', '2026-03-17', '2026-03-18']);
    } finally {
      await instance.close();
    }
    expect(await nextDueDate(created._id)).toBe('2026-03-19');
  });
});
