import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { parseCsv, toSpreadsheetCsv } from './spreadsheet-csv';

const GERMAN: Record<string, string> = {
  'spreadsheet.headers.date': 'Datum',
  'spreadsheet.headers.type': 'Art',
  'spreadsheet.headers.name': 'Name',
  'spreadsheet.headers.amount': 'Betrag',
  'spreadsheet.headers.note': 'Notiz',
  'spreadsheet.headers.total': 'Gesamt',
  'spreadsheet.headers.balance': 'Saldo',
  'spreadsheet.headers.account': 'Konto',
  'spreadsheet.values.expense': 'Ausgabe',
};
const t = ((key: string) => GERMAN[key] ?? key) as unknown as TFunction;
const DE = { decimal: ',', group: '.' } as const;

describe('toSpreadsheetCsv', () => {
  it('writes semicolons, decimal commas, translated headers and values and a byte-order mark', () => {
    const machine =
      '\ufeffDate,Type,Name,Amount,Note\n2026-03-01,Expense,"Bäcker, Ecke",1234.50,"Sagte ""hallo"""\n2026-03-02,Expense,12.50,3.00,\n';
    const written = toSpreadsheetCsv(machine, { format: DE, t });
    expect(written.startsWith('\ufeff')).toBe(true);
    expect(written.slice(1).split('\r\n')).toEqual([
      'Datum;Art;Name;Betrag;Notiz',
      // A comma is no separator any more: the name needs no quotes; a quote still does.
      '2026-03-01;Ausgabe;Bäcker, Ecke;1234,50;"Sagte ""hallo"""',
      // A name that looks like a number stays as written.
      '2026-03-02;Ausgabe;12.50;3,00;',
      '',
    ]);
  });

  it('names the net worth total row and keeps a comma separator where the decimal is a point', () => {
    const machine = 'Date,Account,Balance\n2026-03-31,Total,\n2026-03-31,Main,-5.25\n';
    const written = toSpreadsheetCsv(machine, { format: { decimal: '.', group: ',' }, t });
    expect(written.slice(1).split('\r\n').slice(0, 3)).toEqual([
      'Datum,Konto,Saldo',
      '2026-03-31,Gesamt,',
      '2026-03-31,Main,-5.25',
    ]);
  });

  it('reads quoted line breaks as one cell', () => {
    expect(parseCsv('a,b\n"x\ny",2\n')).toEqual([
      ['a', 'b'],
      ['x\ny', '2'],
    ]);
  });
});
