import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { makeAccount } from '@/testing/accounts';
import {
  IMPORT_ID,
  main,
  makeRow,
  makeStatement,
  makeImport,
  signedIn,
  callsTo,
  uploadGermanFile,
} from './import-fixtures';

describe('import page: transfers', () => {
  it('shows transfer rows with their other account, and turns rows into transfers or back', async () => {
    const savings = makeAccount({ name: 'Savings', type: 'savings' });
    const withTransfer = [
      makeRow(0, { name: 'REWE Markt GmbH', amount: 23.45 }),
      makeRow(1, {
        name: 'Dauerauftrag Sparen',
        amount: 300,
        status: 'transfer',
        transferAccountId: savings._id,
        matchOf: 'tx-9',
      }),
    ];
    const transferImport = makeImport({
      rowCount: 2,
      counts: { new: 1, duplicate: 0, problem: 0, transfer: 1 },
      preview: withTransfer,
    });
    const { calls } = signedIn({
      'GET /api/accounts': { body: [main, savings] },
      'POST /api/imports': { status: 201, body: transferImport },
      [`GET /api/imports/${IMPORT_ID}`]: { body: transferImport },
      [`GET /api/imports/${IMPORT_ID}/rows`]: {
        body: { rows: withTransfer, totalPages: 1, currentPage: 1, total: 2 },
      },
      [`POST /api/imports/${IMPORT_ID}/commit`]: {
        body: {
          created: 0,
          skippedDuplicates: 0,
          skippedProblems: 0,
          skippedExcluded: 0,
          transfers: 2,
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/import');
    const preview = await uploadGermanFile(user);
    const table = await within(preview).findByRole('table', { name: 'Rows of the file' });
    expect(within(table).getByText('Transfer')).toBeInTheDocument();
    expect(
      within(table).getByText('Its other side is already in Savings: the two become one transfer.'),
    ).toBeInTheDocument();
    // A transfer has no category of its own.
    expect(within(table).queryByLabelText('Category of row 2')).toBeNull();
    expect(within(table).getByLabelText('Transfer of row 2')).toHaveValue(savings._id);
    expect(
      within(preview).getByRole('button', { name: 'Import 1 transaction and 1 transfer' }),
    ).toBeEnabled();

    await user.selectOptions(within(table).getByLabelText('Transfer of row 1'), savings._id);
    await user.click(
      within(preview).getByRole('button', { name: 'Import 0 transactions and 2 transfers' }),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/api/imports/${IMPORT_ID}/commit`)[0]?.body).toEqual({
        rows: [{ index: 0, transferAccountId: savings._id }],
      }),
    );
  });

  it('shows a transfer to an account the commit creates as a transfer, without a category', async () => {
    const legs = [
      makeRow(0, {
        name: 'Transfer : Savings',
        amount: 300,
        status: 'transfer',
        category: null,
        cells: null,
        matchRow: 1,
      }),
      makeRow(1, {
        name: 'Transfer : Checking',
        amount: 300,
        isIncome: true,
        status: 'transfer',
        category: null,
        cells: null,
        statement: 1,
        matchRow: 0,
      }),
    ];
    const ynab = makeImport({
      fileName: 'Register.csv',
      format: 'csv',
      sourceApp: 'ynab',
      mapping: null,
      rowCount: 2,
      counts: { new: 0, duplicate: 0, problem: 0, transfer: 2 },
      transferPairs: 1,
      statements: [
        makeStatement(0, { name: 'Checking', rowCount: 1, suggestedName: 'Checking' }),
        makeStatement(1, { name: 'Savings', rowCount: 1, suggestedName: 'Savings' }),
      ],
      preview: legs,
    });
    signedIn({
      [`GET /api/imports/${IMPORT_ID}`]: { body: ynab },
      [`GET /api/imports/${IMPORT_ID}/rows`]: {
        body: { rows: legs, totalPages: 1, currentPage: 1, total: 2 },
      },
    });
    renderApp(`/import?import=${IMPORT_ID}`);
    const preview = await screen.findByRole('region', { name: 'Preview of Register.csv' });
    const out = await within(preview).findByLabelText('Transfer of row 1');
    expect(out).toHaveDisplayValue('Transfer to another account');
    expect(within(preview).getByLabelText('Transfer of row 2')).toHaveDisplayValue(
      'Transfer from another account',
    );
    expect(within(preview).queryByLabelText('Category of row 1')).toBeNull();
    expect(within(preview).queryByLabelText('Category of row 2')).toBeNull();
  });
});
