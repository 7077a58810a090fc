// Transfers made from two transactions, and the list that shows transfers.
import type { Account, Transaction, Transfer } from '@moneta/shared';
import { describe, expect, it } from 'vitest';
import { given } from '../../support/given';
import { type SignedUpUser, signUp } from '../../test-app';
import {
  balances,
  call,
  context,
  ok,
  threeAccounts,
  transactionsOf,
  transfersOf,
} from './transfers-recognised-setup';

describe('POST /api/transfers/from-transactions', () => {
  async function recorded(user: SignedUpUser, accountId: string, cost: number, isIncome: boolean) {
    return given.transaction(context.app, user, {
      name: isIncome ? 'In' : 'Out',
      category: isIncome ? 'Other Income' : 'Miscellaneous',
      cost,
      addedOn: isIncome ? '2026-10-02' : '2026-10-01',
      isIncome,
      note: isIncome ? null : 'to savings',
      accountId,
    });
  }

  it('turns an expense and an income into one transfer that keeps their dates and note', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, savings } = await threeAccounts(user);
    const out = await recorded(user, main._id, 300, false);
    const into = await recorded(user, savings._id, 300, true);
    const response = await call(user, 'POST', '/api/transfers/from-transactions', {
      transactionIds: [into._id, out._id],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Transfer>()).toMatchObject({
      fromAccountId: main._id,
      toAccountId: savings._id,
      amount: 300,
      date: '2026-10-01',
      toDate: '2026-10-02',
      note: 'to savings',
    });
    expect(await transactionsOf(user)).toEqual([]);
    expect(await balances(user)).toMatchObject({ Main: -300, Savings: 300 });
  });

  it('turns one transaction into a transfer with the account named', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, card } = await threeAccounts(user);
    const out = await recorded(user, main._id, 412, false);
    const transfer = await ok<Transfer>(user, 'POST', '/api/transfers/from-transactions', {
      transactionIds: [out._id],
      accountId: card._id,
    });
    expect(transfer).toMatchObject({
      fromAccountId: main._id,
      toAccountId: card._id,
      date: '2026-10-01',
      toDate: '2026-10-01',
    });
  });

  it('refuses what is not a transfer, and another user’s ids, changing nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, savings } = await threeAccounts(user);
    const other = await signUp(context.app, { setup: true });
    const otherAccount = (await ok<Account[]>(other, 'GET', '/api/accounts'))[0]!;
    const theirs = await recorded(other, otherAccount._id, 300, true);
    const out = await recorded(user, main._id, 300, false);
    const sameAccount = await recorded(user, main._id, 300, true);
    const otherAmount = await recorded(user, savings._id, 299.99, true);
    const secondOut = await recorded(user, savings._id, 300, false);
    const before = await transactionsOf(user);
    const cases: Array<[object, number]> = [
      [{ transactionIds: [out._id, sameAccount._id] }, 400],
      [{ transactionIds: [out._id, otherAmount._id] }, 400],
      [{ transactionIds: [out._id, secondOut._id] }, 400],
      [{ transactionIds: [out._id, out._id] }, 400],
      [{ transactionIds: [out._id, theirs._id] }, 404],
      [{ transactionIds: [out._id], accountId: otherAccount._id }, 404],
      [{ transactionIds: [out._id], accountId: main._id }, 400],
      [{ transactionIds: [out._id], accountId: 'nope' }, 404],
      [{ transactionIds: [out._id] }, 400],
      [{ transactionIds: [] }, 400],
      [{ transactionIds: [out._id, sameAccount._id, secondOut._id] }, 400],
      [{ transactionIds: 'x' }, 400],
    ];
    for (const [body, status] of cases) {
      const response = await call(user, 'POST', '/api/transfers/from-transactions', body);
      expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), status]);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    expect(await transactionsOf(user)).toEqual(before);
    expect(await transactionsOf(other)).toHaveLength(1);
    expect(await transfersOf(user)).toEqual([]);
  });
});

describe('GET /api/transactions?includeTransfers=true', () => {
  it('lists both legs among the transactions, in list order, with the filters', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, savings } = await threeAccounts(user);
    await given.transaction(context.app, user, {
      name: 'Coffee',
      category: 'Food & Drink',
      cost: 2.95,
      addedOn: '2026-10-03',
      isIncome: false,
    });
    // Without a transfer, the list with transfers is the list, each row marked.
    const alone = await ok<{ transactions: Transaction[]; total: number }>(
      user,
      'GET',
      '/api/transactions?includeTransfers=true',
    );
    expect(alone.total).toBe(1);
    expect(alone.transactions[0]).toMatchObject({ name: 'Coffee', isTransfer: false });
    const transfer = await given.transfer(context.app, user, {
      fromAccountId: main._id,
      toAccountId: savings._id,
      amount: 300,
      date: '2026-10-01',
      toDate: '2026-10-04',
      note: 'Monthly saving',
    });
    const without = await ok<{ transactions: Transaction[]; total: number }>(
      user,
      'GET',
      '/api/transactions',
    );
    expect(without.total).toBe(1);
    expect(without.transactions[0]).not.toHaveProperty('isTransfer');

    const page = await ok<{ transactions: Transaction[]; total: number }>(
      user,
      'GET',
      '/api/transactions?includeTransfers=true',
    );
    expect(page.total).toBe(3);
    expect(
      page.transactions.map(
        ({ _id, addedOn, isIncome, isTransfer, accountId, transferAccountId }) => ({
          _id,
          addedOn,
          isIncome,
          isTransfer,
          accountId,
          transferAccountId,
        }),
      ),
    ).toEqual([
      {
        _id: `${transfer._id}:in`,
        addedOn: '2026-10-04',
        isIncome: true,
        isTransfer: true,
        accountId: savings._id,
        transferAccountId: main._id,
      },
      expect.objectContaining({ addedOn: '2026-10-03', isTransfer: false, accountId: main._id }),
      {
        _id: `${transfer._id}:out`,
        addedOn: '2026-10-01',
        isIncome: false,
        isTransfer: true,
        accountId: main._id,
        transferAccountId: savings._id,
      },
    ]);
    expect(page.transactions[0]).toMatchObject({ transferId: transfer._id, cost: 300 });

    const inSavings = await ok<{ transactions: Transaction[]; total: number }>(
      user,
      'GET',
      `/api/transactions?includeTransfers=true&accountId=${savings._id}`,
    );
    expect(inSavings.total).toBe(1);
    const second = await ok<{ transactions: Transaction[]; total: number; totalPages: number }>(
      user,
      'GET',
      '/api/transactions?includeTransfers=true&limit=2&page=2',
    );
    expect(second).toMatchObject({ total: 3, totalPages: 2 });
    expect(second.transactions.map((row) => row._id)).toEqual([`${transfer._id}:out`]);
    const byCategory = await ok<{ total: number }>(
      user,
      'GET',
      '/api/transactions?includeTransfers=true&category=Food%20%26%20Drink',
    );
    expect(byCategory.total).toBe(1);
    const bad = await call(user, 'GET', '/api/transactions?includeTransfers=maybe');
    expect(bad.statusCode).toBe(400);
    const other = await signUp(context.app, { setup: true });
    const theirs = await call(
      other,
      'GET',
      `/api/transactions?includeTransfers=true&accountId=${savings._id}`,
    );
    expect(theirs.statusCode).toBe(404);
  });
});
