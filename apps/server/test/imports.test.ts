// Import of bank files (docs/architecture.md, Imports) through HTTP on a real PostgreSQL: every
// fixture format, the detected mapping, duplicates, categories, commit and undo.
import type { Import, ImportRow, Transaction } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from './support/api-calls';
import { importFixture, uploadImport } from './support/import-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from './test-app';

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

async function upload(
  user: SignedUpUser,
  fileName: string,
  bytes: Buffer,
  options?: { accountId?: string; accountAfterFile?: boolean },
): Promise<Import> {
  const response = await uploadImport(context.app, user, fileName, bytes, options);
  if (response.statusCode !== 201) throw new Error(`upload ${fileName}: ${response.body}`);
  return response.json<Import>();
}

const uploadFixture = (user: SignedUpUser, name: string) => upload(user, name, importFixture(name));

/** All rows of an import, page by page. */
async function allRows(user: SignedUpUser, id: string, status?: string): Promise<ImportRow[]> {
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

const commit = (user: SignedUpUser, id: string, body: object = {}) =>
  ok<{
    created: number;
    skippedDuplicates: number;
    skippedProblems: number;
    skippedExcluded: number;
  }>(user, 'POST', `/api/imports/${id}/commit`, body);

const transactionsOf = async (user: SignedUpUser, query = '') =>
  (await ok<{ transactions: Transaction[] }>(user, 'GET', `/api/transactions?limit=100${query}`))
    .transactions;

/** The essentials of rows, to compare with what the file says. */
const essentials = (rows: ImportRow[]) =>
  rows.map(({ date, name, amount, isIncome, note }) => ({ date, name, amount, isIncome, note }));

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`);

describe('the fixture formats', () => {
  it('reads a US bank CSV: MM/DD/YYYY, one signed amount column, quoted commas', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'us-bank.csv');
    expect(imported).toMatchObject({
      format: 'csv',
      status: 'preview',
      encoding: 'utf-8',
      rowCount: 10,
      counts: { new: 10, duplicate: 0, problem: 0 },
      columns: [
        'Details',
        'Posting Date',
        'Description',
        'Amount',
        'Type',
        'Balance',
        'Check or Slip #',
      ],
      mapping: {
        date: 1,
        dateFormat: 'MM/DD/YYYY',
        amount: 3,
        debit: null,
        credit: null,
        decimalSeparator: '.',
        name: 2,
        invertSign: false,
        skipRows: 0,
      },
    });
    expect(essentials(imported.preview).slice(0, 3)).toEqual([
      {
        date: '2026-03-02',
        name: 'STARBUCKS STORE 10234 SEATTLE WA',
        amount: 5.45,
        isIncome: false,
        note: null,
      },
      {
        date: '2026-03-03',
        name: 'AMAZON.COM*2K3LL9, AMZN.COM/BILL WA',
        amount: 89.99,
        isIncome: false,
        note: null,
      },
      {
        date: '2026-03-05',
        name: 'ACME CORP PAYROLL PPD ID: 1234567890',
        amount: 2500,
        isIncome: true,
        note: null,
      },
    ]);
    expect(imported.preview.at(-1)).toMatchObject({
      name: 'CITY OF SEATTLE UTILITIES',
      amount: 1234.56,
    });
  });

  it('reads a German bank CSV: Windows-1252, semicolons, a preamble, DD.MM.YYYY, Soll/Haben with decimal commas', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'de-bank.csv');
    expect(imported).toMatchObject({
      encoding: 'windows-1252',
      rowCount: 8,
      columns: [
        'Buchungstag',
        'Valuta',
        'Auftraggeber/Begünstigter',
        'Buchungstext',
        'Verwendungszweck',
        'Soll',
        'Haben',
        'Währung',
      ],
      mapping: {
        date: 0,
        dateFormat: 'DD.MM.YYYY',
        amount: null,
        debit: 5,
        credit: 6,
        decimalSeparator: ',',
        name: 2,
        note: 4,
        // Four lines before the header, the blank one included, as a text editor numbers them.
        skipRows: 4,
      },
    });
    const rows = essentials(imported.preview);
    expect(rows).toContainEqual({
      date: '2026-03-03',
      name: 'Bäckerei Müller',
      amount: 4.2,
      isIncome: false,
      note: 'Brötchen und Kaffee',
    });
    expect(rows).toContainEqual({
      date: '2026-03-05',
      name: 'Wohnungsbau eG',
      amount: 850,
      isIncome: false,
      note: 'Miete März 850,00 € Whg. 3',
    });
    expect(rows).toContainEqual({
      date: '2026-03-10',
      name: 'Arbeitgeber AG',
      amount: 2450,
      isIncome: true,
      note: 'Gehalt März 2026',
    });
    expect(rows).toContainEqual(expect.objectContaining({ note: 'Abschlag Strom/Gas „März“' }));
    expect(rows).toContainEqual(expect.objectContaining({ note: 'Fahrkarte Köln–Berlin' }));
  });

  it('reads a UK bank CSV: UTF-8 with a BOM, Paid out / Paid in columns, pound signs and thousands', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'uk-bank.csv');
    expect(imported).toMatchObject({
      rowCount: 8,
      columns: ['Date', 'Transaction type', 'Description', 'Paid out', 'Paid in', 'Balance'],
      mapping: { date: 0, dateFormat: 'DD/MM/YYYY', amount: null, debit: 3, credit: 4, name: 2 },
    });
    expect(essentials(imported.preview)).toContainEqual({
      date: '2026-03-15',
      name: 'RENT FLAT 2',
      amount: 1050,
      isIncome: false,
      note: null,
    });
    expect(essentials(imported.preview)).toContainEqual({
      date: '2026-03-04',
      name: 'SALARY ACME LTD',
      amount: 2100,
      isIncome: true,
      note: null,
    });
  });

  it('reads OFX 1.x SGML (unclosed leaf tags, CHARSET 1252) with bank ids', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'checking-ofx1.ofx');
    expect(imported).toMatchObject({ format: 'ofx', columns: null, mapping: null, rowCount: 6 });
    expect(essentials(imported.preview)).toEqual([
      {
        date: '2026-03-02',
        name: 'BLUE BOTTLE COFFEE',
        amount: 4.75,
        isIncome: false,
        note: 'POS PURCHASE OAKLAND CA',
      },
      {
        date: '2026-03-03',
        name: 'DIRECT DEP ACME INC',
        amount: 1850,
        isIncome: true,
        note: 'PAYROLL',
      },
      { date: '2026-03-10', name: 'CHECK 2231', amount: 300, isIncome: false, note: null },
      {
        date: '2026-03-15',
        name: 'PG&E WEB ONLINE',
        amount: 62.18,
        isIncome: false,
        note: 'UTILITY BILL PAYMENT',
      },
      {
        date: '2026-03-21',
        name: 'BLUE BOTTLE COFFEE',
        amount: 4.75,
        isIncome: false,
        note: 'POS PURCHASE OAKLAND CA',
      },
      { date: '2026-03-31', name: 'MONTHLY SERVICE FEE', amount: 12, isIncome: false, note: null },
    ]);
  });

  it('reads an OFX 2.x XML credit card statement, a payee aggregate included', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'credit-card-ofx2.qfx');
    expect(imported).toMatchObject({ format: 'ofx', rowCount: 5 });
    expect(essentials(imported.preview)).toEqual([
      {
        date: '2026-03-04',
        name: 'UBER *TRIP',
        amount: 23.4,
        isIncome: false,
        note: 'HELP.UBER.COM CA',
      },
      {
        date: '2026-03-09',
        name: 'Café Olé & Crêperie',
        amount: 129.99,
        isIncome: false,
        note: null,
      },
      { date: '2026-03-12', name: 'REFUND BEST BUY 00412', amount: 45, isIncome: true, note: null },
      { date: '2026-03-20', name: 'PAYMENT THANK YOU', amount: 500, isIncome: true, note: null },
      { date: '2026-03-27', name: 'SAFEWAY #1234', amount: 64.12, isIncome: false, note: null },
    ]);
  });

  it('reads QIF: apostrophe years, thousands, its own categories (a [transfer] is none)', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'checking.qif');
    expect(imported).toMatchObject({ format: 'qif', rowCount: 6 });
    expect(
      imported.preview.map(({ date, name, amount, category, categorySource }) => ({
        date,
        name,
        amount,
        category,
        categorySource,
      })),
    ).toEqual([
      {
        date: '2026-03-01',
        name: 'Greenview Apartments',
        amount: 1050,
        category: 'Housing',
        categorySource: 'file',
      },
      {
        date: '2026-03-04',
        name: 'Safeway',
        amount: 86.42,
        category: 'Groceries',
        categorySource: 'file',
      },
      {
        date: '2026-03-06',
        name: 'Acme Corp',
        amount: 2300,
        category: 'Salary',
        categorySource: 'file',
      },
      {
        date: '2026-03-18',
        name: 'City Water Dept',
        amount: 45,
        category: 'Bills',
        categorySource: 'file',
      },
      {
        date: '2026-03-22',
        name: 'Transfer to savings',
        amount: 200,
        category: 'Miscellaneous',
        categorySource: 'default',
      },
      {
        date: '2026-03-29',
        name: 'Spotify',
        amount: 12.99,
        category: 'Subscriptions',
        categorySource: 'file',
      },
    ]);
  });

  it('reads CAMT.053: parties by direction, remittance notes, a reversal, a pending entry as a problem', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'statement.camt053.xml');
    expect(imported).toMatchObject({
      format: 'camt053',
      rowCount: 5,
      counts: { new: 4, duplicate: 0, problem: 1 },
    });
    expect(essentials(imported.preview).slice(0, 4)).toEqual([
      {
        date: '2026-03-02',
        name: 'Albert Heijn 1234',
        amount: 54.3,
        isIncome: false,
        note: 'Betaalautomaat 02-03-2026 18:12 Pas 123',
      },
      {
        date: '2026-03-05',
        name: 'Werkgever B.V.',
        amount: 3100,
        isIncome: true,
        note: 'Salaris maart 2026',
      },
      {
        date: '2026-03-06',
        name: 'Woonstichting De Zon',
        amount: 1250,
        isIncome: false,
        note: 'Huur maart & servicekosten',
      },
      {
        date: '2026-03-12',
        name: 'Terugboeking Bol.com bestelling 8812',
        amount: 19.99,
        isIncome: true,
        note: null,
      },
    ]);
    expect(imported.preview[4]).toMatchObject({
      status: 'problem',
      problem: 'Row 5: the entry is pending (not booked yet).',
    });
  });

  it.each([
    'us-bank.csv',
    'de-bank.csv',
    'uk-bank.csv',
    'checking-ofx1.ofx',
    'credit-card-ofx2.qfx',
    'checking.qif',
    'statement.camt053.xml',
  ])('commits %s, and the same file again creates nothing', async (name) => {
    const user = await signUp(context.app, { setup: true });
    const first = await uploadFixture(user, name);
    const result = await commit(user, first._id);
    expect(result.created).toBe(first.counts.new);
    expect(result).toMatchObject({ skippedDuplicates: 0, skippedProblems: first.counts.problem });
    const again = await uploadFixture(user, name);
    expect(again.counts).toEqual({
      new: 0,
      duplicate: first.counts.new,
      problem: first.counts.problem,
      transfer: 0,
    });
    expect(await commit(user, again._id)).toMatchObject({
      created: 0,
      skippedDuplicates: first.counts.new,
    });
    expect(await transactionsOf(user)).toHaveLength(first.counts.new);
  });
});

describe('the import flow', () => {
  it('creates transactions with the import id in the chosen account; the list shows the import', async () => {
    const user = await signUp(context.app, { setup: true });
    const card = await ok<{ _id: string }>(user, 'POST', '/api/accounts', {
      name: 'Visa',
      type: 'credit',
    });
    const imported = await upload(user, 'card.qfx', importFixture('credit-card-ofx2.qfx'), {
      accountId: card._id,
      accountAfterFile: true,
    });
    expect(imported.accountId).toBe(card._id);
    expect(await commit(user, imported._id)).toMatchObject({ created: 5 });
    const created = await transactionsOf(user, `&accountId=${card._id}`);
    expect(created).toHaveLength(5);
    expect(created.every((transaction) => transaction.importId === imported._id)).toBe(true);
    const list = await ok<Array<{ _id: string; status: string; created: number }>>(
      user,
      'GET',
      '/api/imports',
    );
    expect(list[0]).toMatchObject({ _id: imported._id, status: 'committed', created: 5 });
    expect(list[0]).not.toHaveProperty('preview');
    const accounts = await ok<Array<{ _id: string; balance: number }>>(
      user,
      'GET',
      '/api/accounts',
    );
    expect(accounts.find((account) => account._id === card._id)?.balance).toBe(
      -23.4 - 129.99 + 45 + 500 - 64.12,
    );
  });

  it('commits once: a second commit is a 409, and undo deletes what it created', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'uk-bank.csv');
    await commit(user, imported._id);
    expect((await call(user, 'POST', `/api/imports/${imported._id}/commit`, {})).statusCode).toBe(
      409,
    );
    expect(await ok(user, 'DELETE', `/api/imports/${imported._id}`)).toEqual({
      deleted: 8,
      removedAccountIds: [],
      keptAccountIds: [],
    });
    expect(await transactionsOf(user)).toEqual([]);
    expect(await ok(user, 'GET', `/api/imports/${imported._id}`)).toMatchObject({
      status: 'undone',
    });
    expect((await call(user, 'DELETE', `/api/imports/${imported._id}`)).statusCode).toBe(409);
    expect((await call(user, 'POST', `/api/imports/${imported._id}/commit`, {})).statusCode).toBe(
      409,
    );
    // Undone, the same file imports again.
    const again = await uploadFixture(user, 'uk-bank.csv');
    expect(again.counts.new).toBe(8);
  });

  it('discards a preview with DELETE: nothing was created, nothing deleted', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'checking.qif');
    expect(await ok(user, 'DELETE', `/api/imports/${imported._id}`)).toEqual({
      deleted: 0,
      removedAccountIds: [],
      keptAccountIds: [],
    });
  });

  it('pages rows and filters them by status', async () => {
    const user = await signUp(context.app, { setup: true });
    const lines = ['Date,Payee,Amount'];
    for (let day = 1; day <= 150; day++) {
      const date = `2026-0${1 + Math.floor((day - 1) / 28)}-${String(((day - 1) % 28) + 1).padStart(2, '0')}`;
      lines.push(day % 50 === 0 ? `${date},Broken,abc` : `${date},Shop ${day},-${day}.25`);
    }
    const imported = await upload(user, 'many.csv', csv(lines));
    expect(imported).toMatchObject({ rowCount: 150, counts: { new: 147, problem: 3 } });
    expect(imported.preview).toHaveLength(20);
    const page2 = await ok<{
      rows: ImportRow[];
      totalPages: number;
      total: number;
      currentPage: number;
    }>(user, 'GET', `/api/imports/${imported._id}/rows?page=2&limit=100`);
    expect(page2).toMatchObject({ totalPages: 2, total: 150, currentPage: 2 });
    expect(page2.rows.map((row) => row.index)).toEqual(
      Array.from({ length: 50 }, (_, i) => 100 + i),
    );
    const problems = await allRows(user, imported._id, 'problem');
    expect(problems.map((row) => row.problem)).toEqual([
      'Row 50: the amount (column "Amount") "abc" is not a number.',
      'Row 100: the amount (column "Amount") "abc" is not a number.',
      'Row 150: the amount (column "Amount") "abc" is not a number.',
    ]);
    expect(problems[0]).toMatchObject({ index: 49, cells: ['2026-02-22', 'Broken', 'abc'] });
  });

  it('reads amounts in every spelling banks use, and names the row and field of what it cannot read', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await upload(
      user,
      'amounts.csv',
      Buffer.from(
        [
          'Datum;Empfänger;Betrag',
          '01.03.2026;A;1.234,56',
          '02.03.2026;B;(12.00)',
          '03.03.2026;C;12,00-',
          '04.03.2026;D;-€5',
          '05.03.2026;E;€ 1 234,50',
          '06.03.2026;F;+7,5',
          '07.03.2026;G;12,3,4',
          '31.02.2026;H;1,00',
          '09.03.2026;I;',
          '10.03.2026;;-3,00',
          '11.03.2026;K;0,00',
          '12.03.2026;L;12,345',
        ].join('\n'),
      ),
    );
    expect(imported.mapping).toMatchObject({ decimalSeparator: ',', dateFormat: 'DD.MM.YYYY' });
    const rows = await allRows(user, imported._id);
    expect(
      rows.map((row) => (row.status === 'problem' ? row.problem : [row.amount, row.isIncome])),
    ).toEqual([
      [1234.56, true],
      [12, false],
      [12, false],
      [5, false],
      [1234.5, true],
      [7.5, true],
      'Row 7: the amount (column "Betrag") "12,3,4" is not a number.',
      'Row 8: the date "31.02.2026" is not a valid DD.MM.YYYY date.',
      'Row 9: the amount (column "Betrag") is empty.',
      'Row 10: there is no name or description.',
      'Row 11: the amount is 0.',
      'Row 12: the amount (column "Betrag") "12,345" has more than two decimals.',
    ]);
  });

  it('stores formula cells as text, and the export neutralises them', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await upload(
      user,
      'formula.csv',
      csv([
        'Date,Description,Amount',
        '2026-03-01,"=HYPERLINK(""http://evil.example"",""x"")",-1.00',
        '2026-03-02,@SUM(A1:A9),-2.00',
      ]),
    );
    await commit(user, imported._id);
    const names = (await transactionsOf(user)).map((transaction) => transaction.name).sort();
    expect(names).toEqual(['=HYPERLINK("http://evil.example","x")', '@SUM(A1:A9)']);
    const exported = await call(user, 'GET', '/api/transactions/export');
    expect(exported.body).toContain(`'=HYPERLINK`);
    expect(exported.body).toContain(`'@SUM(A1:A9)`);
  });
});

describe('mapping', () => {
  it('changes the mapping without a new upload, and remembers it for the next file with that header', async () => {
    const user = await signUp(context.app, { setup: true });
    const first = await uploadFixture(user, 'de-bank.csv');
    const mapping = { ...first.mapping!, note: 3, category: null };
    const changed = await ok<Import>(user, 'PUT', `/api/imports/${first._id}/mapping`, { mapping });
    expect(changed.mapping).toEqual(mapping);
    expect(changed.preview[0]).toMatchObject({ name: 'REWE Markt GmbH', note: 'Kartenzahlung' });
    // The next statement of that bank (another month: another preamble) needs no change.
    const next = Buffer.from(
      importFixture('de-bank.csv')
        .toString('latin1')
        .replace('Zeitraum:;01.03.2026', 'Zeitraum:;01.04.2026'),
      'latin1',
    );
    const second = await upload(user, 'de-bank-april.csv', next);
    expect(second.mapping).toEqual(mapping);
    expect(second.preview[0]).toMatchObject({ note: 'Kartenzahlung' });
  });

  it('reads the rows again with invertSign, another date column or another header line', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'us-bank.csv');
    const inverted = await ok<Import>(user, 'PUT', `/api/imports/${imported._id}/mapping`, {
      mapping: { ...imported.mapping!, invertSign: true },
    });
    expect(inverted.preview[0]).toMatchObject({
      amount: 5.45,
      isIncome: true,
      category: 'Other Income',
    });
    // The header one line lower: the first data row becomes the header.
    const moved = await ok<Import>(user, 'PUT', `/api/imports/${imported._id}/mapping`, {
      mapping: { ...imported.mapping!, skipRows: 1 },
    });
    expect(moved.columns?.[2]).toBe('STARBUCKS STORE 10234 SEATTLE WA');
    expect(moved.rowCount).toBe(9);
  });

  it('refuses a mapping that names a column the file does not have, or a non-CSV import', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'uk-bank.csv');
    const bad = await call(user, 'PUT', `/api/imports/${imported._id}/mapping`, {
      mapping: { ...imported.mapping!, name: 9 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/has 6 columns/);
    const both = await call(user, 'PUT', `/api/imports/${imported._id}/mapping`, {
      mapping: { ...imported.mapping!, amount: 3 },
    });
    expect(both.statusCode).toBe(400);
    const ofx = await uploadFixture(user, 'checking-ofx1.ofx');
    const notCsv = await call(user, 'PUT', `/api/imports/${ofx._id}/mapping`, {
      mapping: imported.mapping,
    });
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().code).toBe('NOT_CSV');
  });

  it('decides a date order that reads both ways by the user: USD in America month first, else day first', async () => {
    const lines = [
      'Date,Payee,Amount',
      '01/03/2026,Shop,-1.00',
      '02/03/2026,Shop,-2.00',
      '12/03/2026,Shop,-3.00',
    ];
    const american = await signUp(context.app);
    await ok(american, 'PUT', '/api/auth/setup', {
      defaultCurrency: 'USD',
      timeZone: 'America/Chicago',
    });
    const british = await signUp(context.app);
    await ok(british, 'PUT', '/api/auth/setup', {
      defaultCurrency: 'GBP',
      timeZone: 'Europe/London',
    });
    const us = await upload(american, 'a.csv', csv(lines));
    const uk = await upload(british, 'a.csv', csv(lines));
    expect(us.mapping?.dateFormat).toBe('MM/DD/YYYY');
    expect(us.preview.map((row) => row.date)).toEqual(['2026-01-03', '2026-02-03', '2026-12-03']);
    expect(uk.mapping?.dateFormat).toBe('DD/MM/YYYY');
    expect(uk.preview.map((row) => row.date)).toEqual(['2026-03-01', '2026-03-02', '2026-03-12']);
  });

  it('lets a day over 12 anywhere in the file settle the order, even after the first rows', async () => {
    const user = await signUp(context.app);
    await ok(user, 'PUT', '/api/auth/setup', {
      defaultCurrency: 'USD',
      timeZone: 'America/New_York',
    });
    const lines = ['Date,Payee,Amount'];
    for (let i = 0; i < 400; i++)
      lines.push(`${String((i % 12) + 1).padStart(2, '0')}/03/2026,Shop ${i},-1.00`);
    lines.push('25/03/2026,Late shop,-9.00');
    const imported = await upload(user, 'late.csv', csv(lines));
    expect(imported.mapping?.dateFormat).toBe('DD/MM/YYYY');
    expect(imported.counts.problem).toBe(0);
    expect(imported.preview[1]?.date).toBe('2026-03-02');
  });
});

describe('duplicates', () => {
  it('matches one to one by kind, amount, date within two days and the payee folded', async () => {
    const user = await signUp(context.app, { setup: true });
    const add = (name: string, addedOn: string, cost = 4.5) =>
      ok<Transaction>(user, 'POST', '/api/transactions', {
        name,
        category: 'Food',
        cost,
        addedOn,
        isIncome: false,
      });
    const coffee = await add('Café Central', '2026-03-05');
    await add('Cafe Central', '2026-03-20', 4.6); // another amount
    await add('Cafe Central', '2026-03-28'); // four days from the file's row
    const file = csv([
      'Date,Payee,Amount',
      '2026-03-04,CAFE CENTRAL,-4.50',
      '2026-03-05,CAFE CENTRAL,-4.50',
      '2026-03-07,Bakery,-4.50',
      '2026-03-20,CAFE CENTRAL,4.60',
      '2026-03-24,CAFE CENTRAL,-4.50',
    ]);
    const imported = await upload(user, 'coffee.csv', file);
    expect(imported.preview.map((row) => [row.status, row.duplicateOf])).toEqual([
      ['new', null],
      ['duplicate', coffee._id],
      ['new', null],
      ['new', null], // an income of 4.60 is not the expense
      ['new', null],
    ]);
    // The user includes the duplicate anyway, leaves a new row out, recategorises another.
    const result = await commit(user, imported._id, {
      rows: [
        { index: 1, include: true },
        { index: 2, include: false },
        { index: 3, category: 'Refunds' },
      ],
    });
    expect(result).toEqual({
      created: 4,
      skippedDuplicates: 0,
      skippedProblems: 0,
      skippedExcluded: 1,
      transfers: 0,
    });
    const created = (await transactionsOf(user)).filter((transaction) => transaction.importId);
    expect(created.find((transaction) => transaction.isIncome)).toMatchObject({
      category: 'Refunds',
      cost: 4.6,
    });
  });

  it('pairs closest date first: a row whose closest transaction a closer row took gets the next one', async () => {
    const user = await signUp(context.app, { setup: true });
    const add = (addedOn: string) =>
      ok<Transaction>(user, 'POST', '/api/transactions', {
        name: 'Corner Shop',
        category: 'Food',
        cost: 7.25,
        addedOn,
        isIncome: false,
      });
    const second = await add('2026-05-02');
    const third = await add('2026-05-03');
    // 1 May is a day from 2 May and two from 3 May; 2 May is 2 May's own row.
    const file = csv([
      'Date,Payee,Amount',
      '2026-05-01,CORNER SHOP,-7.25',
      '2026-05-02,CORNER SHOP,-7.25',
      '2026-05-01,CORNER SHOP,-7.25',
    ]);
    const imported = await upload(user, 'shop.csv', file);
    expect(imported.preview.map((row) => [row.status, row.duplicateOf])).toEqual([
      ['duplicate', third._id],
      ['duplicate', second._id],
      ['new', null],
    ]);
  });

  it('pairs a run of equal rows with equal transactions in order, however long the run', async () => {
    const user = await signUp(context.app, { setup: true });
    const ledger: Transaction[] = [];
    for (let i = 0; i < 6; i++) {
      ledger.push(
        await ok<Transaction>(user, 'POST', '/api/transactions', {
          name: 'Car Park',
          category: 'Transport',
          cost: 2,
          addedOn: '2026-06-10',
          isIncome: false,
        }),
      );
    }
    const file = csv(['Date,Payee,Amount', ...Array(7).fill('2026-06-10,CAR PARK,-2.00')]);
    const imported = await upload(user, 'parking.csv', file);
    expect(imported.preview.map((row) => [row.status, row.duplicateOf])).toEqual([
      ...ledger.map((transaction) => ['duplicate', transaction._id]),
      ['new', null],
    ]);
  });

  it('matches by bank id first, in the import’s account only', async () => {
    const user = await signUp(context.app, { setup: true });
    const first = await uploadFixture(user, 'checking-ofx1.ofx');
    await commit(user, first._id);
    // The same transactions renamed by the bank: the ids still match.
    const renamed = Buffer.from(
      importFixture('checking-ofx1.ofx')
        .toString('latin1')
        .replaceAll('BLUE BOTTLE COFFEE', 'BLUE BOTTLE #12'),
      'latin1',
    );
    const again = await upload(user, 'renamed.ofx', renamed);
    expect(again.counts).toEqual({ new: 0, duplicate: 6, problem: 0, transfer: 0 });
    // Another account has none of them.
    const savings = await ok<{ _id: string }>(user, 'POST', '/api/accounts', {
      name: 'Savings',
      type: 'savings',
    });
    const elsewhere = await upload(user, 'x.ofx', importFixture('checking-ofx1.ofx'), {
      accountId: savings._id,
    });
    expect(elsewhere.counts.new).toBe(6);
  });

  it('finds the duplicates of a file committed after the preview (two previews of one file)', async () => {
    const user = await signUp(context.app, { setup: true });
    const one = await uploadFixture(user, 'us-bank.csv');
    const two = await uploadFixture(user, 'us-bank.csv');
    expect(two.counts.new).toBe(10);
    await commit(user, one._id);
    expect(await commit(user, two._id)).toMatchObject({ created: 0, skippedDuplicates: 10 });
  });

  it('refuses choices for rows that do not exist, and changes nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'checking.qif');
    const response = await call(user, 'POST', `/api/imports/${imported._id}/commit`, {
      rows: [{ index: 6, include: true }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Row 7 does not exist: this import has 6 rows.');
    expect(await transactionsOf(user)).toEqual([]);
    expect(await commit(user, imported._id)).toMatchObject({ created: 6 });
  });
});

describe('categories', () => {
  it('takes a rule first, then the user’s history, then the default; Other Income becomes a custom category on first use', async () => {
    const user = await signUp(context.app, { setup: true });
    await ok(user, 'POST', '/api/rules', {
      value: 'starbucks',
      category: 'Coffee',
      rename: 'Starbucks',
    });
    await ok(user, 'POST', '/api/transactions', {
      name: 'Netflix.com 866-579-7172 CA',
      category: 'Subscriptions',
      cost: 15.49,
      addedOn: '2025-12-16',
      isIncome: false,
    });
    expect(await ok(user, 'GET', '/api/transactions/categories/income')).not.toContain(
      'Other Income',
    );
    const imported = await uploadFixture(user, 'us-bank.csv');
    const byName = new Map(imported.preview.map((row) => [row.name, row]));
    expect(byName.get('Starbucks')).toMatchObject({ category: 'Coffee', categorySource: 'rule' });
    expect(byName.get('NETFLIX.COM 866-579-7172 CA')).toMatchObject({
      category: 'Subscriptions',
      categorySource: 'history',
    });
    expect(byName.get('SHELL OIL 57442 PORTLAND OR')).toMatchObject({
      category: 'Miscellaneous',
      categorySource: 'default',
    });
    expect(byName.get('ZELLE FROM JANE DOE')).toMatchObject({
      category: 'Other Income',
      categorySource: 'default',
    });
    await commit(user, imported._id, { rows: [{ index: 8, category: 'Gifts' }] });
    expect(await ok(user, 'GET', '/api/transactions/categories/income')).toContain('Other Income');
    expect(await ok(user, 'GET', '/api/transactions/categories/expense')).toContain('Coffee');
    const zelle = (await transactionsOf(user, '&search=zelle'))[0];
    expect(zelle).toMatchObject({ category: 'Gifts' });
    // Re-importing finds the renamed rows as duplicates too.
    const again = await uploadFixture(user, 'us-bank.csv');
    expect(again.counts.duplicate).toBe(10);
  });

  it('uses the file’s own category column when the mapping names one', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await upload(
      user,
      'categories.csv',
      csv([
        'Date,Description,Category,Amount',
        '2026-03-01,Lidl,Groceries,-20.00',
        '2026-03-02,Pharmacy,,-8.00',
      ]),
    );
    expect(imported.mapping).toMatchObject({ category: 2 });
    expect(imported.preview.map((row) => [row.category, row.categorySource])).toEqual([
      ['Groceries', 'file'],
      ['Miscellaneous', 'default'],
    ]);
  });
});

describe('what goes with what', () => {
  it('a rule added after the upload counts in the preview and the commit', async () => {
    const user = await signUp(context.app, { setup: true });
    const imported = await uploadFixture(user, 'uk-bank.csv');
    expect(imported.preview[0]).toMatchObject({
      category: 'Miscellaneous',
      categorySource: 'default',
    });
    await ok(user, 'POST', '/api/rules', {
      value: 'tesco',
      category: 'Groceries',
      rename: 'Tesco',
    });
    const again = await ok<Import>(user, 'GET', `/api/imports/${imported._id}`);
    expect(again.preview[0]).toMatchObject({
      name: 'Tesco',
      category: 'Groceries',
      categorySource: 'rule',
    });
    await commit(user, imported._id);
    expect((await transactionsOf(user, '&search=tesco'))[0]).toMatchObject({
      name: 'Tesco',
      category: 'Groceries',
    });
  });

  it('an account’s imports and their rows go with the account', async () => {
    const user = await signUp(context.app, { setup: true });
    const spare = await ok<{ _id: string }>(user, 'POST', '/api/accounts', {
      name: 'Spare',
      type: 'cash',
    });
    const imported = await upload(user, 'x.qif', importFixture('checking.qif'), {
      accountId: spare._id,
    });
    await ok(user, 'DELETE', `/api/accounts/${spare._id}`);
    expect((await call(user, 'GET', `/api/imports/${imported._id}`)).statusCode).toBe(404);
    const { rows } = await context.database.pool.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM import_rows WHERE import_id = $1',
      [imported._id],
    );
    expect(rows[0]?.count).toBe(0);
  });
});
