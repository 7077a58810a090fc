// Import of bank files (docs/architecture.md, Imports) through HTTP on a real PostgreSQL: every
// fixture format, the detected mapping, duplicates, categories, commit and undo.
//
// Shared by imports.test.ts, imports-fixture-formats.test.ts, imports-duplicates.test.ts: importing
// this module gives each test file its own app and database, made before its tests and closed after
// them.
import type { Import, ImportRow, Transaction } from '@moneta/shared';
import { afterAll, beforeAll } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { importFixture, uploadImport } from '../../support/import-files';
import { type SignedUpUser, type TestContext, createTestApp } from '../../test-app';

export let context: TestContext;

export const { call, ok } = apiCalls(() => context.app);

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

export async function upload(
  user: SignedUpUser,
  fileName: string,
  bytes: Buffer,
  options?: { accountId?: string; accountAfterFile?: boolean },
): Promise<Import> {
  const response = await uploadImport(context.app, user, fileName, bytes, options);
  if (response.statusCode !== 201) throw new Error(`upload ${fileName}: ${response.body}`);
  return response.json<Import>();
}

export const uploadFixture = (user: SignedUpUser, name: string) =>
  upload(user, name, importFixture(name));

/** All rows of an import, page by page. */
export async function allRows(
  user: SignedUpUser,
  id: string,
  status?: string,
): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  for (let page = 1; ; page++) {
    const query = `page=${page}&limit=100${status ? `&status=${status}` : ''}`;
    const result = await ok<{ rows: ImportRow[]; totalPages: number }>(
      user,
      'GET',
      `/api/imports/${id}/rows?${query}`,
    );
    rows.push(...result.rows);
    if (page >= result.totalPages) return rows;
  }
}

export const commit = (user: SignedUpUser, id: string, body: object = {}) =>
  ok<{
    created: number;
    skippedDuplicates: number;
    skippedProblems: number;
    skippedExcluded: number;
  }>(user, 'POST', `/api/imports/${id}/commit`, body);

export const transactionsOf = async (user: SignedUpUser, query = '') =>
  (await ok<{ transactions: Transaction[] }>(user, 'GET', `/api/transactions?limit=100${query}`))
    .transactions;

/** The essentials of rows, to compare with what the file says. */
export const essentials = (rows: ImportRow[]) =>
  rows.map(({ date, name, amount, isIncome, note }) => ({ date, name, amount, isIncome, note }));

export const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);
