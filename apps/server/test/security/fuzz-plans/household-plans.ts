import type { OperationPlan, PlanContext } from './operation-plan';

/** An id of no household of the fuzzer's: every baseline that names one is a 404. */
const noHousehold = '0190c5c0-0000-7000-8000-000000000001';

/**
 * The households routes' plans: a read names the fuzzer's own household; a write names one the
 * fuzzer is not a member of, so that its baseline changes nothing; a new household may reach
 * the limit of 20.
 */
export function householdPlans({ mine }: PlanContext): Record<string, OperationPlan> {
  return {
    'GET /api/households': { expect: [200] },
    'POST /api/households': {
      body: { name: 'Fuzz home', baseCurrency: 'EUR' },
      expect: [201, 409],
    },
    'GET /api/households/{id}': { pathParams: { id: mine.householdId }, expect: [200] },
    'PUT /api/households/{id}': {
      pathParams: { id: noHousehold },
      body: { name: 'Fuzz', baseCurrency: 'USD' },
      expect: [404],
    },
    'DELETE /api/households/{id}': { pathParams: { id: noHousehold }, expect: [404] },
    'PUT /api/households/{id}/default': { pathParams: { id: noHousehold }, expect: [404] },
    'GET /api/households/{id}/members': { pathParams: { id: mine.householdId }, expect: [200] },
    'PUT /api/households/{id}/members/{userId}': {
      pathParams: { id: noHousehold, userId: noHousehold },
      body: { role: 'viewer' },
      expect: [404],
    },
    'DELETE /api/households/{id}/members/{userId}': {
      pathParams: { id: noHousehold, userId: noHousehold },
      expect: [404],
    },
    'POST /api/households/{id}/invitations': {
      pathParams: { id: noHousehold },
      body: { role: 'editor', email: null },
      expect: [404],
    },
    'GET /api/households/{id}/invitations': {
      pathParams: { id: mine.householdId },
      expect: [200],
    },
    'DELETE /api/households/{id}/invitations/{invitationId}': {
      pathParams: { id: noHousehold, invitationId: noHousehold },
      expect: [404],
    },
    // The fuzzer's default household, or the one the query names; every stream is closed at once.
    'GET /api/events': { query: { household: mine.householdId }, isStream: true, expect: [200] },
    // Unknown codes count like failed sign-ins: past the limit, 429.
    'POST /api/invitations/accept': { body: { code: 'not-a-code' }, expect: [404, 429] },
  };
}
