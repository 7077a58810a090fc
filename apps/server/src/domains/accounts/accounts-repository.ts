import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statements';
import { accountBalances, accounts, imports, type AccountRow } from '../../db/schema';
import { newId } from '../../lib/ids';

export type AccountValues = Pick<AccountRow, 'name' | 'type' | 'openingBalanceCents'> &
  Partial<Pick<AccountRow, 'isArchived' | 'identifiers'>>;

/** An account with what it holds: its balance in cents and how many entries it has. */
export interface AccountWithBalance extends AccountRow {
  balanceCents: number;
  transactionCount: number;
  transferCount: number;
}

const withBalance = {
  id: accounts.id,
  userId: accounts.userId,
  name: accounts.name,
  type: accounts.type,
  openingBalanceCents: accounts.openingBalanceCents,
  isArchived: accounts.isArchived,
  identifiers: accounts.identifiers,
  createdAt: accounts.createdAt,
  updatedAt: accounts.updatedAt,
  balanceCents:
    sql<number>`${accounts.openingBalanceCents} + coalesce(${accountBalances.flowCents}, 0)`.mapWith(
      Number,
    ),
  transactionCount: sql<number>`coalesce(${accountBalances.transactionCount}, 0)`.mapWith(Number),
  transferCount: sql<number>`coalesce(${accountBalances.transferCount}, 0)`.mapWith(Number),
};

/** A row of an account's register, as the UNION of its transactions and transfers gives it. */
export interface RegisterRow {
  kind: 'transaction' | 'transfer';
  id: string;
  date: string;
  name: string;
  category: string | null;
  amountCents: number;
  note: string | null;
  otherAccountId: string | null;
}

export function createAccountsRepository(db: Executor) {
  return {
    /** The user's accounts with their balances: open ones first, each group oldest first. */
    async list(userId: string): Promise<AccountWithBalance[]> {
      const statement = preparedStatement(db, 'accounts_with_balances', (name) =>
        db
          .select(withBalance)
          .from(accounts)
          .leftJoin(accountBalances, eq(accountBalances.accountId, accounts.id))
          .where(eq(accounts.userId, sql.placeholder('userId')))
          .orderBy(asc(accounts.isArchived), asc(accounts.createdAt), asc(accounts.id))
          .prepare(name),
      );
      return statement.execute({ userId });
    },

    async find(userId: string, id: string): Promise<AccountWithBalance | undefined> {
      const [row] = await db
        .select(withBalance)
        .from(accounts)
        .leftJoin(accountBalances, eq(accountBalances.accountId, accounts.id))
        .where(and(eq(accounts.userId, userId), eq(accounts.id, id)));
      return row;
    },

    /**
     * The user's accounts (other than `exceptId`) that carry any of these identifiers, with the
     * ones they share: two accounts with one IBAN would leave a bank file two homes.
     */
    async holdingIdentifiers(
      userId: string,
      identifiers: string[],
      exceptId?: string,
    ): Promise<Array<{ name: string; identifier: string }>> {
      if (identifiers.length === 0) return [];
      const result = await db.execute<{ name: string; identifier: string }>(sql`
        SELECT a.name, shared.identifier
        FROM accounts AS a, unnest(a.identifiers) AS shared(identifier)
        WHERE a.user_id = ${userId}
          AND (${exceptId ?? null}::uuid IS NULL OR a.id <> ${exceptId ?? null}::uuid)
          AND shared.identifier = ANY(${sql.param(identifiers)}::text[])
        ORDER BY a.created_at, shared.identifier`);
      return result.rows;
    },

    /** The user's account that a bank file names by one of its identifiers, if any. */
    async findByIdentifier(userId: string, identifier: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), sql`${identifier} = ANY(${accounts.identifiers})`))
        .orderBy(asc(accounts.isArchived), asc(accounts.createdAt))
        .limit(1);
      return row?.id;
    },

    async isOwn(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.id, id)));
      return rows.length > 0;
    },

    /** The account a transaction without one goes to: the oldest not archived, else the oldest. */
    async defaultId(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.userId, userId))
        .orderBy(asc(accounts.isArchived), asc(accounts.createdAt), asc(accounts.id))
        .limit(1);
      return row?.id;
    },

    /** Whether an import goes to the account (deleting it would take the import with it). */
    async hasImports(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: imports.id })
        .from(imports)
        .where(and(eq(imports.userId, userId), eq(imports.accountId, id)))
        .limit(1);
      return rows.length > 0;
    },

    async count(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(accounts)
        .where(eq(accounts.userId, userId));
      return row?.total ?? 0;
    },

    async insert(userId: string, values: AccountValues): Promise<AccountRow> {
      const [row] = await db
        .insert(accounts)
        .values({ id: newId(), userId, ...values })
        .returning();
      return row!;
    },

    async update(
      userId: string,
      id: string,
      values: Partial<AccountValues>,
    ): Promise<AccountRow | undefined> {
      const [row] = await db
        .update(accounts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(accounts.userId, userId), eq(accounts.id, id)))
        .returning();
      return row;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.id, id)))
        .returning({ id: accounts.id });
      return deleted.length > 0;
    },

    /**
     * One page of the account's register, newest first: its transactions and the transfers in
     * and out of it, merged in date order (each part read in its own index order).
     */
    async register(
      accountId: string,
      page: { limit: number; offset: number },
    ): Promise<RegisterRow[]> {
      const result = await db.execute(sql`
        SELECT * FROM (
          SELECT 'transaction' AS kind, t.id, t.added_on AS date, t.created_at, t.name,
            t.category, CASE WHEN t.is_income THEN t.cost_cents ELSE -t.cost_cents END
              AS "amountCents",
            t.note, NULL::uuid AS "otherAccountId"
          FROM transactions t WHERE t.account_id = ${accountId}
          UNION ALL
          SELECT 'transfer', f.id, f.date, f.created_at, a.name, NULL, -f.amount_cents, f.note,
            f.to_account_id
          FROM transfers f JOIN accounts a ON a.id = f.to_account_id
          WHERE f.from_account_id = ${accountId}
          UNION ALL
          SELECT 'transfer', f.id, f.date, f.created_at, a.name, NULL, f.amount_cents, f.note,
            f.from_account_id
          FROM transfers f JOIN accounts a ON a.id = f.from_account_id
          WHERE f.to_account_id = ${accountId}
        ) AS entries
        ORDER BY date DESC, created_at DESC, id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`);
      // int8 arrives as a number and date as 'YYYY-MM-DD' (the type parsers in database.ts).
      return result.rows as unknown as RegisterRow[];
    },

    /** Locks the user's accounts, so that "not the last one" and "empty" stay true until commit. */
    async lockAll(userId: string): Promise<void> {
      await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.userId, userId))
        .for('update');
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
