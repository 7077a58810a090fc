import { addDays, BUILT_IN_EXPENSE_CATEGORIES, BUILT_IN_INCOME_CATEGORIES } from '@moneta/shared';
import type pg from 'pg';
import type { Database } from '../../src/db/database';
import { hashPassword } from '../../src/domains/auth/password-hasher';
import { createTransactionsService } from '../../src/domains/transactions/transactions-service';
import { asHouseholdId } from '../../src/domains/households/household-id';
import { newId } from '../../src/lib/ids';

export const BENCH_PASSWORD = 'Bench#2026';

const MERCHANTS = [
  'Coffee Corner',
  'Blue Bottle Coffee',
  'Whole Foods',
  "Trader Joe's",
  'Shell',
  'Uber',
  'Lyft',
  'Netflix',
  'Spotify',
  'Amazon',
  'IKEA',
  'Target',
  'Walmart',
  'Costco',
  'Starbucks Coffee',
  'City Power & Light',
  'Water Utility',
  'Comcast',
  'T-Mobile',
  'Pharmacy Plus',
  'Book Nook',
  'Cinema Paradiso',
  'Pizza Place',
  'Sushi Bar',
  'Bakery',
  'Gym Membership',
  'Parking Garage',
  'Metro Card',
  'Apple',
  'Google Storage',
  'Hardware Store',
  'Pet Shop',
  'Florist',
];
const NOTES = ['split with Sam', 'business trip', 'refund pending', 'monthly', 'gift for mum'];

/** A small seeded PRNG (mulberry32), so every run seeds the same data. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedResult {
  heavyUser: { id: string; email: string };
  users: number;
  transactions: number;
  seconds: number;
}

const HEAVY_EMAIL = 'heavy@moneta.dev';
/** Every user's base currency, and Main's. */
export const BENCH_BASE_CURRENCY = 'EUR';

/**
 * The heavy user's accounts besides Main: five in all (the accounts issue's bench case), two of
 * them in foreign currencies, and the share of the heavy user's transactions each holds — Main
 * the rest. The two foreign accounts hold 10 % of them, in their own currencies (the currency
 * issue's bench case: conversion must not cost the reads).
 */
const HEAVY_ACCOUNTS = [
  { name: 'Savings', type: 'savings', currency: BENCH_BASE_CURRENCY, share: 0.3 },
  { name: 'Visa', type: 'credit', currency: 'USD', share: 0.05 },
  { name: 'Wallet', type: 'cash', currency: 'GBP', share: 0.05 },
  { name: 'Brokerage', type: 'other', currency: BENCH_BASE_CURRENCY, share: 0.3 },
] as const;

/**
 * The data set an earlier run left in a kept database (BENCH_DATABASE_URL), or undefined for
 * an empty one: seeding a million rows once is enough while tuning.
 */
export async function findSeed(pool: pg.Pool): Promise<SeedResult | undefined> {
  const { rows } = await pool.query<{ id: string; users: number; transactions: number }>(
    `SELECT id, (SELECT count(*) FROM users)::int AS users,
            (SELECT count(*) FROM transactions)::int AS transactions
     FROM users WHERE email = $1`,
    [HEAVY_EMAIL],
  );
  const [row] = rows;
  if (!row) return undefined;
  return {
    heavyUser: { id: row.id, email: HEAVY_EMAIL },
    users: row.users,
    transactions: row.transactions,
    seconds: 0,
  };
}

/**
 * Seeds `userCount` users holding `totalTransactions` transactions, of which `heavyCount`
 * belong to the first user, over the three years up to `today`, through the transactions
 * writer's bulk path (`createMany`, one `unnest` statement per chunk).
 */
export async function seedTransactions(
  db: Database,
  pool: pg.Pool,
  options: {
    userCount: number;
    totalTransactions: number;
    heavyCount: number;
    today: string;
    onProgress?: (done: number) => void;
  },
): Promise<SeedResult> {
  const started = performance.now();
  const next = random(2026);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const users = Array.from({ length: options.userCount }, (_, index) => ({
    id: newId(),
    householdId: asHouseholdId(newId()),
    email: index === 0 ? HEAVY_EMAIL : `bench-${index}@moneta.dev`,
  }));
  await pool.query(
    `INSERT INTO users (id, email, password_hash, is_setup_complete, default_currency)
     SELECT id, email, $3, true, $4 FROM unnest($1::uuid[], $2::text[]) AS u(id, email)`,
    [
      users.map((user) => user.id),
      users.map((user) => user.email),
      passwordHash,
      BENCH_BASE_CURRENCY,
    ],
  );
  // Every user owns a Personal household with Main (as sign-up gives them); the heavy user
  // keeps money in five accounts.
  await pool.query(
    `WITH made AS (
       INSERT INTO households (id, name, base_currency, time_zone)
       SELECT household_id, 'Personal', $3, 'UTC' FROM unnest($2::uuid[]) AS h(household_id)
     ), joined AS (
       INSERT INTO household_members (household_id, user_id, role)
       SELECT household_id, id, 'owner' FROM unnest($1::uuid[], $2::uuid[]) AS m(id, household_id)
     )
     UPDATE users AS u SET default_household_id = m.household_id
     FROM unnest($1::uuid[], $2::uuid[]) AS m(id, household_id) WHERE u.id = m.id`,
    [users.map((user) => user.id), users.map((user) => user.householdId), BENCH_BASE_CURRENCY],
  );
  await pool.query(
    `INSERT INTO accounts (id, household_id, user_id, name, type, currency)
     SELECT gen_random_uuid(), household_id, id, 'Main', 'checking', $3
     FROM unnest($1::uuid[], $2::uuid[]) AS u(id, household_id)`,
    [users.map((user) => user.id), users.map((user) => user.householdId), BENCH_BASE_CURRENCY],
  );
  const heavyAccounts = HEAVY_ACCOUNTS.map((account) => ({ id: newId(), ...account }));
  await pool.query(
    `INSERT INTO accounts (id, household_id, user_id, name, type, currency)
     SELECT id, $6, $1, name, type, currency
     FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[]) AS a(id, name, type, currency)`,
    [
      users[0]!.id,
      heavyAccounts.map((account) => account.id),
      heavyAccounts.map((account) => account.name),
      heavyAccounts.map((account) => account.type),
      heavyAccounts.map((account) => account.currency),
      users[0]!.householdId,
    ],
  );
  /** A heavy user's account by the shares above (null: Main, the default account). */
  const pickHeavyAccount = (draw: number): string | null => {
    let from = 0;
    for (const account of heavyAccounts) {
      from += account.share;
      if (draw < from) return account.id;
    }
    return null;
  };
  /** The account and its currency, given so that no row asks the database for it. */
  const heavyRow = (accountId: string | null) => ({
    accountId,
    currency:
      heavyAccounts.find((account) => account.id === accountId)?.currency ?? BENCH_BASE_CURRENCY,
  });

  const writer = createTransactionsService(db);
  const others = options.totalTransactions - options.heavyCount;
  const perOther = Math.floor(others / Math.max(1, options.userCount - 1));
  const extra = others - perOther * (options.userCount - 1);
  const owners = users.map((user, index) => ({
    id: user.id,
    householdId: user.householdId,
    count: index === 0 ? options.heavyCount : perOther + (index <= extra ? 1 : 0),
  }));

  const chunkSize = 10_000;
  let chunk: Parameters<typeof writer.createMany>[0] = [];
  let inserted = 0;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  for (const owner of owners) {
    for (let index = 0; index < owner.count; index++) {
      const isIncome = next() < 0.1;
      chunk.push({
        householdId: owner.householdId,
        userId: owner.id,
        createdBy: owner.id,
        name: isIncome ? 'Paycheck' : pick(MERCHANTS),
        category: isIncome ? pick(BUILT_IN_INCOME_CATEGORIES) : pick(BUILT_IN_EXPENSE_CATEGORIES),
        costCents: isIncome
          ? 50_000 + Math.floor(next() * 500_000)
          : 100 + Math.floor(next() * 20_000),
        addedOn: addDays(options.today, -Math.floor(next() * 3 * 365)),
        isIncome,
        note: next() < 0.2 ? pick(NOTES) : null,
        // null: Main, the default account.
        ...(owner.id === users[0]!.id
          ? heavyRow(pickHeavyAccount(next()))
          : { accountId: null, currency: BENCH_BASE_CURRENCY }),
      });
      if (chunk.length === chunkSize) {
        inserted += await writer.createMany(chunk);
        // One transfer a week from Main to Savings over the three years (the reports issue's case).
        const savings = heavyAccounts.find((account) => account.name === 'Savings')!;
        await pool.query(
          `INSERT INTO transfers (id, user_id, from_account_id, to_account_id, amount_cents, date)
     SELECT gen_random_uuid(), $1, (SELECT id FROM accounts WHERE user_id = $1 AND name = 'Main'),
       $2, 25000, $3::date - 7 * week
     FROM generate_series(0, 155) AS week`,
          [users[0]!.id, savings.id, options.today],
        );
        chunk = [];
        options.onProgress?.(inserted);
      }
    }
  }
  inserted += await writer.createMany(chunk);
  await seedBudgets(pool, users[0]!.id, options.today);
  // Index-only scans need an up-to-date visibility map; the planner needs statistics.
  await pool.query('VACUUM ANALYZE transactions');
  await pool.query('VACUUM ANALYZE transaction_totals');
  await pool.query('VACUUM ANALYZE transaction_search_counts');
  await pool.query('VACUUM ANALYZE transaction_daily_totals');
  await pool.query('VACUUM ANALYZE accounts');
  await pool.query('VACUUM ANALYZE account_balances');
  await pool.query('VACUUM ANALYZE transfers');
  await pool.query('VACUUM ANALYZE budgets');
  return {
    heavyUser: users[0]!,
    users: users.length,
    transactions: inserted,
    seconds: (performance.now() - started) / 1000,
  };
}

/** The heavy user's budgets: this many categories (the eight built-in ones first), months. */
export const BENCH_BUDGET_CATEGORIES = 50;
export const BENCH_BUDGET_MONTHS = 24;

/**
 * A budget for each of 50 expense categories in each of the 24 months up to `today`'s: the
 * eight built-in ones (where all the spending is) and 42 custom ones. Every other category rolls
 * over in every month — Food, Bills, Transportation and Groceries among them — so that a month's page
 * chains back 24 months for half of its rows (docs/api.md, Budgets, Rollover).
 */
async function seedBudgets(pool: pg.Pool, userId: string, today: string): Promise<void> {
  const custom = Array.from(
    { length: BENCH_BUDGET_CATEGORIES - BUILT_IN_EXPENSE_CATEGORIES.length },
    (_, index) => `Budget category ${index + 1}`,
  );
  const categories = [...BUILT_IN_EXPENSE_CATEGORIES, ...custom];
  await pool.query(
    `INSERT INTO user_categories (user_id, name, is_income)
     SELECT $1, name, false FROM unnest($2::text[]) AS c(name) ON CONFLICT DO NOTHING`,
    [userId, custom],
  );
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = year * 12 + month - 1;
  const rows = categories.flatMap((category, position) =>
    Array.from({ length: BENCH_BUDGET_MONTHS }, (_, back) => {
      const index = last - back;
      return {
        category,
        month: (index % 12) + 1,
        year: Math.floor(index / 12),
        amountCents: 20_000 + position * 1_000,
        rollover: position % 2 === 0,
      };
    }),
  );
  await pool.query(
    `INSERT INTO budgets (id, user_id, category, amount_cents, month, year, rollover)
     SELECT gen_random_uuid(), $1, category, amount, month, year, rollover
     FROM unnest($2::text[], $3::bigint[], $4::smallint[], $5::smallint[], $6::boolean[])
       AS b(category, amount, month, year, rollover)`,
    [
      userId,
      rows.map((row) => row.category),
      rows.map((row) => row.amountCents),
      rows.map((row) => row.month),
      rows.map((row) => row.year),
      rows.map((row) => row.rollover),
    ],
  );
}
