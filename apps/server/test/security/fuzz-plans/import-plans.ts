import type { OperationPlan, PlanContext } from './operation-plan';

/** Statement imports, the export and its restore. */
export function importPlans({ mine, theirs, today }: PlanContext): Record<string, OperationPlan> {
  return {
    'GET /api/imports': { expect: [200] },
    'POST /api/imports': {
      upload: {
        field: 'file',
        fileName: 'statement.csv',
        contentType: 'text/csv',
        bytes: Buffer.from(`Date,Description,Amount\r\n${today},Fuzz shop,-1.50\r\n`),
      },
      expect: [201],
    },
    'GET /api/imports/{id}': { pathParams: { id: mine.importId }, expect: [200] },
    'GET /api/imports/{id}/rows': {
      pathParams: { id: mine.importId },
      query: { page: '1', limit: '10', status: 'new' },
      expect: [200],
    },
    'PUT /api/imports/{id}/mapping': {
      pathParams: { id: mine.importId },
      body: { mapping: mine.importMapping },
      expect: [200],
    },
    'POST /api/imports/{id}/commit': {
      pathParams: { id: theirs.importId },
      body: {
        rows: [{ index: 0, include: true, category: 'Food', isIncome: false }],
        statements: [{ key: 0, accountId: null, name: 'Fuzz account' }],
      },
      expect: [404],
    },
    'DELETE /api/imports/{id}': { pathParams: { id: theirs.importId }, expect: [404] },
    'GET /api/export': { expect: [200] },
    // The fuzzer holds transactions: a restore into its account is refused before the upload
    // is read (409); an empty account would get a 400 for bytes that are not an export.
    'POST /api/export/restore': {
      upload: {
        field: 'file',
        fileName: 'moneta-export.zip',
        contentType: 'application/zip',
        bytes: Buffer.from('PK\u0005\u0006 not an export'),
      },
      expect: [409],
    },
  };
}
