import type { OperationPlan, PlanContext } from './operation-plan';

/** Categories, attachments, tags, saved filters and category suggestions. */
export function categoryPlans({ mine, theirs }: PlanContext): Record<string, OperationPlan> {
  return {
    'POST /api/categories': { body: { name: 'Fuzz hobby', isIncome: false }, expect: [201, 409] },
    'GET /api/categories': { expect: [200] },
    // A category the user does not have: the baseline renames nothing.
    'PUT /api/categories': {
      body: { from: 'Fuzz absent', to: 'Food', isIncome: false },
      expect: [404],
    },
    'PUT /api/categories/hidden': {
      body: { name: 'Food', isIncome: false, hidden: false },
      expect: [200],
    },
    'GET /api/transactions/{id}/attachments': {
      pathParams: { id: mine.receiptTransactionId },
      expect: [200],
    },
    'POST /api/transactions/{id}/attachments': {
      pathParams: { id: mine.expenseId },
      // Attached once; each case after that sends the same file again (409). Not the receipt's
      // image: an expense holding it would make the receipt upload's baseline a 409.
      upload: {
        field: 'file',
        fileName: 'a.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.from('%PDF-1.4\n% fuzz attachment\n%%EOF\n'),
      },
      expect: [201, 409],
    },
    // The receipt's file is its expense's first attachment, under the receipt's id.
    'GET /api/transactions/{id}/attachments/{aid}/file': {
      pathParams: { id: mine.receiptTransactionId, aid: mine.receiptId },
      expect: [200],
    },
    'DELETE /api/transactions/{id}/attachments/{aid}': {
      pathParams: { id: theirs.receiptTransactionId, aid: theirs.receiptId },
      expect: [404],
    },
    'GET /api/tags': { expect: [200] },
    // The user has no such tag: renaming or deleting one changes nothing (404).
    'PUT /api/tags/{name}': {
      pathParams: { name: `none-${mine.marker}` },
      body: { name: 'fuzz' },
      expect: [404],
    },
    'DELETE /api/tags/{name}': { pathParams: { name: `none-${mine.marker}` }, expect: [404] },
    'GET /api/filters': { expect: [200] },
    'POST /api/filters': {
      body: { name: 'Fuzz search', query: 'amount:>5 tag:trip' },
      expect: [201, 409],
    },
    'DELETE /api/filters/{id}': {
      pathParams: { id: '0190c5c0-0000-7000-8000-000000000000' },
      expect: [404],
    },
    'GET /api/transactions/suggest': {
      query: { name: `Paint ${mine.marker}`, isIncome: 'false' },
      expect: [200],
    },
  };
}
