// Imports of every fixture format.
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test-app';
import { commit, context, essentials, transactionsOf, uploadFixture } from './imports-setup';

describe('the fixture formats: bank CSVs', () => {
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
});

describe('the fixture formats: OFX and QIF', () => {
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
});

describe('the fixture formats: CAMT.053, and committing each', () => {
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
