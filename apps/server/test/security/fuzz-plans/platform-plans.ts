import type { OperationPlan } from './operation-plan';

/** Health, currencies and exchange rates. */
export function platformPlans(): Record<string, OperationPlan> {
  return {
    'GET /api/health': { isPublic: true, expect: [200] },
    'GET /api/currencies': { isPublic: true, expect: [200] },
    'GET /api/rates': {
      query: { currency: 'GBP', from: '2026-04-01', to: '2026-04-13' },
      expect: [200],
    },
    'PUT /api/rates': { body: { currency: 'GBP', date: '2026-04-10', rate: 1.3 }, expect: [200] },
    // A day the fuzzing user set no rate for: the baseline deletes nothing.
    'DELETE /api/rates/{currency}/{date}': {
      pathParams: { currency: 'CHF', date: '2026-04-09' },
      expect: [404],
    },
  };
}
