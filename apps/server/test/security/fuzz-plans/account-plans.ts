import type { OperationPlan, PlanContext } from './operation-plan';

/** Accounts and the transfers between them. */
export function accountPlans({ mine, theirs, today }: PlanContext): Record<string, OperationPlan> {
  const transfer = {
    fromAccountId: mine.mainAccountId,
    toAccountId: mine.accountId,
    amount: 1.5,
    date: today,
    note: 'baseline',
  };
  return {
    'GET /api/accounts': { expect: [200] },
    'POST /api/accounts': {
      body: { name: 'Fuzz wallet', type: 'cash', openingBalance: -12.5, identifiers: ['FUZZ1'] },
      expect: [201],
    },
    'PUT /api/accounts/{id}': {
      pathParams: { id: mine.accountId },
      body: {
        name: `Savings ${mine.marker}`,
        type: 'savings',
        openingBalance: 10,
        identifiers: ['DE89 3704 0044 0532 0130 00'],
      },
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
    // The other user's transactions: the baseline is a 404 that takes nothing of theirs.
    'POST /api/transfers/from-transactions': {
      body: { transactionIds: [theirs.expenseId, theirs.incomeId] },
      expect: [404],
    },
    'PUT /api/transfers/{id}': {
      pathParams: { id: mine.transferId },
      body: transfer,
      expect: [200],
    },
    'DELETE /api/transfers/{id}': { pathParams: { id: theirs.transferId }, expect: [404] },
  };
}
