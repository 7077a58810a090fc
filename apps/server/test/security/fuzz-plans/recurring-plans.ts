import type { OperationPlan, PlanContext } from './operation-plan';

/** Recurring transactions. */
export function recurringPlans({
  mine,
  theirs,
  today,
}: PlanContext): Record<string, OperationPlan> {
  const recurring = {
    name: 'Fuzz gym',
    category: 'Health',
    amount: 20,
    isIncome: false,
    frequency: 'monthly',
    startDate: today,
    interval: 2,
    endDate: null,
    note: 'Fuzz note',
    accountId: mine.accountId,
  };
  return {
    'GET /api/recurring': { expect: [200] },
    'GET /api/recurring/upcoming': { query: { days: '30' }, expect: [200] },
    'POST /api/recurring/create': { body: recurring, expect: [201] },
    'PUT /api/recurring/{id}': {
      pathParams: { id: mine.recurringId },
      body: recurring,
      expect: [200],
    },
    'DELETE /api/recurring/{id}': { pathParams: { id: theirs.recurringId }, expect: [404] },
  };
}
