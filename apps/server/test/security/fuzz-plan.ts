import { todayIn } from '@moneta/shared';
import type { SignedUpUser } from '../test-app';
import type { UserData } from './user-data';

/**
 * For each operation, a request that passes validation (the baseline the fuzz test changes one
 * part of at a time, so that a bad value in one field is not hidden behind a missing other one)
 * and the statuses the baseline itself may get. Destructive operations point at the other
 * user's rows, so that even their baseline changes nothing.
 */
export interface OperationPlan {
  pathParams?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** Multipart upload instead of JSON. */
  upload?: boolean;
  /** The operation deletes the account: each case gets a fresh user. */
  needsFreshUser?: boolean;
  /** No bearer token (the operation is public). */
  isPublic?: boolean;
  expect: number[];
}

export function buildPlans(
  fuzzer: SignedUpUser,
  mine: UserData,
  theirs: UserData,
): Record<string, OperationPlan> {
  const today = todayIn('UTC');
  const [year, month] = today.split('-').map(Number);
  const transaction = {
    name: 'Fuzz lunch',
    category: 'Food',
    cost: 9.99,
    addedOn: today,
    isIncome: false,
    note: 'baseline',
  };
  const recurring = {
    name: 'Fuzz gym',
    category: 'Health',
    amount: 20,
    isIncome: false,
    frequency: 'monthly',
    startDate: today,
  };
  const filters = {
    search: 'lunch',
    isIncome: 'false',
    category: 'Food',
    startDate: '2020-01-01',
    endDate: today,
  };
  const transfer = {
    fromAccountId: mine.mainAccountId,
    toAccountId: mine.accountId,
    amount: 1.5,
    date: today,
    note: 'baseline',
  };
  return {
    'GET /api/health': { isPublic: true, expect: [200] },
    'POST /api/auth/signup': {
      isPublic: true,
      // The fuzzer's own e-mail: a body that passes validation stops at 409, creating nothing.
      body: { email: fuzzer.email, password: 'Secret#123', timeZone: 'UTC' },
      expect: [409],
    },
    'POST /api/auth/login': {
      isPublic: true,
      body: { email: fuzzer.email, password: 'Wrong#123', timeZone: 'UTC' },
      expect: [401],
    },
    'GET /api/auth/me': { expect: [200] },
    'PUT /api/auth/setup': { body: { defaultCurrency: 'USD', timeZone: 'UTC' }, expect: [200] },
    'DELETE /api/users/account': { needsFreshUser: true, expect: [200] },
    'GET /api/transactions': { query: { ...filters, page: '1', limit: '10' }, expect: [200] },
    'POST /api/transactions': { body: transaction, expect: [201] },
    'GET /api/transactions/summary': { expect: [200] },
    'GET /api/transactions/charts': {
      query: { from: '2026-01-01', to: '2026-01-31' },
      expect: [200],
    },
    'GET /api/transactions/export': { query: filters, expect: [200] },
    'GET /api/transactions/categories': { expect: [200] },
    'GET /api/transactions/categories/expense': { expect: [200] },
    'GET /api/transactions/categories/income': { expect: [200] },
    'DELETE /api/transactions/category': {
      body: { categoryToDelete: theirs.customCategory },
      expect: [404],
    },
    'DELETE /api/transactions/bulk': {
      body: { transactionIds: [theirs.expenseId] },
      expect: [404],
    },
    'PUT /api/transactions/{id}': {
      pathParams: { id: mine.expenseId },
      body: transaction,
      expect: [200],
    },
    'DELETE /api/transactions/{id}': { pathParams: { id: theirs.expenseId }, expect: [404] },
    'GET /api/accounts': { expect: [200] },
    'POST /api/accounts': {
      body: { name: 'Fuzz wallet', type: 'cash', openingBalance: -12.5 },
      expect: [201, 409],
    },
    'PUT /api/accounts/{id}': {
      pathParams: { id: mine.accountId },
      body: { name: `Savings ${mine.marker}`, type: 'savings', openingBalance: 10 },
      expect: [200],
    },
    'DELETE /api/accounts/{id}': { pathParams: { id: theirs.accountId }, expect: [404] },
    'GET /api/accounts/{id}/register': {
      pathParams: { id: mine.accountId },
      query: { page: '1', limit: '10' },
      expect: [200],
    },
    'GET /api/transfers': {
      query: { accountId: mine.accountId, page: '1', limit: '10' },
      expect: [200],
    },
    'POST /api/transfers': { body: transfer, expect: [201] },
    'PUT /api/transfers/{id}': {
      pathParams: { id: mine.transferId },
      body: transfer,
      expect: [200],
    },
    'DELETE /api/transfers/{id}': { pathParams: { id: theirs.transferId }, expect: [404] },
    'GET /api/budgets': { query: { month: String(month), year: String(year) }, expect: [200] },
    'POST /api/budgets': {
      body: { category: 'Fuzz', amount: 10, month: 1, year: 2030 },
      expect: [201, 409],
    },
    'PUT /api/budgets/{id}': {
      pathParams: { id: mine.budgetId },
      body: { category: mine.customCategory, amount: 50, month, year },
      expect: [200],
    },
    'DELETE /api/budgets/{id}': { pathParams: { id: theirs.budgetId }, expect: [404] },
    'GET /api/recurring': { expect: [200] },
    'POST /api/recurring/create': { body: recurring, expect: [201] },
    'PUT /api/recurring/{id}': {
      pathParams: { id: mine.recurringId },
      body: recurring,
      expect: [200],
    },
    'DELETE /api/recurring/{id}': { pathParams: { id: theirs.recurringId }, expect: [404] },
    'POST /api/receipts/upload': { upload: true, expect: [201] },
    'GET /api/receipts': { expect: [200] },
    'PUT /api/receipts/{id}': {
      pathParams: { id: mine.receiptId },
      body: { merchant: 'Fuzz cafe', amount: 4.5, date: today, category: 'Food' },
      expect: [200],
    },
    'GET /api/receipts/{id}/file': {
      pathParams: { id: mine.receiptId },
      query: Object.fromEntries(new URL(mine.receiptFileUrl, 'http://x').searchParams),
      expect: [200],
    },
    'GET /api/receipts/{id}/image': {
      pathParams: { id: mine.receiptId },
      query: Object.fromEntries(new URL(mine.receiptImageUrl, 'http://x').searchParams),
      expect: [200],
    },
  };
}
