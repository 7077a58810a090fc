// Bank files shaped like the ones other projects' parsers are tested on, uploaded
// through HTTP on a real PostgreSQL: one block per class of file that was read wrong.
import type { Import, ImportRow } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { importFixture, uploadImport } from '../../support/import-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
const { ok } = apiCalls(() => context.app);
let user: SignedUpUser;
beforeAll(async () => {
  context = await createTestApp();
  user = await signUp(context.app, { setup: true });
});
afterAll(async () => {
  await context.close();
});

async function upload(name: string, bytes = importFixture(`real-shapes/${name}`)): Promise<Import> {
  const response = await uploadImport(context.app, user, name, bytes);
  if (response.statusCode !== 201) throw new Error(`upload ${name}: ${response.body}`);
  return response.json<Import>();
}

async function allRows(id: string): Promise<ImportRow[]> {
  return (await ok<{ rows: ImportRow[] }>(user, 'GET', `/api/imports/${id}/rows?page=1&limit=100`))
    .rows;
}

/** Date, name, signed amount: what a row books. */
const booked = (rows: ImportRow[]) =>
  rows.map((row) => ({
    date: row.date,
    name: row.name,
    amount: row.amount === null ? null : row.isIncome ? row.amount : -row.amount,
  }));

describe('signs', () => {
  it('books a CAMT.053 reversal in the direction its credit/debit indicator gives', async () => {
    const imported = await upload('camt053-reversals.xml');
    expect(imported.counts).toEqual({ new: 4, duplicate: 0, problem: 0, transfer: 0 });
    expect(booked(await allRows(imported._id))).toEqual([
      { date: '2026-03-03', name: 'Telekom Deutschland GmbH', amount: -39.95 },
      // The returned direct debit comes back as money in, named after the creditor.
      { date: '2026-03-06', name: 'Telekom Deutschland GmbH', amount: 39.95 },
      { date: '2026-03-10', name: 'Max Mustermann', amount: 75 },
      // The reversed incoming transfer goes out again.
      { date: '2026-03-11', name: 'Max Mustermann', amount: -75 },
    ]);
  });
});

describe('card CSVs', () => {
  it('reads an Amex export, charges positive, as expenses and its payment and refund as money in', async () => {
    const imported = await upload('amex-card.csv');
    expect(imported.mapping).toMatchObject({ amount: 4, name: 1, invertSign: true });
    expect(imported.mappingReasons?.invertSign).toMatch(/card statement.*"Card Member"/);
    expect(booked(imported.preview).slice(0, 3)).toEqual([
      { date: '2026-03-28', name: 'UBER TRIP HELP.UBER.COM CA', amount: -23.17 },
      { date: '2026-03-27', name: 'WHOLEFDS MKT 10245 SEATTLE WA', amount: -86.4 },
      { date: '2026-03-25', name: 'AUTOPAY PAYMENT - THANK YOU', amount: 1250 },
    ]);
    expect(booked(imported.preview)[6]).toEqual({
      date: '2026-03-14',
      name: 'AMAZON MARKETPLACE NA PA AMZN.COM/BILL WA',
      amount: 34.99,
    });
  });

  it('knows a card statement without a card column by its payments (Discover)', async () => {
    const imported = await upload('discover-card.csv');
    expect(imported.mapping).toMatchObject({ invertSign: true, category: 4 });
    expect(booked(imported.preview).slice(0, 3)).toEqual([
      { date: '2026-03-02', name: 'SHELL OIL 57442 PORTLAND OR', amount: -41.2 },
      { date: '2026-03-04', name: 'TRADER JOE S #143 PORTLAND OR', amount: -63.18 },
      { date: '2026-03-06', name: 'INTERNET PAYMENT - THANK YOU', amount: 500 },
    ]);
  });

  it('reads an Apple Card export by its merchant column, purchases as expenses', async () => {
    const imported = await upload('apple-card.csv');
    expect(imported.columns![imported.mapping!.name]).toBe('Merchant');
    expect(booked(imported.preview).slice(1, 3)).toEqual([
      { date: '2026-03-27', name: 'Safeway', amount: -57.32 },
      { date: '2026-03-25', name: 'Payment', amount: 400 },
    ]);
  });

  it('leaves a Chase card export, charges already negative, as it is', async () => {
    const imported = await upload('chase-card.csv');
    expect(imported.mapping).toMatchObject({ amount: 5, invertSign: false });
    expect(imported.mappingReasons?.invertSign).toBeUndefined();
    expect(booked(imported.preview).slice(0, 2)).toEqual([
      { date: '2026-03-28', name: 'TST* BLUE BOTTLE COFFEE', amount: -7.5 },
      { date: '2026-03-26', name: 'Payment Thank You-Mobile', amount: 850 },
    ]);
  });

  it('reads a Capital One export: the Debit column is charges, the Credit column payments', async () => {
    const imported = await upload('capital-one-card.csv');
    expect(imported.mapping).toMatchObject({
      amount: null,
      debit: 5,
      credit: 6,
      invertSign: false,
    });
    expect(booked(imported.preview).slice(0, 2)).toEqual([
      { date: '2026-03-27', name: 'KROGER #423', amount: -72.14 },
      { date: '2026-03-25', name: 'CAPITAL ONE MOBILE PYMT', amount: 600 },
    ]);
  });
});

describe('unsigned amounts beside a debit/credit column', () => {
  it('reads an ICICI card CSV: Dr charges as expenses, Cr payments as money in, the zero Intl.Amount passed over', async () => {
    const imported = await upload('icici-card.csv');
    expect(imported.columns![imported.mapping!.direction!]).toBe('BillingAmountSign');
    expect(imported.columns![imported.mapping!.amount!]).toBe('Amount(in Rs)');
    expect(imported.mappingReasons?.direction).toMatch(/"Dr", "Cr"/);
    expect(imported.counts).toEqual({ new: 7, duplicate: 0, problem: 0, transfer: 0 });
    expect(booked(imported.preview).slice(0, 3)).toEqual([
      { date: '2026-03-02', name: 'BIGBASKET BANGALORE IN', amount: -1245 },
      { date: '2026-03-05', name: 'UBER INDIA SYSTEMS PVT MUMBAI IN', amount: -318.5 },
      { date: '2026-03-07', name: 'INFINITY PAYMENT RECEIVED THANK YOU', amount: 12000 },
    ]);
  });

  it('reads a Mint export by its Transaction Type (debit/credit)', async () => {
    const imported = await upload('mint-export.csv');
    // Known by its header as Mint's (docs/imports-other-apps.md): read by Mint's columns, without a
    // mapping.
    expect(imported.sourceApp).toBe('mint');
    expect(imported.mapping).toBeNull();
    expect(imported.statements.map((statement) => statement.name)).toEqual(['Sapphire Card']);
    expect(booked(imported.preview).slice(0, 5)).toEqual([
      { date: '2026-03-27', name: 'Whole Foods', amount: -86.4 },
      { date: '2026-03-25', name: 'Credit Card Payment', amount: 1250 },
      { date: '2026-03-22', name: 'Delta', amount: -412.6 },
      { date: '2026-03-19', name: 'Netflix', amount: -15.49 },
      { date: '2026-03-16', name: 'Amazon', amount: 34.99 },
    ]);
  });

  it('reads the unmarked rows as expenses when only credits are marked (HDFC), and keeps a chosen marker column', async () => {
    const csv = [
      'DATE,Description,AMT,Debit /Credit',
      '02/03/2026,AMAZON PAY INDIA,1245.00,',
      '05/03/2026,PAYMENT RECEIVED - NEFT,5000.00,Cr',
      '09/03/2026,SWIGGY BANGALORE,452.00,',
      '14/03/2026,ZOMATO GURGAON,310.00,',
    ].join('\n');
    const imported = await upload('hdfc.csv', Buffer.from(csv));
    expect(imported.mapping).toMatchObject({ amount: 2, direction: 3, invertSign: true });
    expect(imported.mappingReasons?.invertSign).toMatch(/Only money in is marked/);
    expect(booked(imported.preview).map((row) => row.amount)).toEqual([-1245, 5000, -452, -310]);

    const remapped = await ok<Import>(user, 'PUT', `/api/imports/${imported._id}/mapping`, {
      mapping: { ...imported.mapping, direction: null },
    });
    expect(remapped.mapping?.direction).toBeNull();
    // Without the marker, every row is inverted: the payment too.
    expect(booked(remapped.preview).map((row) => row.amount)).toEqual([-1245, -5000, -452, -310]);
  });
});

describe('columns chosen by what they hold', () => {
  it('passes over an all-zero "Intl.Amount" column for the amount', async () => {
    const imported = await upload('intl-amount.csv');
    expect(imported.columns![imported.mapping!.amount!]).toBe('Amount (GBP)');
    expect(imported.mappingReasons?.amount).toMatch(
      /"Intl.Amount" was passed over: its values are zero/,
    );
    expect(imported.counts).toEqual({ new: 7, duplicate: 0, problem: 0, transfer: 0 });
    expect(booked(imported.preview)[0]).toEqual({
      date: '2026-03-01',
      name: 'TESCO STORES 2041',
      amount: -32.15,
    });
  });

  it('passes over a mostly empty payee column for the name', async () => {
    const imported = await upload('sparse-beneficiary.csv');
    expect(imported.columns![imported.mapping!.name]).toBe('Details');
    expect(imported.mappingReasons?.name).toMatch(
      /"Beneficiary" was passed over: it is empty in 8 of 10 rows/,
    );
    expect(imported.counts.problem).toBe(0);
    expect(imported.preview[0]!.name).toBe('ALBERT HEIJN 1234 AMSTERDAM');
  });

  it('passes over a date column with "PENDING" rows for the name', async () => {
    const imported = await upload('pending-post-date.csv');
    expect(imported.columns![imported.mapping!.name]).toBe('Transaction');
    expect(imported.mappingReasons?.name).toMatch(/"Post Date" was passed over: it holds dates/);
    expect(booked(imported.preview).slice(0, 2)).toEqual([
      { date: '2026-03-30', name: 'SHELL OIL 57442', amount: -38.1 },
      { date: '2026-03-29', name: 'STARBUCKS 10234', amount: -5.45 },
    ]);
  });

  it('passes over a "Description" with the same product name on every row for the payee column', async () => {
    const imported = await upload('constant-description.csv');
    expect(imported.columns![imported.mapping!.name]).toBe('Other Party');
    expect(imported.mappingReasons?.name).toMatch(
      /"Description" was passed over: it holds the same text on every row/,
    );
    expect(imported.preview.map((row) => row.name)).toContain('WOOLWORTHS 1234 SYDNEY');
  });

  it('says a remembered mapping is remembered, and gives no reasons for a mapping the user chose', async () => {
    const other = await signUp(context.app, { setup: true });
    const bytes = importFixture('real-shapes/intl-amount.csv');
    const first = (await uploadImport(context.app, other, 'a.csv', bytes)).json<Import>();
    expect(first.mappingReasons?.date).toMatch(/date/);
    const changed = await ok<Import>(other, 'PUT', `/api/imports/${first._id}/mapping`, {
      mapping: { ...first.mapping, note: null },
    });
    expect(changed.mapping?.note).toBeNull();
    expect(changed.mappingReasons).toBeUndefined();
    const again = (await uploadImport(context.app, other, 'b.csv', bytes)).json<Import>();
    expect(again.mapping).toEqual(changed.mapping);
    expect(again.mappingReasons?.name).toMatch(/You chose this column/);
  });
});

describe('QIF files that were refused or half read', () => {
  it('reads a QIF that starts with comment lines', async () => {
    const imported = await upload('commented.qif');
    expect(imported.format).toBe('qif');
    expect(booked(imported.preview)).toEqual([
      { date: '2026-04-01', name: 'Corner Deli', amount: -18.4 },
      { date: '2026-04-21', name: 'Payroll', amount: 1200 },
    ]);
  });

  it('skips the securities, prices and investment register of a full export and reads the bank register', async () => {
    const imported = await upload('quicken-full-export.qif');
    expect(imported.counts).toEqual({ new: 3, duplicate: 0, problem: 0, transfer: 0 });
    expect(booked(imported.preview)).toEqual([
      { date: '2026-03-03', name: 'Transfer to Brokerage', amount: -412.5 },
      { date: '2026-03-09', name: 'Pacific Gas & Electric', amount: -64.8 },
      { date: '2026-03-16', name: 'Acme Corp Payroll', amount: 2150 },
    ]);
  });
});

describe('dates', () => {
  it('reads space-padded Quicken dates, two-digit years in 1930–2029 and apostrophe years as 20xx', async () => {
    const imported = await upload('quicken-padded-dates.qif');
    expect(imported.counts).toEqual({ new: 6, duplicate: 0, problem: 0, transfer: 0 });
    expect(imported.preview.map((row) => row.date)).toEqual([
      '1994-06-01',
      '1994-06-02',
      '1994-06-03',
      '1999-12-31',
      '2000-01-03',
      '2001-02-14',
    ]);
  });

  it("reads M/D'YYYY", async () => {
    const imported = await upload('quicken-apostrophe-years.qif');
    expect(booked(imported.preview)).toEqual([
      { date: '2004-06-01', name: 'SHELL OIL 57444', amount: -34.12 },
      { date: '2004-06-14', name: 'BLOCKBUSTER VIDEO', amount: -12.5 },
      { date: '2004-06-22', name: 'PAYMENT - THANK YOU', amount: 200 },
    ]);
  });
});

describe('OFX rows that were problems', () => {
  it('names a row without NAME or MEMO from its check number, payee id or type, and rounds four decimals to cents', async () => {
    const imported = await upload('ofx-bare-transactions.ofx');
    expect(imported.counts).toEqual({ new: 6, duplicate: 0, problem: 0, transfer: 0 });
    expect(booked(imported.preview)).toEqual([
      { date: '2026-03-03', name: 'Check 1043', amount: -150 },
      { date: '2026-03-05', name: 'Payee 7', amount: -89.5 },
      { date: '2026-03-09', name: 'SAFEWAY #1234', amount: -42.13 },
      { date: '2026-03-15', name: 'FOREIGN TRANSACTION FEE', amount: -0.33 },
      { date: '2026-03-16', name: 'ACME CORP PAYROLL', amount: 1500 },
      { date: '2026-03-31', name: 'Interest', amount: 0.42 },
    ]);
  });
});

describe('Central European text', () => {
  it('reads a Polish OFX in the Windows-1250 its CHARSET header declares', async () => {
    const imported = await upload('pl-bank-ofx-charset-1250.ofx');
    expect(imported.encoding).toBe('windows-1250');
    expect(booked(imported.preview)).toEqual([
      { date: '2026-03-03', name: 'Piekarnia Górska', amount: -84.2 },
      { date: '2026-03-10', name: 'Wynagrodzenie – Księgowość sp. z o.o.', amount: 6500 },
      { date: '2026-03-15', name: 'Spółdzielnia Mieszkaniowa Śródmieście', amount: -250 },
    ]);
    expect(imported.preview[0]!.note).toBe('Płatność kartą 02.03 Kraków');
  });

  it('reads a Czech bank CSV in Windows-1250', async () => {
    const imported = await upload('cz-bank-windows-1250.csv');
    expect(imported.encoding).toBe('windows-1250');
    expect(imported.columns).toContain('Název protiúčtu');
    expect(imported.counts).toEqual({ new: 7, duplicate: 0, problem: 0, transfer: 0 });
    expect(booked(imported.preview)).toEqual([
      { date: '2026-03-02', name: 'Potraviny Žabka', amount: -312.5 },
      { date: '2026-03-04', name: 'Výběr z bankomatu', amount: -2000 },
      { date: '2026-03-05', name: 'Strojírny Plzeň a.s.', amount: 42150 },
      { date: '2026-03-10', name: 'Pražská energetika', amount: -1890 },
      { date: '2026-03-14', name: 'Česká pošta, s.p.', amount: -89 },
      { date: '2026-03-18', name: 'Bytové družstvo Šárka', amount: -15600 },
      { date: '2026-03-25', name: 'Česká spořitelna', amount: -45 },
    ]);
    expect(imported.preview[0]!.note).toBe('Nákup Praha 4');
  });
});
