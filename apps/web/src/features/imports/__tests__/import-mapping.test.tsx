import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import {
  IMPORT_ID,
  detected,
  makeImport,
  signedIn,
  callsTo,
  uploadGermanFile,
} from './import-fixtures';

describe('import page: the column mapping', () => {
  it('sends a changed mapping once the user pauses, and shows the file read again', async () => {
    const remapped = makeImport({
      mapping: { ...detected, decimalSeparator: '.', dateFormat: 'MM/DD/YYYY' },
      counts: { new: 0, duplicate: 0, problem: 4, transfer: 0 },
    });
    const { calls } = signedIn({
      'POST /api/imports': { status: 201, body: makeImport() },
      [`PUT /api/imports/${IMPORT_ID}/mapping`]: { body: remapped },
    });
    const user = userEvent.setup();
    renderApp('/import');
    const preview = await uploadGermanFile(user);

    await user.selectOptions(within(preview).getByLabelText('Decimal separator'), '.');
    await user.selectOptions(within(preview).getByLabelText('Date format'), 'MM/DD/YYYY');
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', `/api/imports/${IMPORT_ID}/mapping`)).toHaveLength(1),
    );
    // Both changes in one request: the first one waited for the user to pause.
    expect(callsTo(calls, 'PUT', `/api/imports/${IMPORT_ID}/mapping`)[0]?.body).toEqual({
      mapping: { ...detected, decimalSeparator: '.', dateFormat: 'MM/DD/YYYY' },
    });
    await waitFor(() =>
      expect(within(preview).getByLabelText('Rows by status')).toHaveTextContent(
        /New\s*0\s*Transfers\s*0\s*Duplicates\s*0\s*Problems\s*4/,
      ),
    );
    expect(within(preview).getByRole('button', { name: 'Import 0 transactions' })).toBeDisabled();
    // The rows were asked for again under the new mapping.
    expect(callsTo(calls, 'GET', `/api/imports/${IMPORT_ID}/rows`).length).toBeGreaterThan(1);

    // Switching to one amount column picks the columns by name or the first free one.
    await user.click(within(preview).getByRole('radio', { name: /One column/ }));
    expect(within(preview).getByLabelText('Amount column')).toHaveValue('3');
  });

  it('says why each column was chosen, until the user changes it', async () => {
    const cardMapping = { ...detected, amount: 3, debit: null, credit: null, invertSign: true };
    const { calls } = signedIn({
      [`PUT /api/imports/${IMPORT_ID}/mapping`]: {
        body: makeImport({ mapping: { ...cardMapping, name: 2 } }),
      },
      'POST /api/imports': {
        status: 201,
        body: makeImport({
          mapping: cardMapping,
          mappingReasons: {
            date: 'Every value is a date, and the title says so.',
            amount: 'Numbers, 4 of 4 not zero, and the title says amount.',
            name: 'Text that varies from row to row (4 of 4 different). "Verwendungszweck" was passed over: it holds the same text on every row.',
            invertSign:
              'A card statement ("Card Member" column, 3 of 4 amounts are positive): charges are read as expenses.',
          },
        }),
      },
    });
    const user = userEvent.setup();
    renderApp('/import');
    const preview = await uploadGermanFile(user);

    const name = within(preview).getByLabelText('Name (payee) column');
    expect(name).toHaveAccessibleDescription(/Why: Text that varies from row to row/);
    expect(within(preview).getByLabelText('Amount column')).toHaveAccessibleDescription(
      'Why: Numbers, 4 of 4 not zero, and the title says amount.',
    );
    expect(within(preview).getByText(/Why: A card statement/)).toBeVisible();
    // An unsigned amount may take its sign from a marker column (Dr/Cr); none was found here.
    expect(within(preview).getByLabelText('Debit/credit marker column')).toHaveValue('');
    // No reason was given for the note: no hint.
    expect(within(preview).getByLabelText('Note column')).not.toHaveAccessibleDescription(/Why/);

    // A column the user chose is theirs: its hint goes, the others stay.
    await user.selectOptions(name, '2');
    expect(name).not.toHaveAccessibleDescription(/Why/);
    expect(within(preview).queryByText(/Why: Text that varies/)).toBeNull();
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', `/api/imports/${IMPORT_ID}/mapping`)).toHaveLength(1),
    );
    // The file read again through the user's mapping comes without reasons: the detected
    // columns the user kept keep theirs.
    await waitFor(() => expect(name).toHaveValue('2'));
    expect(within(preview).getByText(/Why: Every value is a date/)).toBeVisible();
  });
});
