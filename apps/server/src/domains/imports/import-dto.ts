import {
  fromStoredHundredths,
  type Import,
  type ImportRow,
  type ImportSummary,
} from '@moneta/shared';
import type { ImportRecord } from '../../db/schema';
import type { ImportRowView } from './import-row-types';
import { statementsOf } from './statement-accounts';
import { problemCodeOf } from './reading/import-messages';
import { splitReasons } from './reading/mapping-reasons';
import { recogniseApp } from './reading/other-apps/read-app-export';

export function toImportRowDto(
  row: ImportRowView,
  firstRow: number,
  currencies: ReadonlyArray<string | null>,
): ImportRow {
  return {
    index: row.position - firstRow,
    date: row.date,
    name: row.name,
    amount: row.amountCents === null ? null : fromStoredHundredths(row.amountCents),
    isIncome: row.isIncome,
    category: row.category,
    categorySource: row.categorySource,
    note: row.note,
    status: row.status,
    duplicateOf: row.duplicateOf,
    duplicateOfTransfer: row.duplicateOfTransfer,
    transferAccountId: row.transferAccountId,
    matchOf: row.matchOf,
    problem: row.problem,
    ...problemCodeFields(row.problem),
    cells: row.cells,
    statement: row.statement,
    currency: currencies[row.statement] ?? null,
    matchRow: row.matchRow === null ? null : row.matchRow - firstRow,
    // Only on a row the file splits, as a transaction's answer carries them.
    ...(row.splits && {
      splits: row.splits.map((part) => ({
        category: part.category,
        amount: fromStoredHundredths(part.amountCents),
        note: part.note,
      })),
    }),
  };
}

/** A problem's code and values, read back from its stored sentence; null when unknown. */
function problemCodeFields(
  problem: string | null,
): Pick<ImportRow, 'problemCode' | 'problemParams'> {
  const known = problem === null ? null : problemCodeOf(problem);
  return { problemCode: known?.code ?? null, problemParams: known?.params ?? null };
}

/**
 * The app whose export the file is: a CSV with a header and no mapping was read by its app's
 * columns, and the header says which app (no column of its own: the header is kept anyway).
 */
export function sourceAppOf(record: ImportRecord): ImportSummary['sourceApp'] {
  if (record.format !== 'csv' || record.mapping || !record.columns) return null;
  return recogniseApp(record.columns)?.app ?? null;
}

export function toImportSummaryDto(record: ImportRecord): ImportSummary {
  const stored = record.mapping ? splitReasons(record.mapping) : undefined;
  return {
    _id: record.id,
    fileName: record.fileName,
    format: record.format,
    accountId: record.accountId,
    // `uploading` never leaves the repository (it filters it out).
    status: record.status as ImportSummary['status'],
    encoding: record.encoding,
    columns: record.columns ?? null,
    sourceApp: sourceAppOf(record),
    // A mapping remembered before the counterparty column existed has none.
    mapping: stored?.mapping
      ? { ...stored.mapping, counterparty: stored.mapping.counterparty ?? null }
      : null,
    ...(stored?.reasons ? { mappingReasons: stored.reasons } : {}),
    ...(stored?.reasonCodes ? { mappingReasonCodes: stored.reasonCodes } : {}),
    rowCount: record.rowCount,
    counts: {
      new: record.newCount,
      duplicate: record.duplicateCount,
      problem: record.problemCount,
      transfer: record.transferCount,
    },
    transferPairs: record.transferPairCount,
    created: record.createdCount,
    createdAt: record.createdAt.toISOString(),
    committedAt: record.committedAt?.toISOString() ?? null,
    statements: statementsOf(record).map((statement, key, all) => ({
      key,
      ...statement,
      // A CSV's rows change with its mapping: the import counts them.
      rowCount: all.length === 1 ? record.rowCount : statement.rowCount,
    })),
  };
}

export function toImportDto(
  record: ImportRecord,
  preview: ImportRowView[],
  currencies: ReadonlyArray<string | null>,
): Import {
  return {
    ...toImportSummaryDto(record),
    preview: preview.map((row) => toImportRowDto(row, record.firstRow, currencies)),
  };
}
