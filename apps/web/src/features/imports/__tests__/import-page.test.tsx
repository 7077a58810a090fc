import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { MAIN_ACCOUNT_ID } from '@/testing/transactions';
import {
  IMPORT_ID,
  makeRow,
  makeImport,
  summaryOf,
  signedIn,
  callsTo,
  uploadGermanFile,
} from './import-fixtures';

describe('import page', () => {
  it('uploads a file, shows the detected mapping, counts and rows, and commits the choices', async () => {
    const { calls } = signedIn({
      'POST /api/imports': { status: 201, body: makeImport() },
      [`POST /api/imports/${IMPORT_ID}/commit`]: {
        body: { created: 2, skippedDuplicates: 0, skippedProblems: 1, skippedExcluded: 1 },
      },
    });
    const user = userEvent.setup();
    renderApp('/import');
    const preview = await uploadGermanFile(user);

    const upload = callsTo(calls, 'POST', '/api/imports')[0];
    const sent = upload?.body as FormData;
    expect(sent.get('accountId')).toBe(MAIN_ACCOUNT_ID);
    expect((sent.get('file') as File).name).toBe('de-bank.csv');

    // The mapping as detected: split amounts, Soll and Haben, decimal comma.
    expect(within(preview).getByLabelText('Date column')).toHaveValue('0');
    expect(within(preview).getByLabelText('Date format')).toHaveValue('DD.MM.YYYY');
    expect(within(preview).getByRole('radio', { name: /Separate debit and credit/ })).toBeChecked();
    expect(within(preview).getByLabelText('Debit (money out) column')).toHaveValue('3');
    expect(within(preview).getByLabelText('Credit (money in) column')).toHaveValue('4');
    expect(within(preview).getByLabelText('Decimal separator')).toHaveValue(',');
    expect(within(preview).getByLabelText('Rows by status')).toHaveTextContent(
      /New\s*2\s*Transfers\s*0\s*Duplicates\s*1\s*Problems\s*1/,
    );

    const table = await within(preview).findByRole('table', { name: 'Rows of the file' });
    expect(within(table).getByText('Row 4: the date "31.02.2026" is not a date.')).toBeVisible();
    const include = (row: number) =>
      within(table).getByRole('checkbox', { name: `Import row ${row}` });
    // New rows are in, the duplicate and the problem are out; a problem cannot be taken in.
    expect(include(1)).toBeChecked();
    expect(include(3)).not.toBeChecked();
    expect(include(4)).toBeDisabled();
    expect(within(preview).getByRole('button', { name: 'Import 2 transactions' })).toBeEnabled();

    await user.click(include(2)); // leave the salary out
    await user.click(include(3)); // take the duplicate coffee in
    await user.selectOptions(within(table).getByLabelText('Category of row 1'), 'Food');
    const commit = within(preview).getByRole('button', { name: 'Import 2 transactions' });
    await user.click(commit);

    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/api/imports/${IMPORT_ID}/commit`)).toHaveLength(1),
    );
    expect(callsTo(calls, 'POST', `/api/imports/${IMPORT_ID}/commit`)[0]?.body).toEqual({
      rows: [
        { index: 1, include: false },
        { index: 2, include: true },
        { index: 0, category: 'Food' },
      ],
    });
    const result = await screen.findByText('2 transactions imported from de-bank.csv.', {
      selector: 'p',
    });
    expect(result.parentElement).toHaveTextContent(
      'Skipped: 0 duplicates, 1 with problems, 1 left out.',
    );
    // Back to the upload form for the next file.
    expect(await screen.findByRole('form', { name: 'Upload a bank file' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Preview of de-bank.csv' })).toBeNull();
  });

  it('filters the rows by status', async () => {
    const { calls } = signedIn();
    const user = userEvent.setup();
    renderApp(`/import?import=${IMPORT_ID}`);
    const preview = await screen.findByRole('region', { name: 'Preview of de-bank.csv' });
    await within(preview).findByRole('table', { name: 'Rows of the file' });
    await user.selectOptions(within(preview).getByLabelText('Show'), 'problem');
    await waitFor(() =>
      expect(within(preview).getAllByRole('checkbox', { name: /Import row/ })).toHaveLength(1),
    );
    expect(
      callsTo(calls, 'GET', `/api/imports/${IMPORT_ID}/rows`).at(-1)?.query.get('status'),
    ).toBe('problem');
  });

  it('shows each row in its statement’s currency, not the base currency', async () => {
    const dollarRows = [makeRow(0, { amount: 1436.2, currency: 'USD' })];
    signedIn({
      [`GET /api/imports/${IMPORT_ID}/rows`]: {
        body: { rows: dollarRows, totalPages: 1, currentPage: 1, total: 1 },
      },
    });
    renderApp(`/import?import=${IMPORT_ID}`);
    const preview = await screen.findByRole('region', { name: 'Preview of de-bank.csv' });
    const table = await within(preview).findByRole('table', { name: 'Rows of the file' });
    expect(within(table).getByText(/1,436\.20/)).toHaveTextContent('$');
    expect(within(table).queryByText(/€/)).toBeNull();
  });

  it("shows the server's message when a file is refused", async () => {
    signedIn({
      'POST /api/imports': {
        status: 415,
        body: {
          code: 'UNSUPPORTED_FORMAT',
          message: 'This is not a bank file Moneta can read: use CSV, OFX/QFX, QIF or CAMT.053.',
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/import');
    const form = await screen.findByRole('form', { name: 'Upload a bank file' });
    await user.upload(
      within(form).getByLabelText(/Choose a bank file/),
      new File(['%PDF-1.4'], 'statement.csv', { type: 'text/csv' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Upload and preview' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This is not a bank file Moneta can read: use CSV, OFX/QFX, QIF or CAMT.053.',
    );
  });

  it('undoes a committed import from the history after asking', async () => {
    const committed = summaryOf(
      makeImport({ status: 'committed', created: 3, committedAt: '2026-03-31T10:01:00.000Z' }),
    );
    const { calls } = signedIn({
      'GET /api/imports': { body: [committed] },
      [`DELETE /api/imports/${IMPORT_ID}`]: { body: { deleted: 3 } },
    });
    const user = userEvent.setup();
    renderApp('/import');
    const history = await screen.findByRole('list', { name: 'Imports' });
    expect(history).toHaveTextContent('Imported · 3 transactions created');
    await user.click(within(history).getByRole('button', { name: 'Undo de-bank.csv' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Undo the import of "de-bank.csv"?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Undo Import' }));
    expect(await screen.findByText('Import undone: 3 transactions deleted.')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', `/api/imports/${IMPORT_ID}`)).toHaveLength(1);
  });
});
