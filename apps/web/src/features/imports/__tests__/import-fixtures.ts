import type { Account } from '@moneta/shared/account-schemas';
import type {
  Import,
  ImportMapping,
  ImportRow,
  ImportRowStatus,
  ImportStatement,
  ImportSummary,
} from '@moneta/shared/import-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { fakeApi, makeUser, type FakeCall } from '@/testing/fake-api';
import { mainAccount } from '@/testing/accounts';
import { MAIN_ACCOUNT_ID } from '@/testing/transactions';

/** The import page's fixtures: a German bank CSV as the server previews it, and its API. */

export const IMPORT_ID = '0190a1b2-0000-7000-8000-0000000011a1';

export const main: Account = mainAccount({ balance: 100 });

export const COLUMNS = ['Buchungstag', 'Auftraggeber', 'Verwendungszweck', 'Soll', 'Haben'];

/** As the server detected the German file: debit and credit columns, decimal comma. */
export const detected: ImportMapping = {
  date: 0,
  dateFormat: 'DD.MM.YYYY',
  amount: null,
  debit: 3,
  credit: 4,
  decimalSeparator: ',',
  name: 1,
  note: 2,
  category: null,
  counterparty: null,
  invertSign: false,
  skipRows: 4,
};

export function makeRow(index: number, overrides: Partial<ImportRow> = {}): ImportRow {
  return {
    index,
    date: '2026-03-02',
    name: `Payee ${index + 1}`,
    amount: 10 + index,
    isIncome: false,
    category: 'Groceries',
    categorySource: 'history',
    note: null,
    status: 'new',
    duplicateOf: null,
    duplicateOfTransfer: null,
    transferAccountId: null,
    matchOf: null,
    problem: null,
    cells: ['02.03.2026', `Payee ${index + 1}`, '', `${10 + index},00`, ''],
    statement: 0,
    matchRow: null,
    ...overrides,
  };
}

export const rows: ImportRow[] = [
  makeRow(0, { name: 'REWE Markt GmbH', amount: 23.45 }),
  makeRow(1, { name: 'Arbeitgeber AG', amount: 2450, isIncome: true, category: 'Salary' }),
  makeRow(2, { name: 'Bäckerei Müller', status: 'duplicate', duplicateOf: 'tx-1' }),
  makeRow(3, {
    name: 'Stadtwerke',
    date: null,
    amount: null,
    isIncome: null,
    category: null,
    status: 'problem',
    problem: 'Row 4: the date "31.02.2026" is not a date.',
  }),
];

export function makeStatement(
  key: number,
  overrides: Partial<ImportStatement> = {},
): ImportStatement {
  return {
    key,
    name: null,
    identifier: null,
    currency: null,
    rowCount: 0,
    accountId: null,
    matchedBy: null,
    suggestedName: 'Checking',
    type: 'checking',
    isCreated: false,
    ...overrides,
  };
}

export function makeImport(overrides: Partial<Import> = {}): Import {
  return {
    _id: IMPORT_ID,
    fileName: 'de-bank.csv',
    format: 'csv',
    accountId: MAIN_ACCOUNT_ID,
    status: 'preview',
    encoding: 'windows-1252',
    columns: COLUMNS,
    mapping: detected,
    rowCount: 4,
    counts: { new: 2, duplicate: 1, problem: 1, transfer: 0 },
    transferPairs: 0,
    created: null,
    createdAt: '2026-03-31T10:00:00.000Z',
    committedAt: null,
    statements: [makeStatement(0, { accountId: MAIN_ACCOUNT_ID, rowCount: 4 })],
    preview: rows,
    ...overrides,
  };
}

export function summaryOf({ preview: _preview, ...summary }: Import): ImportSummary {
  return summary;
}

export function rowsPage(query: URLSearchParams) {
  const status = query.get('status') as ImportRowStatus | null;
  const chosen = status ? rows.filter((row) => row.status === status) : rows;
  return { body: { rows: chosen, totalPages: 1, currentPage: 1, total: chosen.length } };
}

export function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser({ defaultCurrency: 'EUR' }) },
    'GET /api/accounts': { body: [main] },
    'GET /api/imports': { body: [] },
    'GET /api/transactions/categories/expense': { body: ['Groceries', 'Food', 'Bills'] },
    'GET /api/transactions/categories/income': { body: ['Salary', 'Other Income'] },
    [`GET /api/imports/${IMPORT_ID}`]: { body: makeImport() },
    [`GET /api/imports/${IMPORT_ID}/rows`]: ({ query }) => rowsPage(query),
    ...handlers,
  });
}

export const callsTo = (calls: FakeCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

export async function uploadGermanFile(user: ReturnType<typeof userEvent.setup>) {
  const form = await screen.findByRole('form', { name: 'Upload a bank file' });
  const file = new File(['Buchungstag;Auftraggeber\n'], 'de-bank.csv', { type: 'text/csv' });
  await user.upload(within(form).getByLabelText(/Choose a bank file/), file);
  await waitFor(() =>
    expect(within(form).getByLabelText('Into account')).toHaveValue(MAIN_ACCOUNT_ID),
  );
  await user.click(within(form).getByRole('button', { name: 'Upload and preview' }));
  return screen.findByRole('region', { name: 'Preview of de-bank.csv' });
}
