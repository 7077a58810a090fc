import type { OperationPlan, PlanContext } from './operation-plan';

/** Budgets and goals. */
export function budgetPlans({
  mine,
  theirs,
  month,
  year,
}: PlanContext): Record<string, OperationPlan> {
  return {
    'GET /api/budgets': { query: { month: String(month), year: String(year) }, expect: [200] },
    'POST /api/budgets': {
      body: { category: 'Fuzz', amount: 10, month: 1, year: 2030, repeat: true },
      expect: [201],
    },
    'PUT /api/budgets/{id}': {
      pathParams: { id: mine.budgetId },
      body: { category: mine.customCategory, amount: 50, month, year },
      expect: [200],
    },
    'DELETE /api/budgets/{id}': {
      pathParams: { id: theirs.budgetId },
      query: { month: '12', year: '2099' },
      expect: [404],
    },
    'GET /api/budgets/summary': {
      query: { month: String(month), year: String(year) },
      expect: [200],
    },
    'POST /api/budgets/copy': {
      body: { fromMonth: month, fromYear: year, toMonth: 1, toYear: 2031 },
      expect: [201],
    },
    'GET /api/goals': { expect: [200] },
    'POST /api/goals': {
      body: {
        name: 'Fuzz',
        targetAmount: 100,
        targetDate: '2099-12-31',
        accountId: mine.accountId,
      },
      expect: [201],
    },
    'PUT /api/goals/{id}': {
      pathParams: { id: mine.goalId },
      body: { name: 'Fuzz', targetAmount: 200, saved: 10, accountId: null },
      expect: [200],
    },
    'DELETE /api/goals/{id}': { pathParams: { id: theirs.goalId }, expect: [404] },
  };
}
