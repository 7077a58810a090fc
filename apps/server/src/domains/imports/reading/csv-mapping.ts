import { IMPORT_DATE_FORMATS, type ImportDateFormat, type ImportMapping } from '@moneta/shared';
import { chooseDateFormat, formatsReading, parseDate } from './parse-date';
import { decimalEvidence, parseBankAmount, type DecimalSeparator } from './parse-bank-amount';

/** How many records the header and the mapping are detected from. */
export const DETECTION_RECORDS = 200;
/** The header is looked for among the first records (a bank's preamble is a few lines). */
const HEADER_SEARCH = 30;

/** A header cell as keywords compare it: lower case, no accents, letters and digits only. */
function keyOf(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Words banks put in their column titles (English, German, French, Dutch, Spanish, Italian,
 * Czech, Polish, Hungarian), best first. A title matches a word it equals, or contains when the word is long enough
 * not to hide inside others.
 */
const KEYWORDS = {
  date: [
    'buchungstag',
    'buchungsdatum',
    'bookingdate',
    'transactiondate',
    'postingdate',
    'posteddate',
    'date',
    'datum',
    'dateoperation',
    'datedoperation',
    'fecha',
    'data',
    'transdate',
    'fechaoperacion',
  ],
  valueDate: ['valuedate', 'valuta', 'wertstellung', 'valutadatum', 'datevaleur', 'fechavalor'],
  amount: [
    'amount',
    'betrag',
    'montant',
    'importe',
    'bedrag',
    'importo',
    'umsatz',
    'value',
    'sum',
    'valor',
    'castka',
    'kwota',
    'objem',
    'osszeg',
  ],
  debit: [
    'debit',
    'paidout',
    'moneyout',
    'withdrawal',
    'withdrawals',
    'soll',
    'ausgang',
    'belastung',
    'debet',
    'out',
    'spent',
    'charges',
    'ausgaben',
    'afschrijving',
  ],
  credit: [
    'credit',
    'paidin',
    'moneyin',
    'deposit',
    'deposits',
    'haben',
    'eingang',
    'gutschrift',
    'in',
    'received',
    'einnahmen',
    'bijschrijving',
  ],
  balance: ['balance', 'saldo', 'kontostand', 'solde', 'runningbalance', 'saldoneu'],
  payee: [
    'payee',
    'beneficiary',
    'merchant',
    'counterparty',
    'begunstigterzahlungspflichtiger',
    'auftraggeberbegunstigter',
    'begunstigter',
    'empfanger',
    'auftraggeber',
    'zahlungspflichtiger',
    'namezahlungsbeteiligter',
    'partner',
    'recipient',
    'tegenrekeninghouder',
    'naamomschrijving',
    'name',
    'beguenstigter',
    'nazevprotiuctu',
    'kontrahent',
    'odbiorca',
  ],
  description: [
    'description',
    'transactiondescription',
    'details',
    'libelle',
    'libelleoperation',
    'omschrijving',
    'concepto',
    'descrizione',
    'narrative',
    'particulars',
    'text',
    'opisoperacji',
    'opis',
  ],
  note: [
    'memo',
    'note',
    'notes',
    'verwendungszweck',
    'purpose',
    'remittance',
    'communication',
    'mitteilung',
    'bemerkung',
    'comment',
    'reference',
    'referenz',
    'mededelingen',
    'buchungstext',
    'additionalinformation',
    'description',
    'libelle',
    'zpravaproprijemce',
    'zprava',
    'tytul',
    'kozlemeny',
  ],
  category: ['category', 'kategorie', 'categorie', 'categoria', 'rubrik'],
  identifier: [
    'iban',
    'bic',
    'accountnumber',
    'kontonummer',
    'blz',
    'checknumber',
    'chequenumber',
    'transactionid',
    'id',
    'nr',
    'number',
    'currency',
    'wahrung',
    'devise',
    'moneda',
    'mena',
    'waluta',
    'type',
    'typ',
  ],
} as const;
type Role = keyof typeof KEYWORDS;

/** The rank of the best keyword of `role` the title matches (lower is better), or undefined. */
function keywordRank(title: string, role: Role): number | undefined {
  const key = keyOf(title);
  const words: readonly string[] = KEYWORDS[role];
  const exact = words.indexOf(key);
  if (exact >= 0) return exact;
  const contained = words.findIndex((word) => word.length >= 4 && key.includes(word));
  return contained >= 0 ? words.length + contained : undefined;
}

const matches = (title: string, role: Role) => keywordRank(title, role) !== undefined;

/** Where the table starts: the header record and its cells. */
export interface CsvTable {
  headerIndex: number;
  columns: string[];
}

/**
 * The header is the first record that is mostly filled in (against the table's width, the most
 * common number of fields) and holds no date or amount. Preamble lines (account number,
 * period, balance) fill a cell or two; data rows hold dates and amounts. Some banks end data
 * rows with an extra delimiter, so the header may be a field narrower than its rows.
 */
export function findHeader(records: string[][]): CsvTable | undefined {
  const searched = records.slice(0, HEADER_SEARCH);
  const widths = new Map<number, number>();
  for (const record of records) {
    if (record.length >= 2) widths.set(record.length, (widths.get(record.length) ?? 0) + 1);
  }
  const width = [...widths].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0];
  if (width === undefined) return undefined;
  const looksLikeHeader = (record: string[]) => {
    const filled = record.filter((cell) => cell.trim() !== '');
    return (
      filled.length >= Math.max(2, Math.ceil(width * 0.6)) &&
      filled.every((cell) => formatsReading([cell]).length === 0 && !parseBankAmount(cell, '.').ok)
    );
  };
  let index = searched.findIndex(looksLikeHeader);
  if (index < 0) index = searched.findIndex((record) => record.length === width);
  if (index < 0) return undefined;
  return { headerIndex: index, columns: records[index]!.map((cell) => cell.trim()) };
}

interface ColumnProfile {
  index: number;
  title: string;
  filled: number;
  dateFormats: ImportDateFormat[];
  amounts: number;
  hasNegative: boolean;
  distinct: number;
  averageLength: number;
}

function profile(columns: string[], rows: string[][]): ColumnProfile[] {
  return columns.map((title, index) => {
    const values = rows.map((row) => (row[index] ?? '').trim()).filter((value) => value !== '');
    let amounts = 0;
    let hasNegative = false;
    for (const value of values) {
      const reading = parseBankAmount(value, '.');
      if (reading.ok) {
        amounts++;
        if (reading.cents < 0) hasNegative = true;
      }
    }
    return {
      index,
      title,
      filled: values.length,
      dateFormats: values.length > 0 ? formatsReading(values) : [],
      amounts,
      hasNegative,
      distinct: new Set(values).size,
      averageLength: values.reduce((sum, value) => sum + value.length, 0) / (values.length || 1),
    };
  });
}

/** The candidate ranked best for a role by title, else undefined. */
function byTitle(candidates: ColumnProfile[], role: Role): ColumnProfile | undefined {
  let best: { column: ColumnProfile; rank: number } | undefined;
  for (const column of candidates) {
    const rank = keywordRank(column.title, role);
    if (rank !== undefined && (!best || rank < best.rank)) best = { column, rank };
  }
  return best?.column;
}

/** Whether two columns are never both filled in one row (a debit and a credit column). */
function complementary(rows: string[][], a: number, b: number): boolean {
  return rows.every((row) => !((row[a] ?? '').trim() && (row[b] ?? '').trim()));
}

export interface MappingPreferences {
  /** The user writes dates month first (USD and an American zone). */
  monthFirst: boolean;
  delimiter: string;
}

/**
 * The mapping read from a CSV's header and first rows: the date column and its format, one
 * signed amount or debit/credit columns, the decimal separator, the name, note and category
 * columns. Titles decide first (in several languages); the values decide when titles say
 * nothing. A column that cannot be found is guessed, and its rows show as problems until the
 * user fixes the mapping.
 */
export function detectMapping(
  table: CsvTable,
  rows: string[][],
  preferences: MappingPreferences,
): ImportMapping {
  const columns = profile(table.columns, rows);
  const used = new Set<number>();
  const take = (column: ColumnProfile | undefined) => {
    if (column) used.add(column.index);
    return column;
  };
  const free = () => columns.filter((column) => !used.has(column.index));

  const dateColumns = columns.filter(
    (column) => column.filled > 0 && column.dateFormats.length > 0,
  );
  const date = take(
    byTitle(dateColumns, 'date') ??
      byTitle(dateColumns, 'valueDate') ??
      dateColumns[0] ??
      byTitle(columns, 'date') ??
      columns[0],
  )!;
  // Value dates beside booking dates are not amounts, names or notes.
  for (const column of dateColumns) if (matches(column.title, 'valueDate')) used.add(column.index);

  const numeric = free().filter(
    (column) =>
      column.filled > 0 &&
      column.amounts >= column.filled * 0.9 &&
      !matches(column.title, 'balance') &&
      !matches(column.title, 'identifier'),
  );
  let amount: ColumnProfile | undefined;
  let debit = byTitle(numeric, 'debit');
  let credit = byTitle(
    numeric.filter((column) => column !== debit),
    'credit',
  );
  if (debit || credit) {
    take(debit);
    take(credit);
  } else {
    amount = byTitle(numeric, 'amount');
    if (!amount) {
      const [first, second] = numeric;
      if (
        first &&
        second &&
        !first.hasNegative &&
        !second.hasNegative &&
        complementary(rows, first.index, second.index)
      ) {
        debit = first;
        credit = second;
      } else {
        amount = numeric.find((column) => column.hasNegative) ?? first;
      }
    }
    take(amount);
    take(debit);
    take(credit);
  }
  if (!amount && !debit && !credit) {
    amount = take(byTitle(free(), 'amount') ?? free()[0] ?? columns[0]);
  }
  for (const column of columns) if (matches(column.title, 'balance')) used.add(column.index);

  const text = () =>
    free().filter((column) => column.dateFormats.length === 0 || column.filled === 0);
  const category = take(byTitle(text(), 'category'));
  const name = take(
    byTitle(text(), 'payee') ??
      byTitle(text(), 'description') ??
      [...text()]
        .filter((column) => !matches(column.title, 'identifier') && column.amounts < column.filled)
        .sort((a, b) => b.distinct - a.distinct || b.averageLength - a.averageLength)[0] ??
      free()[0] ??
      columns[0],
  )!;
  const note = take(byTitle(text(), 'note'));

  const dateValues = rows.map((row) => (row[date.index] ?? '').trim()).filter(Boolean);
  const dateFormat =
    chooseDateFormat(formatsReading(dateValues), preferences.monthFirst) ??
    chooseDateFormat(bestFormats(dateValues), preferences.monthFirst) ??
    'YYYY-MM-DD';

  const votes = { '.': 0, ',': 0 };
  for (const column of [amount, debit, credit]) {
    if (!column) continue;
    for (const row of rows) {
      const vote = decimalEvidence(row[column.index] ?? '');
      if (vote) votes[vote]++;
    }
  }
  const decimalSeparator: DecimalSeparator =
    votes[','] > votes['.'] || (votes[','] === votes['.'] && preferences.delimiter === ';')
      ? ','
      : '.';

  return {
    date: date.index,
    dateFormat,
    amount: amount?.index ?? null,
    debit: debit?.index ?? null,
    credit: credit?.index ?? null,
    decimalSeparator,
    name: name.index,
    note: note?.index ?? null,
    category: category?.index ?? null,
    invertSign: false,
    skipRows: table.headerIndex,
  };
}

/** The formats that read the most of the values (when none reads them all). */
function bestFormats(values: string[]): ImportDateFormat[] {
  const counts = IMPORT_DATE_FORMATS.map((format) => ({
    format,
    read: values.filter((value) => parseDate(value, format) !== null).length,
  }));
  const most = Math.max(...counts.map((count) => count.read));
  return most > 0 ? counts.filter((count) => count.read === most).map((count) => count.format) : [];
}

/** Day and month of a slashed date with the year last (03/04/2026), the one order that reads both ways. */
const SLASHED = /^\s*(\d{1,2})\/(\d{1,2})\/\d/;

/**
 * What the file says about a detected mapping, row by row while it streams. The first rows of
 * a statement may all read both ways (01/03 … 12/03) where a later row proves which part is
 * the day: the date order then switches at once (the rows before it are read again; after it,
 * they are read right the first time). And which decimal separator the amounts prove, counted
 * over the whole file. Cheap per row: one regular expression and a look at the amounts.
 */
export class MappingEvidence {
  private mapping: ImportMapping;
  /** Whether some row proved the current date order (a part over 12 where it should be). */
  private isOrderProven = false;
  private readonly decimalVotes = { '.': 0, ',': 0 };
  private readonly amountColumns: number[];

  constructor(mapping: ImportMapping) {
    this.mapping = mapping;
    this.amountColumns = [mapping.amount, mapping.debit, mapping.credit].filter(
      (column): column is number => column !== null,
    );
  }

  /** Takes a row into account; returns the switched mapping when this row proves the other order. */
  observe(cells: string[]): ImportMapping | undefined {
    for (const index of this.amountColumns) {
      const vote = decimalEvidence(cells[index] ?? '');
      if (vote) this.decimalVotes[vote]++;
    }
    const { dateFormat } = this.mapping;
    if (this.isOrderProven || (dateFormat !== 'DD/MM/YYYY' && dateFormat !== 'MM/DD/YYYY')) {
      return undefined;
    }
    const match = SLASHED.exec(cells[this.mapping.date] ?? '');
    if (!match) return undefined;
    const [first, second] = [Number(match[1]), Number(match[2])];
    const dayPart = dateFormat === 'DD/MM/YYYY' ? first : second;
    const monthPart = dateFormat === 'DD/MM/YYYY' ? second : first;
    if (dayPart > 12 && monthPart <= 12) this.isOrderProven = true;
    if (monthPart > 12 && dayPart <= 12) {
      this.isOrderProven = true;
      this.mapping = {
        ...this.mapping,
        dateFormat: dateFormat === 'DD/MM/YYYY' ? 'MM/DD/YYYY' : 'DD/MM/YYYY',
      };
      return this.mapping;
    }
    return undefined;
  }

  /** At the end: the mapping with the decimal separator the amounts prove, if they prove the other. */
  decimalCorrection(): ImportMapping | undefined {
    const current = this.mapping.decimalSeparator;
    const other = current === '.' ? ',' : '.';
    if (this.decimalVotes[other] <= this.decimalVotes[current]) return undefined;
    this.mapping = { ...this.mapping, decimalSeparator: other };
    return this.mapping;
  }
}
