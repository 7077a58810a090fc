// Shared books through the API: an owner and the editor they invited keep one household's
// accounts, transactions (a split one, one in another currency), transfers and rates; both see
// the same list and the same figures, checked against sums of the rows computed here (transfers
// left out, the foreign amount at its day's ECB rate). A viewer reads and changes nothing; a
// member of two households sees each one's own; another household's ids are 404; a removed
// member is refused at once; an API token acts on its own household only.
import type { CreatedInvitation, Household, Transaction, TransactionPage } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, type Caller } from '../../support/api-calls';
import { converted, ecbDayOf, sumOf } from '../../support/ecb-history';
import { given } from '../../support/given';
import {
  loadRatesHistory,
  startRatesFileServer,
  type RatesFileServer,
} from '../../support/rates-server';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
let files: RatesFileServer;
const { call, ok } = apiCalls(() => context.app);

/** `user` acting on `householdId` (the Moneta-Household header). */
const inHousehold = (user: Caller, householdId: string): Caller =>
  ({ headers: { ...user.headers, 'moneta-household': householdId } }) as Caller;

const MONTH = { from: '2026-03-01', to: '2026-03-31' };
const USD_DAY = '2026-03-11';
const USD_COST = 30;

let owner: SignedUpUser;
let partner: SignedUpUser;
let viewer: SignedUpUser;
let home: string;
let partnerOwn: string;

async function defaultHousehold(user: SignedUpUser): Promise<string> {
  const list = await ok<Household[]>(user, 'GET', '/api/households');
  return list.find((household) => household.isDefault)!._id;
}

async function join(member: SignedUpUser, role: 'editor' | 'viewer') {
  const invitation = await ok<CreatedInvitation>(
    owner,
    'POST',
    `/api/households/${home}/invitations`,
    { role },
  );
  await ok(member, 'POST', '/api/invitations/accept', { code: invitation.code });
}

beforeAll(async () => {
  files = await startRatesFileServer();
  context = await createTestApp();
  const loaded = await loadRatesHistory(context.database.db, files);
  expect(loaded).toMatchObject({ status: 'loaded' });
  owner = await signUp(context.app);
  await ok(owner, 'PUT', '/api/auth/setup', { defaultCurrency: 'EUR' });
  partner = await signUp(context.app);
  await ok(partner, 'PUT', '/api/auth/setup', { defaultCurrency: 'EUR' });
  viewer = await signUp(context.app, { setup: true });
  home = await defaultHousehold(owner);
  partnerOwn = await defaultHousehold(partner);
  await join(partner, 'editor');
  await join(viewer, 'viewer');
}, 120_000);

afterAll(async () => {
  await context?.close();
  await files?.close();
});

/** The shared books both members write: what each entered, and the truth figures are checked against. */
async function seedSharedBooks() {
  const shared = inHousehold(partner, home);
  const [main] = await ok<Array<{ _id: string }>>(owner, 'GET', '/api/accounts');
  const card = await given.account(context.app, shared, {
    name: 'Card',
    type: 'credit',
    openingBalance: 0,
    currency: 'USD',
  });
  const byOwner = [
    await given.transaction(context.app, owner, {
      name: 'Salary',
      category: 'Salary',
      cost: 1000,
      addedOn: '2026-03-02',
      isIncome: true,
    }),
    await given.transaction(context.app, owner, {
      name: 'Bakery',
      category: 'Food',
      cost: 40,
      addedOn: '2026-03-05',
    }),
  ];
  const byPartner = [
    await given.transaction(context.app, shared, {
      name: 'Market',
      category: 'Food',
      cost: 84.5,
      addedOn: '2026-03-06',
      splits: [
        { category: 'Food', amount: 60 },
        { category: 'Household', amount: 24.5 },
      ],
    }),
    await given.transaction(context.app, shared, {
      name: 'Online shop',
      category: 'Shopping',
      cost: USD_COST,
      addedOn: USD_DAY,
      accountId: card._id,
    }),
  ];
  const transfer = await given.transfer(context.app, shared, {
    fromAccountId: main!._id,
    toAccountId: card._id,
    amount: 100,
    toAmount: 108,
    date: '2026-03-12',
  });
  return { main: main!._id, card: card._id, byOwner, byPartner, transfer };
}

let books: Awaited<ReturnType<typeof seedSharedBooks>>;

describe('shared books: one set of books for every member', () => {
  it('shows both members one list and the same figures, each row saying who entered it', async () => {
    books = await seedSharedBooks();
    const shared = inHousehold(partner, home);
    const listOf = async (caller: Caller, query = '') =>
      ok<TransactionPage>(caller, 'GET', `/api/transactions?limit=100${query}`);
    const ownerList = await listOf(owner);
    expect(ownerList).toEqual(await listOf(shared));
    expect(ownerList.total).toBe(4);
    const authorOf = new Map(ownerList.transactions.map((row) => [row._id, row.createdBy]));
    for (const row of books.byOwner) expect(authorOf.get(row._id)).toBe(owner.id);
    for (const row of books.byPartner) expect(authorOf.get(row._id)).toBe(partner.id);
    expect(books.byPartner[0]!).toMatchObject({ createdBy: partner.id, updatedBy: partner.id });

    // An edit by the other member: updatedBy changes, createdBy stays.
    const bakery = books.byOwner[1]!;
    const edited = await ok<Transaction>(shared, 'PUT', `/api/transactions/${bakery._id}`, {
      name: 'Bakery',
      category: 'Food',
      cost: 40,
      addedOn: '2026-03-05',
      isIncome: false,
      note: 'rolls',
    });
    expect(edited).toMatchObject({ createdBy: owner.id, updatedBy: partner.id });

    // The truth: income and expenses of the rows, the USD one at its day's rate, no transfer.
    const usdInEuro = converted(USD_COST, 'USD', 'EUR', ecbDayOf('USD', USD_DAY, 7)!);
    const expense = sumOf([40, 84.5, usdInEuro]);
    const range = `from=${MONTH.from}&to=${MONTH.to}`;
    const summary = await ok<{ totalIncome: number; totalExpenses: number }>(
      owner,
      'GET',
      `/api/transactions/summary?${range}`,
    );
    expect(summary).toMatchObject({ totalIncome: 1000, totalExpenses: expense });
    expect(await ok(shared, 'GET', `/api/transactions/summary?${range}`)).toEqual(summary);
    const cashflow = await ok<{ periods: Array<{ income: number; expense: number }> }>(
      owner,
      'GET',
      `/api/reports/cashflow?${range}&interval=month`,
    );
    expect(cashflow.periods).toEqual([
      expect.objectContaining({ income: 1000, expense, net: sumOf([1000, -expense]) }),
    ]);
    expect(await ok(shared, 'GET', `/api/reports/cashflow?${range}&interval=month`)).toEqual(
      cashflow,
    );
    const categories = await ok<{ categories: Array<{ name: string; total: number }> }>(
      shared,
      'GET',
      `/api/reports/categories?${range}&interval=month&isIncome=false`,
    );
    expect(
      Object.fromEntries(categories.categories.map((category) => [category.name, category.total])),
    ).toEqual({ Food: 100, Household: 24.5, Shopping: usdInEuro });

    // Who entered what: the list and the reports filtered by a member.
    const partnerRows = await listOf(owner, `&createdBy=${partner.id}`);
    expect(partnerRows.transactions.map((row) => row._id).sort()).toEqual(
      books.byPartner.map((row) => row._id).sort(),
    );
    const withLegs = await listOf(owner, `&createdBy=${owner.id}&includeTransfers=true`);
    expect(withLegs.total).toBe(2);
    const partnerFlow = await ok<{ periods: Array<{ income: number; expense: number }> }>(
      owner,
      'GET',
      `/api/reports/cashflow?${range}&interval=month&createdBy=${partner.id}`,
    );
    expect(partnerFlow.periods).toEqual([
      expect.objectContaining({ income: 0, expense: sumOf([84.5, usdInEuro]) }),
    ]);
  });

  it('lets a viewer read everything and change nothing', async () => {
    const watching = inHousehold(viewer, home);
    const before = await ok<TransactionPage>(owner, 'GET', '/api/transactions?limit=100');
    expect(await ok(watching, 'GET', '/api/transactions?limit=100')).toEqual(before);
    const someId = books.byOwner[0]!._id;
    const writes: Array<[Parameters<typeof call>[1], string, object?]> = [
      [
        'POST',
        '/api/transactions',
        { name: 'X', category: 'Food', cost: 1, addedOn: '2026-03-01', isIncome: false },
      ],
      [
        'PUT',
        `/api/transactions/${someId}`,
        { name: 'X', category: 'Food', cost: 1, addedOn: '2026-03-01', isIncome: true },
      ],
      ['DELETE', `/api/transactions/${someId}`],
      ['DELETE', '/api/transactions/bulk', { transactionIds: [someId] }],
      [
        'POST',
        '/api/transfers',
        {
          fromAccountId: books.main,
          toAccountId: books.card,
          amount: 1,
          toAmount: 1,
          date: '2026-03-01',
        },
      ],
      ['DELETE', `/api/transfers/${books.transfer._id}`],
      ['POST', '/api/accounts', { name: 'Cash', type: 'cash', openingBalance: 0 }],
      ['DELETE', `/api/accounts/${books.card}`],
      ['PUT', '/api/rates', { currency: 'USD', date: '2026-03-11', rate: 0.5 }],
    ];
    for (const [method, url, body] of writes) {
      const refused = await call(watching, method, url, body);
      expect({ method, url, status: refused.statusCode, code: refused.json().code }).toEqual({
        method,
        url,
        status: 403,
        code: 'ROLE_FORBIDS',
      });
    }
    expect(await ok(owner, 'GET', '/api/transactions?limit=100')).toEqual(before);
  });
});

describe('shared books: two households and API tokens', () => {
  it('shows a member of two households each one’s own books, and 404 for the other’s ids', async () => {
    const own = await given.transaction(context.app, partner, {
      name: 'Own coffee',
      category: 'Food',
      cost: 3,
      addedOn: '2026-03-07',
    });
    const mine = await ok<TransactionPage>(partner, 'GET', '/api/transactions');
    expect(mine.transactions.map((row) => row._id)).toEqual([own._id]);
    const sharedList = await ok<TransactionPage>(
      inHousehold(partner, home),
      'GET',
      '/api/transactions?limit=100',
    );
    expect(sharedList.transactions.map((row) => row._id)).not.toContain(own._id);
    expect(
      await ok(partner, 'GET', `/api/transactions/summary?from=${MONTH.from}&to=${MONTH.to}`),
    ).toMatchObject({ totalIncome: 0, totalExpenses: 3 });

    // Acting on their own household, the shared household's rows are no one's.
    const sharedRow = books.byOwner[0]!._id;
    expect((await call(partner, 'DELETE', `/api/transactions/${sharedRow}`)).statusCode).toBe(404);
    expect((await call(partner, 'DELETE', `/api/transfers/${books.transfer._id}`)).statusCode).toBe(
      404,
    );
    expect((await call(partner, 'GET', `/api/accounts/${books.card}/register`)).statusCode).toBe(
      404,
    );
    const intoShared = await call(partner, 'POST', '/api/transactions', {
      name: 'Into the shared card',
      category: 'Food',
      cost: 1,
      addedOn: '2026-03-07',
      isIncome: false,
      accountId: books.card,
    });
    expect(intoShared.statusCode).toBe(404);
    expect((await ok<TransactionPage>(owner, 'GET', '/api/transactions?limit=100')).total).toBe(4);
    expect(partnerOwn).not.toBe(home);
  });

  it('refuses a createdBy that is no user id with a 400, on the list, its export and the reports', async () => {
    for (const url of [
      '/api/transactions?createdBy=%20',
      '/api/transactions?createdBy=abc&includeTransfers=true',
      '/api/transactions/export?createdBy=%20',
      '/api/reports/cashflow?createdBy=x',
    ]) {
      const response = await context.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message, url).toMatch(/createdBy/);
    }
  });

  it('binds an API token to one household, and refuses a removed member at once', async () => {
    const created = await ok<{ token: string; householdId: string }>(
      partner,
      'POST',
      '/api/auth/tokens',
      { name: 'Shared script', scope: 'read', householdId: home },
    );
    expect(created.householdId).toBe(home);
    const listed = await ok<Array<{ householdId: string }>>(partner, 'GET', '/api/auth/tokens');
    expect(listed.map((token) => token.householdId)).toEqual([home]);
    const script: Caller = { headers: { authorization: `Bearer ${created.token}` } };
    const viaToken = await ok<TransactionPage>(script, 'GET', '/api/transactions?limit=100');
    expect(viaToken.total).toBe(4);
    expect(
      (await call(inHousehold(script, partnerOwn), 'GET', '/api/transactions')).statusCode,
    ).toBe(404);
    const elsewhere = await call(partner, 'POST', '/api/auth/tokens', {
      name: 'Not mine',
      scope: 'read',
      householdId: await defaultHousehold(viewer),
    });
    expect(elsewhere.statusCode).toBe(404);

    await ok(owner, 'DELETE', `/api/households/${home}/members/${partner.id}`);
    const refused = await call(inHousehold(partner, home), 'GET', '/api/transactions');
    expect({ status: refused.statusCode, code: refused.json().code }).toEqual({
      status: 404,
      code: 'HOUSEHOLD_NOT_FOUND',
    });
    // Their token for it stops with them.
    expect((await call(script, 'GET', '/api/transactions')).statusCode).toBe(404);
  });
});
