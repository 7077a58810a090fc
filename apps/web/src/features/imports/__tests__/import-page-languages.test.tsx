import type { Account } from '@moneta/shared/account-schemas';
import type { Import, ImportRow } from '@moneta/shared/import-schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { mainAccount } from '@/testing/accounts';
import { MAIN_ACCOUNT_ID } from '@/testing/transactions';

const IMPORT_ID = '0190a1b2-0000-7000-8000-0000000022b2';
const main: Account = mainAccount({ balance: 100 });

const row: ImportRow = {
  index: 0,
  date: '2026-03-02',
  name: 'REWE Markt GmbH',
  amount: 1234.5,
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
  cells: ['02.03.2026', 'REWE Markt GmbH', '1.234,50'],
  statement: 0,
  matchRow: null,
};

/** A YNAB export of one account, read into the main account: two rows, one new, one duplicate. */
const ynabImport: Import = {
  _id: IMPORT_ID,
  fileName: 'ynab.csv',
  format: 'csv',
  sourceApp: 'ynab',
  accountId: MAIN_ACCOUNT_ID,
  status: 'preview',
  encoding: 'utf-8',
  columns: null,
  mapping: null,
  rowCount: 2,
  counts: { new: 1, duplicate: 1, problem: 0, transfer: 0 },
  transferPairs: 0,
  created: null,
  createdAt: '2026-03-31T10:00:00.000Z',
  committedAt: null,
  statements: [
    {
      key: 0,
      name: 'Girokonto',
      identifier: null,
      currency: 'EUR',
      rowCount: 2,
      accountId: MAIN_ACCOUNT_ID,
      matchedBy: null,
      suggestedName: 'Girokonto',
      type: 'checking',
      isCreated: false,
    },
  ],
  preview: [row],
};

function signedIn() {
  window.localStorage.setItem('token', 'jwt-token');
  const { preview: _preview, ...summary } = ynabImport;
  return fakeApi({
    'GET /api/auth/me': { body: makeUser({ defaultCurrency: 'EUR' }) },
    'GET /api/accounts': { body: [main] },
    'GET /api/imports': { body: [summary] },
    'GET /api/transactions/categories/expense': { body: ['Groceries', 'Food'] },
    'GET /api/transactions/categories/income': { body: ['Salary'] },
    [`GET /api/imports/${IMPORT_ID}`]: { body: ynabImport },
    [`GET /api/imports/${IMPORT_ID}/rows`]: {
      body: { rows: [row], totalPages: 1, currentPage: 1, total: 1 },
    },
  });
}

describe('import page in other languages', () => {
  it('reads in German, with German amounts and dates', async () => {
    // The user's locale is the page's (LocaleSync): set before the user is made.
    await changeLocale('de-DE');
    signedIn();
    renderApp(`/import?import=${IMPORT_ID}`);
    const preview = await screen.findByRole(
      'region',
      { name: 'Vorschau von ynab.csv' },
      { timeout: 10_000 },
    );
    expect(preview).toHaveTextContent(
      'Als YNAB-Export gelesen · 2 Zeilen · 1 Konto. Erst beim Import wird etwas angelegt.',
    );
    expect(within(preview).getByLabelText('Zeilen nach Status')).toHaveTextContent(
      /Neu\s*1\s*Überweisungen\s*0\s*Duplikate\s*1\s*Probleme\s*0/,
    );
    const table = await within(preview).findByRole('table', { name: 'Zeilen der Datei' });
    expect(within(table).getByText('02.03.2026')).toBeVisible();
    // 1234.5 written the German way: thousands dot, decimal comma, the euro after.
    expect(table).toHaveTextContent('Betrag -1.234,50 €');
    expect(within(table).getByRole('checkbox', { name: 'Zeile 1 importieren' })).toBeChecked();
    expect(within(preview).getByRole('button', { name: '1 Buchung importieren' })).toBeEnabled();
    const history = screen.getByRole('list', { name: 'Importe' });
    expect(history).toHaveTextContent('Noch nicht importiert · 1 neu, 1 doppelt, 0 mit Problemen');
  });

  it('reads in Japanese', async () => {
    // The user's locale is the page's (LocaleSync): set before the user is made.
    await changeLocale('ja-JP');
    signedIn();
    renderApp(`/import?import=${IMPORT_ID}`);
    const preview = await screen.findByRole(
      'region',
      { name: 'ynab.csv のプレビュー' },
      { timeout: 10_000 },
    );
    expect(preview).toHaveTextContent('YNAB のエクスポートとして読み込み · 2 行 · 1 口座。');
    expect(within(preview).getByRole('button', { name: '1 件の取引をインポート' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'インポート履歴' })).toBeVisible();
  });
});
