import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  convertedCents,
  rowRate,
  transactionAmountIn,
  transactionRate,
} from '../../db/base-amount-sql';
import { preparedStatement } from '../../db/prepared-statements';
import { accountBalances, accounts, imports, type AccountRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { HouseholdId } from '../households/household-id';

export type AccountValues = Pick<AccountRow, 'name' | 'type' | 'openingBalanceCents'> &
  Partial<Pick<AccountRow, 'isArchived' | 'identifiers' | 'currency'>>;

/**
 * An account with what it holds: its balance in cents (its own currency), how many entries it
 * has, and the balance in the reader's base currency at the latest rate known, whatever its age
 * (null without one), with that rate's day.
 */
export interface AccountWithBalance extends AccountRow {
  balanceCents: number;
  transactionCount: number;
  transferCount: number;
  baseBalanceCents: number | null;
  rateDate: string | null;
}

/**
 * The kept movement (account_balances) sums each transaction's stored amount whatever its
 * currency; an account's rows in another currency than its own count instead at their day's
 * rate into the account's currency (what the bank charged, when the account is in the base
 * currency and the charge was given). Read through transactions_account_currency_idx: two
 * empty ranges for an account whose rows all share its currency.
 */
const foreignCorrection = sql`(
  SELECT coalesce(sum(CASE WHEN t.is_income THEN 1 ELSE -1 END
    * (coalesce(${transactionAmountIn('t', accounts.currency)}, 0) - t.cost_cents)), 0)
  FROM transactions AS t
  LEFT JOIN LATERAL ${transactionRate('t', accounts.currency)} AS r ON true
  WHERE t.account_id = ${accounts.id}
    AND (t.currency < ${accounts.currency} OR t.currency > ${accounts.currency})
)`;

/** An account's kept balance row: its household and id, the balance's key. */
const balanceOfAccount = and(
  eq(accountBalances.householdId, accounts.householdId),
  eq(accountBalances.accountId, accounts.id),
);

const balanceCents = sql`(${accounts.openingBalanceCents} + coalesce(${accountBalances.flowCents}, 0) + ${foreignCorrection})`;

/** The columns of an account with its balance, converted into `base` (a value or placeholder). */
function withBalance(base: unknown) {
  return {
    id: accounts.id,
    userId: accounts.userId,
    householdId: accounts.householdId,
    name: accounts.name,
    type: accounts.type,
    openingBalanceCents: accounts.openingBalanceCents,
    isArchived: accounts.isArchived,
    identifiers: accounts.identifiers,
    currency: accounts.currency,
    createdAt: accounts.createdAt,
    updatedAt: accounts.updatedAt,
    balanceCents: sql<number>`${balanceCents}`.mapWith(Number),
    transactionCount: sql<number>`coalesce(${accountBalances.transactionCount}, 0)`.mapWith(Number),
    transferCount: sql<number>`coalesce(${accountBalances.transferCount}, 0)`.mapWith(Number),
    baseBalanceCents: sql<number | null>`CASE WHEN ${accounts.currency} = ${base}::text
        THEN ${balanceCents}
        ELSE ${convertedCents(balanceCents, sql`now_rate.rate`, base)} END`.mapWith((value) =>
      value === null ? null : Number(value),
    ),
    rateDate: sql<string | null>`now_rate.rate_date::text`,
  };
}

/** The latest rate of the account's currency into `base`, whatever its age (a balance "now"). */
function nowRate(base: unknown) {
  return sql`LATERAL ${rowRate(
    {
      householdId: sql`${accounts.householdId}`,
      currency: accounts.currency,
      day: sql`current_date`,
    },
    base,
    null,
  )}`;
}

/** A row of an account's register, as the UNION of its transactions and transfers gives it. */
export interface RegisterRow {
  kind: 'transaction' | 'transfer';
  id: string;
  date: string;
  name: string;
  category: string | null;
  amountCents: number;
  /** The account's, unless no rate converts a row in another currency. */
  currency: string;
  note: string | null;
  otherAccountId: string | null;
  /** The account's balance right after this entry, in its currency. */
  balanceCents: number;
}

export function createAccountsRepository(db: Executor) {
  return {
    /**
     * The household's accounts with their balances, also in `base`: open ones first, each group
     * oldest first.
     */
    async list(householdId: HouseholdId, base: string): Promise<AccountWithBalance[]> {
      const statement = preparedStatement(db, 'accounts_with_balances', (name) => {
        const baseCurrency = sql.placeholder('base');
        return db
          .select(withBalance(baseCurrency))
          .from(accounts)
          .leftJoin(accountBalances, balanceOfAccount)
          .leftJoin(sql`${nowRate(baseCurrency)} AS now_rate`, sql`true`)
          .where(eq(accounts.householdId, sql.placeholder('householdId')))
          .orderBy(asc(accounts.isArchived), asc(accounts.createdAt), asc(accounts.id))
          .prepare(name);
      });
      return statement.execute({ householdId, base });
    },

    async find(
      householdId: HouseholdId,
      id: string,
      base: string,
    ): Promise<AccountWithBalance | undefined> {
      const [row] = await db
        .select(withBalance(base))
        .from(accounts)
        .leftJoin(accountBalances, balanceOfAccount)
        .leftJoin(sql`${nowRate(base)} AS now_rate`, sql`true`)
        .where(and(eq(accounts.householdId, householdId), eq(accounts.id, id)));
      return row;
    },

    /** Whether the account holds a transaction or a transfer (its currency is then fixed). */
    async holdsAnything(householdId: HouseholdId, id: string): Promise<boolean> {
      const [row] = await db
        .select({
          count:
            sql<number>`${accountBalances.transactionCount} + ${accountBalances.transferCount}`.mapWith(
              Number,
            ),
        })
        .from(accountBalances)
        .where(
          and(eq(accountBalances.householdId, householdId), eq(accountBalances.accountId, id)),
        );
      return (row?.count ?? 0) > 0;
    },

    /**
     * Gives the household's accounts that hold nothing the currency `currency`: the first choice of
     * a base currency at setup takes along the account made at sign-up.
     */
    async setEmptyCurrency(householdId: HouseholdId, currency: string): Promise<void> {
      await db.execute(sql`
        UPDATE accounts AS a SET currency = ${currency}, updated_at = now()
        WHERE a.household_id = ${householdId} AND a.currency <> ${currency}
          AND NOT EXISTS (
            SELECT 1 FROM account_balances AS b
            WHERE b.household_id = a.household_id AND b.account_id = a.id AND b.transaction_count + b.transfer_count > 0)`);
    },

    /**
     * The household's accounts (other than `exceptId`) that carry any of these identifiers, with the
     * ones they share: two accounts with one IBAN would leave a bank file two homes.
     */
    async holdingIdentifiers(
      householdId: HouseholdId,
      identifiers: string[],
      exceptId?: string,
    ): Promise<Array<{ name: string; identifier: string }>> {
      if (identifiers.length === 0) return [];
      const result = await db.execute<{ name: string; identifier: string }>(sql`
        SELECT a.name, shared.identifier
        FROM accounts AS a, unnest(a.identifiers) AS shared(identifier)
        WHERE a.household_id = ${householdId}
          AND (${exceptId ?? null}::uuid IS NULL OR a.id <> ${exceptId ?? null}::uuid)
          AND shared.identifier = ANY(${sql.param(identifiers)}::text[])
        ORDER BY a.created_at, shared.identifier`);
      return result.rows;
    },

    /** The household's account that a bank file names by one of its identifiers, if any. */
    async findByIdentifier(
      householdId: HouseholdId,
      identifier: string,
    ): Promise<string | undefined> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(
          and(
            eq(accounts.householdId, householdId),
            sql`${identifier} = ANY(${accounts.identifiers})`,
          ),
        )
        .orderBy(asc(accounts.isArchived), asc(accounts.createdAt))
        .limit(1);
      return row?.id;
    },

    /**
     * The currency of the household's account `id`, or of its default account (the oldest not
     * archived) without one; undefined when it is not the household's.
     */
    async currencyOf(householdId: HouseholdId, id?: string): Promise<string | undefined> {
      const [row] = await db
        .select({ currency: accounts.currency })
        .from(accounts)
        .where(and(eq(accounts.householdId, householdId), id ? eq(accounts.id, id) : undefined))
        .orderBy(asc(accounts.isArchived), asc(accounts.createdAt), asc(accounts.id))
        .limit(1);
      return row?.currency;
    },

    /**
     * The household's accounts as a bank file's statements are matched to them (no balances): open
     * ones first, each group oldest first.
     */
    async listForMatching(householdId: HouseholdId) {
      return db
        .select({
          id: accounts.id,
          name: accounts.name,
          identifiers: accounts.identifiers,
          currency: accounts.currency,
        })
        .from(accounts)
        .where(eq(accounts.householdId, householdId))
        .orderBy(asc(accounts.isArchived), asc(accounts.createdAt), asc(accounts.id));
    },

    /** Adds to an account's opening balance (an imported app's starting balance, or its undo). */
    async addToOpeningBalance(householdId: HouseholdId, id: string, cents: number): Promise<void> {
      await db
        .update(accounts)
        .set({
          openingBalanceCents: sql`${accounts.openingBalanceCents} + ${cents}`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(accounts.householdId, householdId), eq(accounts.id, id)));
    },

    /** The type of one of the household's accounts, or undefined. */
    async typeOf(householdId: HouseholdId, id: string): Promise<AccountRow['type'] | undefined> {
      const [row] = await db
        .select({ type: accounts.type })
        .from(accounts)
        .where(and(eq(accounts.householdId, householdId), eq(accounts.id, id)));
      return row?.type;
    },

    /** The household's account currencies by id. */
    async currencies(householdId: HouseholdId): Promise<Map<string, string>> {
      const rows = await db
        .select({ id: accounts.id, currency: accounts.currency })
        .from(accounts)
        .where(eq(accounts.householdId, householdId));
      return new Map(rows.map((row) => [row.id, row.currency]));
    },

    /** The household's account names by id. */
    async names(householdId: HouseholdId): Promise<Map<string, string>> {
      const rows = await db
        .select({ id: accounts.id, name: accounts.name })
        .from(accounts)
        .where(eq(accounts.householdId, householdId));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async isOwn(householdId: HouseholdId, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.householdId, householdId), eq(accounts.id, id)));
      return rows.length > 0;
    },

    /** The account a transaction without one goes to: the oldest not archived, else the oldest. */
    async defaultId(householdId: HouseholdId): Promise<string | undefined> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.householdId, householdId))
        .orderBy(asc(accounts.isArchived), asc(accounts.createdAt), asc(accounts.id))
        .limit(1);
      return row?.id;
    },

    /** Whether an import goes to the account (deleting it would take the import with it). */
    async hasImports(householdId: HouseholdId, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: imports.id })
        .from(imports)
        .where(and(eq(imports.householdId, householdId), eq(imports.accountId, id)))
        .limit(1);
      return rows.length > 0;
    },

    async count(householdId: HouseholdId): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(accounts)
        .where(eq(accounts.householdId, householdId));
      return row?.total ?? 0;
    },

    /** Without a currency, the account takes its household's base currency. */
    async insert(
      householdId: HouseholdId,
      userId: string,
      values: AccountValues,
    ): Promise<AccountRow> {
      const [row] = await db
        .insert(accounts)
        .values({
          id: newId(),
          householdId,
          userId,
          ...values,
          currency:
            values.currency ??
            sql`(SELECT base_currency FROM households WHERE id = ${householdId}::uuid)`,
        })
        .returning();
      return row!;
    },

    async update(
      householdId: HouseholdId,
      id: string,
      values: Partial<AccountValues>,
    ): Promise<AccountRow | undefined> {
      const [row] = await db
        .update(accounts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(accounts.householdId, householdId), eq(accounts.id, id)))
        .returning();
      return row;
    },

    async delete(householdId: HouseholdId, id: string): Promise<boolean> {
      const deleted = await db
        .delete(accounts)
        .where(and(eq(accounts.householdId, householdId), eq(accounts.id, id)))
        .returning({ id: accounts.id });
      return deleted.length > 0;
    },

    /**
     * One page of the account's register, newest first: its transactions and the transfers in
     * and out of it, merged in date order (each part read in its own index order).
     */
    async register(
      account: { id: string; currency: string; balanceCents: number },
      page: { limit: number; offset: number },
    ): Promise<RegisterRow[]> {
      const accountId = account.id;
      // A row in another currency counts in the account's at its day's rate (as the balance
      // does); without a rate it keeps its own amount and says its currency.
      const converted = transactionAmountIn('t', account.currency);
      // The running balance after each entry: today's balance less every newer entry (in list
      // order), over the whole account so that a deep page is right too. A row no rate
      // converts is not in the balance either (see foreignCorrection), so it moves nothing here.
      const result = await db.execute(sql`
        SELECT entries.*, ${account.balanceCents}::numeric - coalesce(sum(
            CASE WHEN entries.currency = ${account.currency}::text THEN entries."amountCents" ELSE 0 END
          ) OVER (ORDER BY date DESC, created_at DESC, id DESC
            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS "balanceCents"
        FROM (
          SELECT 'transaction' AS kind, t.id, t.added_on AS date, t.created_at, t.name,
            t.category,
            CASE WHEN t.is_income THEN 1 ELSE -1 END * coalesce(${converted}, t.cost_cents)
              AS "amountCents",
            CASE WHEN ${converted} IS NULL THEN t.currency ELSE ${account.currency}::text END
              AS currency,
            t.note, NULL::uuid AS "otherAccountId"
          FROM transactions t
          LEFT JOIN LATERAL ${transactionRate('t', account.currency)} AS r ON true
          WHERE t.account_id = ${accountId}
          UNION ALL
          SELECT 'transfer', f.id, f.date, f.created_at, a.name, NULL, -f.amount_cents,
            ${account.currency}::text, f.note, f.to_account_id
          FROM transfers f JOIN accounts a ON a.id = f.to_account_id
          WHERE f.from_account_id = ${accountId}
          UNION ALL
          SELECT 'transfer', f.id, f.date, f.created_at, a.name, NULL,
            coalesce(f.to_amount_cents, f.amount_cents), ${account.currency}::text, f.note,
            f.from_account_id
          FROM transfers f JOIN accounts a ON a.id = f.from_account_id
          WHERE f.to_account_id = ${accountId}
        ) AS entries
        ORDER BY date DESC, created_at DESC, id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`);
      // Date arrives as 'YYYY-MM-DD' (the type parsers in database.ts); the amounts are numeric
      // (a converted amount may be past bigint), read as numbers.
      return (result.rows as unknown as RegisterRow[]).map((row) => ({
        ...row,
        amountCents: Number(row.amountCents),
        balanceCents: Number(row.balanceCents),
      }));
    },

    /** Locks the household's accounts, so that "not the last one" and "empty" stay true until commit. */
    async lockAll(householdId: HouseholdId): Promise<void> {
      await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.householdId, householdId))
        .for('update');
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
