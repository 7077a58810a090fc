import type { OperationPlan, PlanContext } from './operation-plan';

/** Receipts. */
export function receiptPlans({
  mine,
  theirs,
  today,
  receiptPng,
}: PlanContext): Record<string, OperationPlan> {
  return {
    'POST /api/receipts/upload': {
      upload: {
        field: 'receipt',
        fileName: 'r.png',
        contentType: 'image/png',
        bytes: receiptPng,
        // The expense's account: the other user's, a malformed or an unknown id is a 404.
        fields: {
          accountId: {
            value: mine.accountId,
            refused: [
              theirs.accountId,
              theirs.mainAccountId,
              'not-an-id',
              '00000000-0000-4000-8000-000000000000',
              'x'.repeat(5000),
              "' OR 1=1 --",
              `${mine.accountId}\u0000`,
            ],
          },
        },
      },
      expect: [201],
    },
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
