// Bank files shaped like the ones other projects' parsers are tested on (issue 32), uploaded
// through HTTP on a real PostgreSQL: one block per class of file that was read wrong.
import type { Import, ImportRow } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from './support/api-calls';
import { importFixture, uploadImport } from './support/import-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from './test-app';

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
    expect(imported.counts).toEqual({ new: 4, duplicate: 0, problem: 0 });
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
    expect(imported.counts).toEqual({ new: 3, duplicate: 0, problem: 0 });
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
    expect(imported.counts).toEqual({ new: 6, duplicate: 0, problem: 0 });
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
    expect(imported.counts).toEqual({ new: 6, duplicate: 0, problem: 0 });
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
  it('reads a Czech bank CSV in Windows-1250', async () => {
    const imported = await upload('cz-bank-windows-1250.csv');
    expect(imported.encoding).toBe('windows-1250');
    expect(imported.columns).toContain('Název protiúčtu');
    expect(imported.counts).toEqual({ new: 7, duplicate: 0, problem: 0 });
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
