import type { OperationPlan, PlanContext } from './operation-plan';

/** Transactions, their list, totals, reports, bulk changes and trash. */
export function transactionPlans({
  mine,
  theirs,
  today,
}: PlanContext): Record<string, OperationPlan> {
  const transaction = {
    name: 'Fuzz lunch',
    category: 'Food',
    cost: 9.99,
    addedOn: today,
    isIncome: false,
    note: 'baseline',
  };
  // The same expense split in two parts (docs/api.md, Transaction), so that the fuzz attacks
  // `splits` too.
  const splitTransaction = {
    ...transaction,
    splits: [
      { category: 'Food', amount: 5, note: 'part' },
      { category: 'Household', amount: '4.99' },
    ],
  };
  const filters = {
    search: 'lunch',
    isIncome: 'false',
    category: 'Food',
    startDate: '2020-01-01',
    endDate: today,
  };
  return {
    'GET /api/transactions': { query: { ...filters, page: '1', limit: '10' }, expect: [200] },
    'POST /api/transactions': { body: splitTransaction, expect: [201] },
    'GET /api/transactions/summary': {
      query: { from: '2026-01-01', to: '2026-01-31' },
      expect: [200],
    },
    'GET /api/transactions/charts': {
      query: { from: '2026-01-01', to: '2026-01-31' },
      expect: [200],
    },
    'GET /api/transactions/export': { query: filters, expect: [200] },
    'GET /api/reports/cashflow': {
      query: { from: '2026-01-01', to: '2026-03-31', interval: 'month' },
      expect: [200],
    },
    'GET /api/reports/categories': {
      query: { from: '2026-01-01', to: '2026-12-31', interval: 'quarter', isIncome: 'false' },
      expect: [200],
    },
    'GET /api/reports/net-worth': {
      query: { from: '2025-01-01', to: '2026-12-31', interval: 'year' },
      expect: [200],
    },
    'GET /api/reports/payees': {
      query: { from: '2026-01-01', to: '2026-03-31', isIncome: 'false', limit: '5' },
      expect: [200],
    },
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
    'PATCH /api/transactions/bulk': {
      body: { transactionIds: [theirs.expenseId], set: { category: 'Food', tags: ['fuzz'] } },
      expect: [404],
    },
    'POST /api/transactions/bulk/revert': {
      body: { previous: [{ _id: theirs.expenseId, category: 'Food', tags: [] }] },
      expect: [404],
    },
    'GET /api/transactions/trash': { query: { page: '1', limit: '10' }, expect: [200] },
    'POST /api/transactions/trash/restore': {
      body: { transactionIds: [theirs.expenseId] },
      expect: [404],
    },
    'PUT /api/transactions/{id}': {
      pathParams: { id: mine.expenseId },
      body: splitTransaction,
      expect: [200],
    },
    'DELETE /api/transactions/{id}': { pathParams: { id: theirs.expenseId }, expect: [404] },
  };
}
