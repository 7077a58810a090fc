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
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser, type FakeCall } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { makeAccount, mainAccount } from '@/testing/accounts';
import { MAIN_ACCOUNT_ID } from '@/testing/transactions';

const IMPORT_ID = '0190a1b2-0000-7000-8000-0000000011a1';

const main: Account = mainAccount({ balance: 100 });

const COLUMNS = ['Buchungstag', 'Auftraggeber', 'Verwendungszweck', 'Soll', 'Haben'];

/** As the server detected the German file: debit and credit columns, decimal comma. */
const detected: ImportMapping = {
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

function makeRow(index: number, overrides: Partial<ImportRow> = {}): ImportRow {
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

const rows: ImportRow[] = [
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

function makeStatement(key: number, overrides: Partial<ImportStatement> = {}): ImportStatement {
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

function makeImport(overrides: Partial<Import> = {}): Import {
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

function summaryOf({ preview: _preview, ...summary }: Import): ImportSummary {
  return summary;
}

function rowsPage(query: URLSearchParams) {
  const status = query.get('status') as ImportRowStatus | null;
  const chosen = status ? rows.filter((row) => row.status === status) : rows;
  return { body: { rows: chosen, totalPages: 1, currentPage: 1, total: chosen.length } };
}

function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
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

const callsTo = (calls: FakeCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

async function uploadGermanFile(user: ReturnType<typeof userEvent.setup>) {
  const form = await screen.findByRole('form', { name: 'Upload a bank file' });
  const file = new File(['Buchungstag;Auftraggeber\n'], 'de-bank.csv', { type: 'text/csv' });
  await user.upload(within(form).getByLabelText(/Choose a bank file/), file);
  await waitFor(() =>
    expect(within(form).getByLabelText('Into account')).toHaveValue(MAIN_ACCOUNT_ID),
  );
  await user.click(within(form).getByRole('button', { name: 'Upload and preview' }));
  return screen.findByRole('region', { name: 'Preview of de-bank.csv' });
}

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
