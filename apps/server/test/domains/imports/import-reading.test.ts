// The small readers behind imports, case by case (the formats themselves are tested through
// HTTP in imports.test.ts).
import { describe, expect, it } from 'vitest';
import { pairOneToOne } from '../../../src/domains/imports/one-to-one';
import { detectDelimiter } from '../../../src/domains/imports/reading/csv-dialect';
import { detectMapping, findHeader } from '../../../src/domains/imports/reading/csv-mapping';
import {
  decimalEvidence,
  parseBankAmount,
} from '../../../src/domains/imports/reading/parse-bank-amount';
import { parseDate } from '../../../src/domains/imports/reading/parse-date';
import {
  directionOf,
  isDirectionColumn,
} from '../../../src/domains/imports/reading/direction-marker';
import {
  declaredLegacyEncoding,
  legacyEncodingOf,
} from '../../../src/domains/imports/reading/legacy-encoding';
import { sniffEncoding, TextDecoding } from '../../../src/domains/imports/reading/text-decoding';
import iconv from 'iconv-lite';

describe('parseBankAmount', () => {
  it.each([
    ['12.50', '.', 1250],
    ['-12.50', '.', -1250],
    ['1,234.56', '.', 123456],
    ['1.234,56', '.', 123456],
    ['1.234,56', ',', 123456],
    ['1 234,56', ',', 123456],
    ['1\u202f234,56', ',', 123456],
    ["1'234.50", '.', 123450],
    ['(12.00)', '.', -1200],
    ['12,00-', ',', -1200],
    ['-€5', '.', -500],
    ['€-5', '.', -500],
    ['EUR 12,50', ',', 1250],
    ['12.50 EUR', '.', 1250],
    ['£1,050.00', '.', 105000],
    ['12.00 DR', '.', -1200],
    ['12.00CR', '.', 1200],
    ['+7,5', ',', 750],
    ['−3.10', '.', -310],
    ['1,234', '.', 123400],
    ['1,23', ',', 123],
    ['12,5', '.', 1250],
    ['.5', '.', 50],
    ['12.500', ',', 1250000],
    ['12.500', '.', 1250],
    ['0', '.', 0],
  ] as const)('%s (decimal %s) is %d cents', (text, separator, cents) => {
    expect(parseBankAmount(text, separator)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'invalid'],
    ['12,3,4', 'invalid'],
    ['1.2.3', 'invalid'],
    ['--5', 'invalid'],
    ['5-5', 'invalid'],
    ['(-5)', 'invalid'],
    ['12.345', 'decimals'],
    ['99999999999999999', 'too-large'],
    ['=1+2', 'invalid'],
  ] as const)('%j is refused: %s', (text, reason) => {
    expect(parseBankAmount(text, '.')).toEqual({ ok: false, reason });
  });

  it('rounds more than two decimals to the cent, half away from zero, only when asked', () => {
    expect(parseBankAmount('-42.1250', '.', { roundToCents: true })).toEqual({
      ok: true,
      cents: -4213,
    });
    expect(parseBankAmount('0.4149', '.', { roundToCents: true })).toEqual({ ok: true, cents: 41 });
    expect(parseBankAmount('9.995', '.', { roundToCents: true })).toEqual({
      ok: true,
      cents: 1000,
    });
    expect(parseBankAmount('-42.1250', '.')).toEqual({ ok: false, reason: 'decimals' });
  });

  it('reads a single separator as the decimal point it is said to be', () => {
    // 1,234 with a decimal comma is 1.234: three decimals, not money.
    expect(parseBankAmount('1,234', ',')).toEqual({ ok: false, reason: 'decimals' });
  });

  it('says which decimal separator a spelling proves', () => {
    expect(decimalEvidence('1.234,56')).toBe(',');
    expect(decimalEvidence('12,5')).toBe(',');
    expect(decimalEvidence('1,234.56')).toBe('.');
    expect(decimalEvidence('1,234')).toBeUndefined();
    expect(decimalEvidence('12')).toBeUndefined();
  });
});

describe('parseDate', () => {
  it.each([
    ['2026-03-05', 'YYYY-MM-DD', '2026-03-05'],
    ['2026-03-05T14:22:00Z', 'YYYY-MM-DD', '2026-03-05'],
    ['2026/3/5', 'YYYY/MM/DD', '2026-03-05'],
    ['05.03.2026', 'DD.MM.YYYY', '2026-03-05'],
    ['5.3.26', 'DD.MM.YYYY', '2026-03-05'],
    ['05/03/2026', 'DD/MM/YYYY', '2026-03-05'],
    ['05/03/2026', 'MM/DD/YYYY', '2026-05-03'],
    ["3/5'26", 'MM/DD/YYYY', '2026-03-05'],
    ['05-03-2026 14:22', 'DD-MM-YYYY', '2026-03-05'],
    ['29.02.2024', 'DD.MM.YYYY', '2024-02-29'],
    ['1/ 1/10', 'MM/DD/YYYY', '2010-01-01'],
    ['6/1/94', 'MM/DD/YYYY', '1994-06-01'],
    ['31.12.29', 'DD.MM.YYYY', '2029-12-31'],
    ['01.01.30', 'DD.MM.YYYY', '1930-01-01'],
    ["1/ 3' 0", 'MM/DD/YYYY', '2000-01-03'],
    ["6/1'2004", 'MM/DD/YYYY', '2004-06-01'],
  ] as const)('%s as %s is %s', (text, format, date) => {
    expect(parseDate(text, format)).toBe(date);
  });

  it.each([
    ['29.02.2026', 'DD.MM.YYYY'],
    ['13/13/2026', 'MM/DD/YYYY'],
    ['2026-03-05', 'DD.MM.YYYY'],
    ['yesterday', 'YYYY-MM-DD'],
    ['', 'YYYY-MM-DD'],
  ] as const)('%j is not a %s date', (text, format) => {
    expect(parseDate(text, format)).toBeNull();
  });
});

describe('detectDelimiter', () => {
  it('finds the delimiter that splits the table, not the preamble or the decimal commas', () => {
    expect(
      detectDelimiter([
        'Konto:;123',
        '',
        'Datum;Betrag;Text',
        '01.03.2026;1,50;A',
        '02.03.2026;2,50;B',
      ]),
    ).toBe(';');
    expect(detectDelimiter(['a,b,c', '"x, y",2,3'])).toBe(',');
    expect(detectDelimiter(['a\tb\tc', '1\t2\t3'])).toBe('\t');
    expect(detectDelimiter(['a|b', '1|2'])).toBe('|');
    expect(detectDelimiter(['Dear bank', 'thanks'])).toBeUndefined();
  });
});

describe('TextDecoding', () => {
  const decodeInChunks = (bytes: Buffer, size: number) => {
    const decoding = new TextDecoding(sniffEncoding(bytes));
    let text = '';
    for (let start = 0; start < bytes.length; start += size) {
      text += decoding.write(bytes.subarray(start, start + size));
    }
    return { text: text + decoding.end(), encoding: decoding.encoding };
  };

  it('tells UTF-8 from Windows-1252 by the first byte beyond ASCII, across chunk boundaries', () => {
    const utf8 = Buffer.from('Datum;Text\n01.03.2026;Müller € “quoted”\n');
    const cp1252 = Buffer.from([
      ...Buffer.from('Datum;Text\n01.03.2026;M'),
      0xfc,
      ...Buffer.from('ller '),
      0x80,
      0x93,
    ]);
    for (const size of [1, 2, 3, 7, 1000]) {
      expect(decodeInChunks(utf8, size)).toEqual({
        text: utf8.toString('utf8'),
        encoding: 'utf-8',
      });
      expect(decodeInChunks(cp1252, size)).toEqual({
        text: 'Datum;Text\n01.03.2026;Müller €“',
        encoding: 'windows-1252',
      });
    }
  });

  it('reads UTF-16 with or without a byte order mark', () => {
    const text = 'Date,Name\n2026-03-01,Café\n';
    const le = Buffer.from(text, 'utf16le');
    expect(decodeInChunks(Buffer.concat([Buffer.from([0xff, 0xfe]), le]), 5).encoding).toBe(
      'utf-16le',
    );
    expect(decodeInChunks(le, 5)).toEqual({ text, encoding: 'utf-16le' });
  });
});

describe('pairOneToOne', () => {
  it('pairs each row and each transaction at most once, in the order given', () => {
    const pairs = pairOneToOne([
      { position: 1, id: 'a' },
      { position: 2, id: 'a' },
      { position: 1, id: 'b' },
      { position: 2, id: 'b' },
      { position: 3, id: 'b' },
    ]);
    expect([...pairs]).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
  });
});

describe('declaredLegacyEncoding', () => {
  it.each([
    ['OFXHEADER:100\r\nDATA:OFXSGML\r\nCHARSET:1250\r\n', 'windows-1250'],
    ['<?xml version="1.0" encoding="ISO-8859-2"?><Document>', 'iso-8859-2'],
    ["<?xml version='1.0' encoding='windows-1250'?>", 'windows-1250'],
    ['OFXHEADER:100\r\nCHARSET:1252\r\n', 'windows-1252'],
    ['<?xml version="1.0" encoding="UTF-8"?>', undefined],
    ['Date,Description,Amount', undefined],
  ] as const)('%j declares %s', (head, encoding) => {
    expect(declaredLegacyEncoding(Buffer.from(head))).toBe(encoding);
  });
});

describe('legacyEncodingOf', () => {
  it.each([
    ['Przelew Wrocław; opłata za mieszkanie; Gdańsk; sklep spożywczy', 'windows-1250'],
    ['Výběr z bankomatu; Převod; Poplatek za vedení účtu', 'windows-1250'],
    ['Plaćanje karticom; Šibenik; Zagreb Konzum', 'windows-1250'],
    ['Crédit Agricole à Paris; Café; Caffè più; Ménière', 'windows-1252'],
    ['København; Møller; Århus; Føtex', 'windows-1252'],
    ['Bäckerei Müller; Straße; Kaffee für 3,50 €', 'windows-1252'],
    ['£12.50 TESCO; ¿Qué? 1½ kg', 'windows-1252'],
  ] as const)('%s is %s', (text, encoding) => {
    expect(legacyEncodingOf(iconv.encode(text, encoding))).toBe(encoding);
  });
});

describe('debit/credit markers', () => {
  it('reads the pairs banks write beside unsigned amounts', () => {
    expect(['Dr', 'debit', 'S', 'Soll', 'Af', 'DBIT', 'D.'].map(directionOf)).toEqual(
      Array(7).fill('out'),
    );
    expect(['Cr', 'CREDIT', 'H', 'Haben', 'Bij', 'CRDT', 'C'].map(directionOf)).toEqual(
      Array(7).fill('in'),
    );
    expect(['', 'DEBIT_CARD', 'Payment'].map(directionOf)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('takes a column for markers only when every value is one of a pair', () => {
    expect(isDirectionColumn(['Dr', 'Cr', 'Dr'], 3)).toBe(true);
    expect(isDirectionColumn(['', 'Cr', '', 'Cr'], 4)).toBe(true);
    expect(isDirectionColumn(['Dr', 'Cr', 'Pending'], 3)).toBe(false);
    // A status column of C (cleared) alone is no marker column; C and D together are.
    expect(isDirectionColumn(['C', 'C', 'C'], 3)).toBe(false);
    expect(isDirectionColumn(['C', 'D', 'C'], 3)).toBe(true);
    expect(isDirectionColumn(['Cr', '', '', '', '', '', '', ''], 8)).toBe(false);
  });
});

describe('detectMapping', () => {
  const detect = (records: string[][]) => {
    const table = findHeader(records)!;
    return detectMapping(table, records.slice(table.headerIndex + 1), {
      monthFirst: false,
      delimiter: ',',
    });
  };

  it('keeps a name column that never varies when no other column does (one payee, a short file)', () => {
    const { mapping, reasons } = detect([
      ['Date', 'Description', 'Amount'],
      ['2026-01-05', 'NETFLIX.COM', '-15.49'],
      ['2026-02-05', 'NETFLIX.COM', '-15.49'],
      ['2026-03-05', 'NETFLIX.COM', '-15.49'],
    ]);
    expect(mapping.name).toBe(1);
    expect(reasons.name).toMatch(/title says payee or description/);
  });

  it('falls back to the fullest text column when none is filled in on most rows', () => {
    const { mapping, reasons } = detect([
      ['Date', 'Amount', 'Payee', 'Memo'],
      ['2026-03-01', '-5.00', '', 'coffee'],
      ['2026-03-02', '-6.00', 'Bakery', 'bread'],
      ['2026-03-03', '-7.00', '', ''],
      ['2026-03-04', '-8.00', '', ''],
      ['2026-03-05', '-9.00', '', ''],
    ]);
    expect(mapping.name).toBe(3);
    expect(reasons.name).toMatch(/a guess, check it/);
  });

  it('does not read a bank account with a balance as a card, however positive its amounts', () => {
    const { mapping } = detect([
      ['Date', 'Description', 'Amount', 'Balance'],
      ['2026-03-01', 'INTEREST', '1.20', '101.20'],
      ['2026-03-02', 'DEPOSIT THANK YOU', '50.00', '151.20'],
      ['2026-03-03', 'TRANSFER PAYMENT', '-20.00', '131.20'],
    ]);
    expect(mapping.invertSign).toBe(false);
  });
});
