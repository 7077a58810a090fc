// A bank connection is its household's: a sync writes its rows into the connection's household
// (not into any member's default one), made by no one (`created_by` null: the system made
// them), and goes on after the member who connected the bank has left the household.
import type { BankConnection, Household, ImportSummary, Transaction } from '@moneta/shared';
import type { CreatedInvitation } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser, type TestContext } from '../../test-app';
import { bankCalls, createBankTestApp, daysAgo } from '../../support/bank-app';
import { startSimplefinServer, type SimplefinServer } from '../../support/simplefin-server';

let context: TestContext;
let bridge: SimplefinServer;
const { call, ok, sync, map } = bankCalls(() => context.app);

beforeAll(async () => {
  bridge = await startSimplefinServer([
    {
      org: { domain: 'mybank.com', 'sfin-url': 'https://sfin.mybank.com', name: 'My Bank' },
      id: 'ACT-joint',
      name: 'Joint Checking',
      currency: 'USD',
      balance: '955.00',
      'balance-date': daysAgo(1).epoch,
      transactions: [
        { id: 'j1', posted: daysAgo(6).epoch, amount: '1000.00', description: 'Salary' },
        { id: 'j2', posted: daysAgo(4).epoch, amount: '-45.00', description: 'Groceries' },
      ],
    },
  ]);
  context = await createBankTestApp();
});
afterAll(async () => {
  await context.close();
  await bridge.close();
});

/** A member acting on one household (the Moneta-Household header). */
const inHousehold = (user: SignedUpUser, householdId: string): SignedUpUser => ({
  ...user,
  headers: { ...user.headers, 'moneta-household': householdId } as SignedUpUser['headers'],
});

describe('a bank sync in a shared household', () => {
  it("writes into the connection's household as the system, after its maker has left", async () => {
    const ann = await signUp(context.app, { setup: true });
    const ben = await signUp(context.app, { setup: true });
    const family = await ok<Household>(ann, 'POST', '/api/households', {
      name: 'Family',
      baseCurrency: 'USD',
    });
    const invitation = await ok<CreatedInvitation>(
      ann,
      'POST',
      `/api/households/${family._id}/invitations`,
      { role: 'owner' },
    );
    await ok(ben, 'POST', '/api/invitations/accept', { code: invitation.code });
    const annInFamily = inHousehold(ann, family._id);
    const benInFamily = inHousehold(ben, family._id);

    // Ben (an owner) connects the bank in the household that is neither member's default,
    // then leaves.
    const made = await call(benInFamily, 'POST', '/api/bank-connections', {
      provider: 'simplefin',
      setupToken: bridge.newSetupToken(),
    });
    expect(made.statusCode, made.body).toBe(201);
    const connection = made.json<BankConnection>();
    const mapped = await map(benInFamily, connection._id, 'ACT-joint', {
      create: { name: 'Joint' },
    });
    const jointId = mapped.accounts[0]!.accountId!;
    const removed = await call(ann, 'DELETE', `/api/households/${family._id}/members/${ben.id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);

    const synced = await sync(annInFamily, connection._id);
    expect(synced).toMatchObject({ status: 'ok', lastError: null });

    const rows = await ok<{ transactions: Transaction[] }>(
      annInFamily,
      'GET',
      `/api/transactions?accountId=${jointId}&limit=100`,
    );
    expect(rows.transactions.map((row) => [row.name, row.cost, row.isIncome]).sort()).toEqual([
      ['Groceries', 45, false],
      ['Salary', 1000, true],
    ]);
    expect(rows.transactions.every((row) => row.createdBy === null)).toBe(true);
    const [history] = await ok<ImportSummary[]>(annInFamily, 'GET', '/api/imports');
    expect(history).toMatchObject({ format: 'simplefin', status: 'committed' });
    expect(history!.createdBy ?? null).toBeNull();
    expect(history!.updatedBy ?? null).toBeNull();

    // Every row is the household's; none went to a member's own books.
    const { rows: stored } = await context.database.pool.query<{
      household_id: string;
      created_by: string | null;
      updated_by: string | null;
    }>(
      `SELECT household_id, created_by, updated_by FROM transactions WHERE account_id = $1
       UNION ALL SELECT household_id, created_by, updated_by FROM imports WHERE connection_id = $2`,
      [jointId, connection._id],
    );
    expect(stored).toHaveLength(3);
    for (const row of stored) {
      expect(row).toEqual({ household_id: family._id, created_by: null, updated_by: null });
    }
    for (const member of [ann, ben]) {
      const own = await ok<{ transactions: Transaction[] }>(member, 'GET', '/api/transactions');
      expect(own.transactions).toEqual([]);
    }
  });
});
