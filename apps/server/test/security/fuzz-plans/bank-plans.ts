import type { OperationPlan } from './operation-plan';

/** An id of no connection of the fuzzer's: every baseline that names one is a 404. */
const noConnection = '0190c5c0-0000-7000-8000-0000000000b1';

/**
 * The bank connections routes' plans. The fuzzer's app reaches no bank: a setup token names a
 * loopback claim URL (refused, 400), the application key is no RSA key (400), and without an
 * application the bank list is a 409, so no baseline or attack leaves the machine.
 */
export function bankPlans(): Record<string, OperationPlan> {
  return {
    'GET /api/bank-connections': { expect: [200] },
    'POST /api/bank-connections': {
      body: {
        provider: 'simplefin',
        setupToken: Buffer.from('https://127.0.0.1/simplefin/claim/fuzz').toString('base64'),
      },
      expect: [400],
    },
    'PUT /api/bank-connections/enablebanking/app': {
      body: { applicationId: 'fuzz-application', privateKey: 'not a private key' },
      expect: [400],
    },
    'GET /api/bank-connections/enablebanking/banks': { query: { country: 'DE' }, expect: [409] },
    'GET /api/bank-connections/enablebanking/callback': {
      isPublic: true,
      query: { state: 'fuzz-state', code: 'fuzz-code' },
      expect: [400],
    },
    'GET /api/bank-connections/{id}': { pathParams: { id: noConnection }, expect: [404] },
    'DELETE /api/bank-connections/{id}': { pathParams: { id: noConnection }, expect: [404] },
    'PUT /api/bank-connections/{id}/accounts/{providerAccountId}': {
      pathParams: { id: noConnection, providerAccountId: 'ACT-1' },
      body: { accountId: null },
      expect: [404],
    },
    'POST /api/bank-connections/{id}/accounts/{providerAccountId}/adjustment': {
      pathParams: { id: noConnection, providerAccountId: 'ACT-1' },
      expect: [404],
    },
    'POST /api/bank-connections/{id}/renew': { pathParams: { id: noConnection }, expect: [404] },
    'POST /api/bank-connections/{id}/sync': { pathParams: { id: noConnection }, expect: [404] },
  };
}
