import {
  IMPORT_DATE_FORMATS,
  type ImportDateFormat,
  type ImportMappingReasonCode,
  type ImportMessageParams,
} from '@moneta/shared';
import { formatsReading, parseDate } from './parse-date';
import { parseBankAmount } from './parse-bank-amount';

/** What a CSV column holds over the detection rows: the evidence the detector chooses by. */
export interface ColumnProfile {
  index: number;
  title: string;
  /** Rows the detector looked at, filled or not. */
  rows: number;
  /** Rows with a value in this column. */
  filled: number;
  /** The date formats that read every value (empty when one value is not a date). */
  dateFormats: ImportDateFormat[];
  /** Values that read as a date in some format. */
  dates: number;
  /** Values that read as an amount, and of those the ones above and below zero. */
  amounts: number;
  positives: number;
  negatives: number;
  distinct: number;
  averageLength: number;
}

const isSomeDate = (value: string) =>
  IMPORT_DATE_FORMATS.some((format) => parseDate(value, format) !== null);

export function profileColumns(columns: string[], rows: string[][]): ColumnProfile[] {
  return columns.map((title, index) => {
    const values = rows.map((row) => (row[index] ?? '').trim()).filter((value) => value !== '');
    let amounts = 0;
    let positives = 0;
    let negatives = 0;
    for (const value of values) {
      const reading = parseBankAmount(value, '.');
      if (reading.ok) {
        amounts++;
        if (reading.cents > 0) positives++;
        else if (reading.cents < 0) negatives++;
      }
    }
    return {
      index,
      title,
      rows: rows.length,
      filled: values.length,
      dateFormats: values.length > 0 ? formatsReading(values) : [],
      dates: values.filter(isSomeDate).length,
      amounts,
      positives,
      negatives,
      distinct: new Set(values).size,
      averageLength: values.reduce((sum, value) => sum + value.length, 0) / (values.length || 1),
    };
  });
}

/** Whether most values are amounts (a number column, never a name). */
export const isNumeric = (column: ColumnProfile) =>
  column.filled > 0 && column.amounts >= column.filled * 0.9;

/** Whether most of an amount column's values are not zero (an all-zero column is no amount). */
export const isMostlyNonZero = (column: ColumnProfile) =>
  column.positives + column.negatives >= column.filled * 0.5;

/** Why a column is no name: the sentence's code and the counts it names. */
export interface NotAName {
  code: Extract<ImportMappingReasonCode, `namePassedOver${string}`>;
  params?: ImportMessageParams;
}

/**
 * Why a text column cannot be a transaction's name, or undefined when it can: a name is
 * filled in most rows and is neither dates nor numbers (and varies: `isConstant`).
 */
export function notAName(column: ColumnProfile): NotAName | undefined {
  if (column.filled === 0) return { code: 'namePassedOverEmpty' };
  if (column.dates >= column.filled * 0.5) return { code: 'namePassedOverDates' };
  if (column.amounts >= column.filled * 0.5) return { code: 'namePassedOverNumbers' };
  if (column.filled < column.rows * 0.5) {
    return {
      code: 'namePassedOverSparse',
      params: { part: column.rows - column.filled, whole: column.rows },
    };
  }
  return undefined;
}

/** The same text on every row (an account or product name): no payee, when another varies. */
export const isConstant = (column: ColumnProfile) => column.distinct === 1 && column.filled >= 3;
