// Two people keep one set of books (DESIGN §7.1), through HTTP on a real database: Ann invites
// Ben as an editor, both add transactions, budgets and transfers, and each sees the same totals,
// the sums of the rows; a viewer sees everything and changes nothing; a removed member sees
// nothing; Ben, in two households, sees each one's own figures, never mixed.
import { todayIn, type Account, type Budget, type Transaction } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given, inHousehold } from '../../support/given';
import { snapshotDatabase } from '../../security/database-snapshot';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);
let ann: SignedUpUser;
let ben: SignedUpUser;
let cy: SignedUpUser;
/** Ann's personal household, which she shares; Ben and Cy acting on it. */
let householdId: string;
let bensShared: SignedUpUser;
let cysShared: SignedUpUser;

const today = todayIn('UTC');
const [year = 0, month = 0] = today.split('-').map(Number);

beforeAll(async () => {
  context = await createTestApp();
  ann = await signUp(context.app, { setup: true });
  ben = await signUp(context.app, { setup: true });
  cy = await signUp(context.app, { setup: true });
  const [personal] = await ok<Array<{ _id: string }>>(ann, 'GET', '/api/households');
  householdId = personal!._id;
  const invitation = await given.invitation(context.app, ann, householdId, { role: 'editor' });
  await given.accepted(context.app, ben, invitation.code);
  await given.member(context.app, ann, householdId, cy, 'viewer');
  bensShared = inHousehold(ben, householdId);
  cysShared = inHousehold(cy, householdId);
}, 60_000);
afterAll(async () => {
  await context.close();
});

const expense = (name: string, category: string, cost: number, isIncome = false) => ({
  name,
  category,
  cost,
  addedOn: today,
  isIncome,
});

interface Figures {
  summary: { totalIncome: number; totalExpenses: number; balance: number };
  transactions: Transaction[];
  budgets: Budget[];
  accounts: Account[];
}

async function figures(caller: SignedUpUser): Promise<Figures> {
  const { transactions } = await ok<{ transactions: Transaction[] }>(
    caller,
    'GET',
    '/api/transactions?limit=100',
  );
  return {
    summary: await ok(caller, 'GET', '/api/transactions/summary'),
    transactions,
    budgets: await ok(caller, 'GET', `/api/budgets?month=${month}&year=${year}`),
    accounts: await ok(caller, 'GET', '/api/accounts'),
  };
}

const sum = (rows: Transaction[]) =>
  Math.round(rows.reduce((total, row) => total + row.cost * 100, 0)) / 100;

describe('shared books', () => {
  it('shows both members the same totals, the sums of the rows both entered', async () => {
    const [main] = await ok<Account[]>(ann, 'GET', '/api/accounts');
    const savings = await given.account(context.app, ann, {
      name: 'Joint savings',
      type: 'savings',
    });
    const annsRows = [
      await given.transaction(context.app, ann, expense('Rent', 'Bills', 900)),
      await given.transaction(context.app, ann, expense('Pay Ann', 'Salary', 2500, true)),
    ];
    const bensRows = [
      await given.transaction(context.app, bensShared, expense('Groceries', 'Food', 84.2)),
      await given.transaction(context.app, bensShared, expense('Pay Ben', 'Salary', 1800, true)),
    ];
    await given.budget(context.app, ann, { category: 'Food', amount: 300, month, year });
    await given.budget(context.app, bensShared, { category: 'Bills', amount: 1000, month, year });
    await given.transfer(context.app, bensShared, {
      fromAccountId: main!._id,
      toAccountId: savings._id,
      amount: 150,
      date: today,
    });

    const seenByAnn = await figures(ann);
    const seenByBen = await figures(bensShared);
    expect(seenByBen).toEqual(seenByAnn);
    const rows = seenByAnn.transactions;
    expect(rows.map((row) => row._id).sort()).toEqual(
      [...annsRows, ...bensRows].map((row) => row._id).sort(),
    );
    const income = sum(rows.filter((row) => row.isIncome));
    const expenses = sum(rows.filter((row) => !row.isIncome));
    expect(seenByAnn.summary).toMatchObject({ totalIncome: 4300, totalExpenses: 984.2 });
    expect([income, expenses]).toEqual([4300, 984.2]);
    const spent = Object.fromEntries(seenByAnn.budgets.map((b) => [b.category, b.spent]));
    expect(spent).toEqual({ Food: 84.2, Bills: 900 });
    const balances = Object.fromEntries(seenByAnn.accounts.map((a) => [a.name, a.balance]));
    expect(balances).toEqual({ Main: 4300 - 984.2 - 150, 'Joint savings': 150 });

    // Who entered what, and the register filtered by member.
    for (const [author, authored] of [
      [ann, annsRows],
      [ben, bensRows],
    ] as const) {
      for (const row of authored) {
        expect(rows.find((one) => one._id === row._id)).toMatchObject({ createdBy: author.id });
      }
      const page = await ok<{ transactions: Transaction[] }>(
        ann,
        'GET',
        `/api/transactions?limit=100&createdBy=${author.id}`,
      );
      expect(page.transactions.map((row) => row._id).sort()).toEqual(
        authored.map((row) => row._id).sort(),
      );
    }
  });

  it('shows a viewer everything and lets them change nothing', async () => {
    expect(await figures(cysShared)).toEqual(await figures(ann));
    const before = await snapshotDatabase(context.database.pool);
    const [first] = (await figures(ann)).transactions;
    for (const [method, url, body] of [
      ['POST', '/api/transactions', expense('Sneaked in', 'Food', 1)],
      ['PUT', `/api/transactions/${first!._id}`, expense('Changed', 'Food', 1)],
      ['DELETE', `/api/transactions/${first!._id}`],
      ['POST', '/api/budgets', { category: 'Shopping', amount: 1, month, year }],
    ] as const) {
      const response = await call(cysShared, method, url, body);
      expect([response.statusCode, response.json().code], `${method} ${url}`).toEqual([
        403,
        'ROLE_FORBIDS',
      ]);
    }
    expect(await snapshotDatabase(context.database.pool)).toEqual(before);
  });

  it('shows a member in two households each one’s own figures, never mixed', async () => {
    const own = await given.transaction(context.app, ben, expense('Ben’s books', 'Hobby', 20));
    const personal = await figures(ben);
    expect(personal.transactions.map((row) => row._id)).toEqual([own._id]);
    expect(personal.summary).toMatchObject({ totalIncome: 0, totalExpenses: 20 });
    const shared = await figures(bensShared);
    expect(shared.transactions.map((row) => row._id)).not.toContain(own._id);
    expect(shared.summary).toMatchObject({ totalIncome: 4300, totalExpenses: 984.2 });
  });

  it('shows a removed member nothing of the household from their next request on', async () => {
    const removed = await call(ann, 'DELETE', `/api/households/${householdId}/members/${ben.id}`);
    expect(removed.statusCode).toBe(200);
    for (const url of ['/api/transactions', '/api/transactions/summary', '/api/accounts']) {
      const response = await call(bensShared, 'GET', url);
      expect([response.statusCode, response.json().code], url).toEqual([
        404,
        'HOUSEHOLD_NOT_FOUND',
      ]);
    }
    const left = await figures(ben);
    expect(left.transactions.map((row) => row.name)).toEqual(['Ben’s books']);
    expect(left.accounts.map((account) => account.name)).toEqual(['Main']);
  });
});
