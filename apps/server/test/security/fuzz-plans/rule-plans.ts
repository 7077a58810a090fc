import type { OperationPlan, PlanContext } from './operation-plan';

/** Rules. */
export function rulePlans({ mine, theirs }: PlanContext): Record<string, OperationPlan> {
  return {
    'GET /api/rules': { expect: [200] },
    'POST /api/rules': {
      body: {
        field: 'name',
        operator: 'contains',
        value: 'fuzz coffee',
        isIncome: null,
        category: 'Food',
        rename: 'Coffee',
        position: 1,
      },
      expect: [201],
    },
    'PUT /api/rules/{id}': {
      pathParams: { id: mine.ruleId },
      body: { value: `shop ${mine.marker}`, category: 'Food', isIncome: false, position: 1 },
      expect: [200],
    },
    'DELETE /api/rules/{id}': { pathParams: { id: theirs.ruleId }, expect: [404] },
    'POST /api/rules/{id}/apply': { pathParams: { id: mine.ruleId }, expect: [200] },
  };
}
