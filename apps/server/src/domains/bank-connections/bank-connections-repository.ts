import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  accounts,
  bankAuthorizations,
  bankConnectionAccounts,
  bankConnections,
  enableBankingApps,
  householdMembers,
  households,
  type BankConnectionAccountRow,
  type BankConnectionRow,
  type UserRow,
  users,
} from '../../db/schema';
import type { ActiveHousehold, HouseholdId } from '../households/household-id';

export type NewBankConnection = Pick<
  BankConnectionRow,
  'id' | 'provider' | 'name' | 'status' | 'createdBy'
> &
  Partial<Pick<BankConnectionRow, 'secret' | 'bankName' | 'bankCountry' | 'nextSyncAt'>>;

export type BankConnectionChanges = Partial<
  Omit<BankConnectionRow, 'householdId' | 'id' | 'provider' | 'createdBy' | 'createdAt'>
>;

export type SeenBankAccount = Pick<
  BankConnectionAccountRow,
  'providerAccountId' | 'providerUid' | 'name' | 'currency' | 'type' | 'balance' | 'balanceDate'
>;

const ofConnection = (householdId: HouseholdId, id: string) =>
  and(eq(bankConnections.householdId, householdId), eq(bankConnections.id, id));

const accountsOf = (householdId: HouseholdId, connectionId: string) =>
  and(
    eq(bankConnectionAccounts.householdId, householdId),
    eq(bankConnectionAccounts.connectionId, connectionId),
  );

/** SQL over the bank connections' tables; every query names the household first. */
export function createBankConnectionsRepository(db: Executor) {
  return {
    async insert(householdId: HouseholdId, values: NewBankConnection): Promise<BankConnectionRow> {
      const [row] = await db
        .insert(bankConnections)
        .values({ householdId, ...values })
        .returning();
      return row!;
    },

    async update(
      householdId: HouseholdId,
      id: string,
      changes: BankConnectionChanges,
    ): Promise<BankConnectionRow | undefined> {
      const [row] = await db
        .update(bankConnections)
        .set(changes)
        .where(ofConnection(householdId, id))
        .returning();
      return row;
    },

    async find(householdId: HouseholdId, id: string): Promise<BankConnectionRow | undefined> {
      const [row] = await db.select().from(bankConnections).where(ofConnection(householdId, id));
      return row;
    },

    list(householdId: HouseholdId): Promise<BankConnectionRow[]> {
      return db
        .select()
        .from(bankConnections)
        .where(eq(bankConnections.householdId, householdId))
        .orderBy(asc(bankConnections.createdAt), asc(bankConnections.id));
    },

    async delete(householdId: HouseholdId, id: string): Promise<boolean> {
      const deleted = await db
        .delete(bankConnections)
        .where(ofConnection(householdId, id))
        .returning({ id: bankConnections.id });
      return deleted.length > 0;
    },

    /** Connections whose next sync is due, of every household, oldest due first. */
    due(now: Date, limit: number): Promise<BankConnectionRow[]> {
      return db
        .select()
        .from(bankConnections)
        .where(
          and(
            lte(bankConnections.nextSyncAt, now),
            // A `syncing` one whose instance died is due too: its lock went with it.
            inArray(bankConnections.status, ['ok', 'needs_attention', 'syncing']),
          ),
        )
        .orderBy(asc(bankConnections.nextSyncAt))
        .limit(limit);
    },

    accounts(householdId: HouseholdId, connectionId: string): Promise<BankConnectionAccountRow[]> {
      return db
        .select()
        .from(bankConnectionAccounts)
        .where(accountsOf(householdId, connectionId))
        .orderBy(asc(bankConnectionAccounts.createdAt), asc(bankConnectionAccounts.name));
    },

    /** The accounts the provider lists now: new ones added unmapped, known ones renamed. */
    async saveSeenAccounts(
      householdId: HouseholdId,
      connectionId: string,
      seen: SeenBankAccount[],
    ): Promise<void> {
      if (seen.length === 0) return;
      await db
        .insert(bankConnectionAccounts)
        .values(seen.map((account) => ({ householdId, connectionId, ...account })))
        .onConflictDoUpdate({
          target: [
            bankConnectionAccounts.householdId,
            bankConnectionAccounts.connectionId,
            bankConnectionAccounts.providerAccountId,
          ],
          set: {
            name: sql`excluded.name`,
            providerUid: sql`excluded.provider_uid`,
            type: sql`coalesce(excluded.type, ${bankConnectionAccounts.type})`,
            balance: sql`coalesce(excluded.balance, ${bankConnectionAccounts.balance})`,
            balanceDate: sql`coalesce(excluded.balance_date, ${bankConnectionAccounts.balanceDate})`,
          },
        });
    },

    async updateAccount(
      householdId: HouseholdId,
      connectionId: string,
      providerAccountId: string,
      changes: Partial<
        Pick<
          BankConnectionAccountRow,
          | 'accountId'
          | 'isIgnored'
          | 'balance'
          | 'balanceDate'
          | 'balanceDifference'
          | 'lastPostedDate'
        >
      >,
    ): Promise<BankConnectionAccountRow | undefined> {
      const [row] = await db
        .update(bankConnectionAccounts)
        .set(changes)
        .where(
          and(
            accountsOf(householdId, connectionId),
            eq(bankConnectionAccounts.providerAccountId, providerAccountId),
          ),
        )
        .returning();
      return row;
    },

    /** The household's account's currency, or undefined when it is not the household's. */
    async accountCurrency(
      householdId: HouseholdId,
      accountId: string,
    ): Promise<string | undefined> {
      const [row] = await db
        .select({ currency: accounts.currency })
        .from(accounts)
        .where(and(eq(accounts.householdId, householdId), eq(accounts.id, accountId)));
      return row?.currency;
    },

    /**
     * Moneta's balance of the account at the end of `day`, in hundredths: the opening balance,
     * its booked transactions and both legs of its transfers up to that day.
     */
    async balanceOn(householdId: HouseholdId, accountId: string, day: string): Promise<number> {
      const { rows } = await db.execute<{ balance: string }>(sql`
        SELECT a.opening_balance_cents
          + coalesce((SELECT sum(CASE WHEN t.is_income THEN t.cost_cents ELSE -t.cost_cents END)
              FROM transactions t WHERE t.account_id = a.id AND t.added_on <= ${day}::date
                AND NOT t.is_pending), 0)
          - coalesce((SELECT sum(f.amount_cents) FROM transfers f
              WHERE f.from_account_id = a.id AND f.date <= ${day}::date), 0)
          + coalesce((SELECT sum(coalesce(f.to_amount_cents, f.amount_cents)) FROM transfers f
              WHERE f.to_account_id = a.id AND coalesce(f.to_date, f.date) <= ${day}::date), 0)
          AS balance
        FROM accounts a WHERE a.household_id = ${householdId} AND a.id = ${accountId}`);
      return Number(rows[0]?.balance ?? 0);
    },

    /**
     * The household a sync writes into, and the member its rows name in the `user_id` column
     * the tables keep until every writer names the household: the connection's maker while a
     * member, else the longest-standing owner. Undefined when the household is gone.
     */
    async syncTarget(
      householdId: HouseholdId,
      createdBy: string | null,
    ): Promise<{ household: ActiveHousehold; holder: UserRow } | undefined> {
      const [row] = await db
        .select({
          user: users,
          baseCurrency: households.baseCurrency,
          timeZone: households.timeZone,
        })
        .from(householdMembers)
        .innerJoin(households, eq(households.id, householdMembers.householdId))
        .innerJoin(users, eq(users.id, householdMembers.userId))
        .where(eq(householdMembers.householdId, householdId))
        .orderBy(
          sql`${householdMembers.userId} = ${createdBy ?? null}::uuid IS TRUE DESC`,
          sql`${householdMembers.role} = 'owner' DESC`,
          asc(householdMembers.joinedAt),
        )
        .limit(1);
      if (!row) return undefined;
      return {
        household: { id: householdId, baseCurrency: row.baseCurrency, timeZone: row.timeZone },
        holder: row.user,
      };
    },

    async findApp(householdId: HouseholdId) {
      const [row] = await db
        .select()
        .from(enableBankingApps)
        .where(eq(enableBankingApps.householdId, householdId));
      return row;
    },

    async saveApp(
      householdId: HouseholdId,
      values: { applicationId: string; sealedPrivateKey: string; updatedBy: string },
    ): Promise<void> {
      await db
        .insert(enableBankingApps)
        .values({ householdId, ...values })
        .onConflictDoUpdate({
          target: enableBankingApps.householdId,
          set: { ...values, updatedAt: sql`now()` },
        });
    },

    async insertAuthorization(
      householdId: HouseholdId,
      values: { stateHash: string; connectionId: string; userId: string; expiresAt: Date },
    ): Promise<void> {
      await db.insert(bankAuthorizations).values({ householdId, ...values });
    },

    /**
     * Uses an authorisation once: marks it used and answers it, if it is known, unused and not
     * expired; two callbacks with one state cannot both get it.
     */
    async useAuthorization(stateHash: string, now: Date) {
      const [row] = await db
        .update(bankAuthorizations)
        .set({ usedAt: now })
        .where(
          and(
            eq(bankAuthorizations.stateHash, stateHash),
            isNull(bankAuthorizations.usedAt),
            gt(bankAuthorizations.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },
  };
}

export type BankConnectionsRepository = ReturnType<typeof createBankConnectionsRepository>;
