import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { makeAccount } from '@/testing/accounts';
import { MAIN_ACCOUNT_ID } from '@/testing/transactions';
import {
  IMPORT_ID,
  main,
  makeRow,
  makeStatement,
  makeImport,
  signedIn,
  callsTo,
} from './import-fixtures';

describe('import page: a file of several accounts', () => {
  it('shows a file of several accounts statement by statement, each with its account chooser', async () => {
    const card = makeAccount({ name: 'Visa', type: 'credit' });
    const statements = [
      makeStatement(0, {
        name: 'Everyday Checking',
        rowCount: 2,
        accountId: MAIN_ACCOUNT_ID,
        matchedBy: 'name',
        suggestedName: 'Everyday Checking (2)',
      }),
      makeStatement(1, {
        identifier: '4417123456789113',
        currency: 'USD',
        type: 'credit',
        rowCount: 2,
        suggestedName: 'Credit card 9113 USD',
      }),
    ];
    const fileRows = [
      makeRow(0, { name: 'Pine Street Apartments', amount: 1200, cells: null }),
      makeRow(1, {
        name: 'Visa Payment',
        amount: 250,
        status: 'transfer',
        matchRow: 2,
        cells: null,
      }),
      makeRow(2, {
        name: 'Payment - Thank You',
        amount: 250,
        isIncome: true,
        status: 'transfer',
        transferAccountId: MAIN_ACCOUNT_ID,
        matchRow: 1,
        statement: 1,
        cells: null,
      }),
      makeRow(3, { name: 'Whole Foods Market', amount: 42.17, statement: 1, cells: null }),
    ];
    const qif = makeImport({
      fileName: 'quicken.qif',
      format: 'qif',
      columns: null,
      mapping: null,
      counts: { new: 2, duplicate: 0, problem: 0, transfer: 2 },
      transferPairs: 1,
      statements,
      preview: fileRows,
    });
    const { calls } = signedIn({
      'GET /api/accounts': { body: [main, card] },
      'POST /api/imports': { status: 201, body: qif },
      [`GET /api/imports/${IMPORT_ID}`]: { body: qif },
      [`GET /api/imports/${IMPORT_ID}/rows`]: {
        body: { rows: fileRows, totalPages: 1, currentPage: 1, total: 4 },
      },
      [`POST /api/imports/${IMPORT_ID}/commit`]: {
        body: {
          created: 2,
          skippedDuplicates: 0,
          skippedProblems: 0,
          skippedExcluded: 0,
          transfers: 1,
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/import');
    const form = await screen.findByRole('form', { name: 'Upload a bank file' });
    const file = new File(['!Account\n'], 'quicken.qif', { type: 'text/plain' });
    await user.upload(within(form).getByLabelText(/Choose a bank file/), file);
    await user.click(within(form).getByRole('button', { name: 'Upload and preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview of quicken.qif' });
    expect(preview).toHaveTextContent('QIF · 4 rows · 2 accounts.');

    const found = within(preview).getByRole('region', { name: 'Accounts in this file' });
    const blocks = within(found).getAllByRole('listitem');
    expect(blocks).toHaveLength(2);
    expect(within(blocks[0]!).getByRole('heading', { name: 'Everyday Checking' })).toBeVisible();
    expect(blocks[0]).toHaveTextContent('Checking · 2 rows');
    expect(within(blocks[0]!).getByLabelText('Import into')).toHaveValue(MAIN_ACCOUNT_ID);
    expect(
      within(blocks[1]!).getByRole('heading', { name: 'Account 4417123456789113' }),
    ).toBeVisible();
    expect(blocks[1]).toHaveTextContent('Credit card · USD · 2 rows');
    const cardChooser = within(blocks[1]!).getByLabelText('Import into');
    expect(cardChooser).toHaveValue('new');
    expect(
      within(cardChooser).getByRole('option', { name: 'New account: Credit card 9113 USD' }),
    ).toBeInTheDocument();

    // The rows come under their statement's title.
    const table = await within(preview).findByRole('table', { name: 'Rows of the file' });
    const groups = within(table).getAllByRole('columnheader', {
      name: /Everyday Checking|Account 4417/,
    });
    expect(groups.map((group) => group.textContent)).toEqual([
      'Everyday Checking',
      'Account 4417123456789113',
    ]);
    const order = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent ?? '');
    expect(order.findIndex((text) => text.includes('Whole Foods'))).toBeGreaterThan(
      order.findIndex((text) => text === 'Account 4417123456789113'),
    );

    // The card into the existing Visa account; the checking one left as the server matched it.
    await user.selectOptions(cardChooser, 'Visa');
    await user.click(
      within(preview).getByRole('button', { name: 'Import 2 transactions and 1 transfer' }),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/api/imports/${IMPORT_ID}/commit`)).toHaveLength(1),
    );
    expect(callsTo(calls, 'POST', `/api/imports/${IMPORT_ID}/commit`)[0]?.body).toEqual({
      statements: [{ key: 1, accountId: card._id }],
    });
  });
});

describe("import page: other apps' exports", () => {
  it('says which app an export was read as, with its one account (new) and no column mapping', async () => {
    const ynabRows = [
      makeRow(0, {
        name: 'Whole Foods',
        amount: 86.4,
        category: 'Everyday: Groceries',
        cells: null,
        // A split of the file: its parts are listed, not given one category.
        splits: [
          { category: 'Everyday: Groceries', amount: 60, note: 'food' },
          { category: 'Household: Supplies', amount: 26.4, note: null },
        ],
      }),
      makeRow(1, { name: 'Acme Corp', amount: 1234.56, isIncome: true, cells: null }),
    ];
    const ynab = makeImport({
      fileName: 'Register.csv',
      format: 'csv',
      sourceApp: 'ynab',
      columns: ['Account', 'Flag', 'Date', 'Payee', 'Memo', 'Outflow', 'Inflow', 'Cleared'],
      mapping: null,
      rowCount: 2,
      counts: { new: 2, duplicate: 0, problem: 0, transfer: 0 },
      statements: [makeStatement(0, { name: 'Checking', rowCount: 2, suggestedName: 'Checking' })],
      preview: ynabRows,
    });
    signedIn({
      'POST /api/imports': { status: 201, body: ynab },
      [`GET /api/imports/${IMPORT_ID}`]: { body: ynab },
      [`GET /api/imports/${IMPORT_ID}/rows`]: {
        body: { rows: ynabRows, totalPages: 1, currentPage: 1, total: 2 },
      },
    });
    const user = userEvent.setup();
    renderApp('/import');
    const form = await screen.findByRole('form', { name: 'Upload a bank file' });
    const file = new File(['"Account","Flag"\n'], 'Register.csv', { type: 'text/csv' });
    await user.upload(within(form).getByLabelText(/Choose a bank file/), file);
    await user.click(within(form).getByRole('button', { name: 'Upload and preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview of Register.csv' });
    expect(preview).toHaveTextContent('Read as a YNAB export · 2 rows · 1 account.');
    // Read by YNAB's own columns: nothing to map.
    expect(within(preview).queryByRole('group', { name: /columns/i })).toBeNull();
    const found = within(preview).getByRole('region', { name: 'Accounts in this file' });
    expect(within(found).getByRole('heading', { name: 'Checking' })).toBeVisible();
    expect(within(found).getByLabelText('Import into')).toHaveValue('new');
    const parts = await within(preview).findByRole('list', { name: 'Parts of row 1' });
    expect(
      within(parts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Everyday: Groceries: €60.00 — food', 'Household: Supplies: €26.40']);
    expect(within(preview).queryByLabelText('Category of row 1')).toBeNull();
    expect(within(preview).getByLabelText('Category of row 2')).toBeVisible();
  });
});
