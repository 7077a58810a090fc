/**
 * The import's formats, statuses and limits, apart from its schemas (import-schemas.ts, which
 * re-exports them) and free of zod: the Import page shows its form on its first render without
 * loading the validation library.
 */

/**
 * Bank files Moneta reads (docs/architecture.md, Imports); the format is decided from the bytes.
 */
export const IMPORT_FORMATS = [
  'csv',
  'ofx',
  'qif',
  'camt053',
  'simplefin',
  'enablebanking',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * Personal-finance apps whose CSV export Moneta recognises by its header and reads without a
 * column mapping (docs/imports-other-apps.md): each account named in the file is a statement.
 */
export const OTHER_APPS = ['ynab', 'actual', 'mint', 'firefly'] as const;
export type OtherApp = (typeof OTHER_APPS)[number];
export const OTHER_APP_NAMES: Record<OtherApp, string> = {
  ynab: 'YNAB',
  actual: 'Actual Budget',
  mint: 'Mint',
  firefly: 'Firefly III',
};

export const IMPORT_STATUSES = ['preview', 'committed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * `transfer`: money moved to or from another of the user's accounts (docs/transfers.md), which
 * the commit records as a transfer, never as income or expense.
 */
export const IMPORT_ROW_STATUSES = ['new', 'duplicate', 'problem', 'transfer'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** Date orders a CSV column can be read in. Two-digit years read in 1930–2029 (01.03.26 is 2026). */
export const IMPORT_DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD.MM.YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD-MM-YYYY',
  'YYYY/MM/DD',
] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

/**
 * Where a row's category comes from: the user's choice at commit, the file's own category
 * column, a rule, the user's history with that payee, or the default (docs/architecture.md, Rules).
 */
export const CATEGORY_SOURCES = ['user', 'file', 'rule', 'history', 'default'] as const;
export type CategorySource = (typeof CATEGORY_SOURCES)[number];

/** How many rows an Import carries as its preview. */
export const IMPORT_PREVIEW_ROWS = 20;
/** Wider than any bank's export; a column index beyond it is not a column. */
export const MAX_IMPORT_COLUMNS = 500;
/** Lines before the header row (a bank's preamble: account number, period, …). */
export const MAX_IMPORT_SKIP_ROWS = 1000;
/** The file picker's hint; the server decides by the bytes. */
export const IMPORT_FILE_ACCEPT = '.csv,.txt,.tsv,.ofx,.qfx,.qif,.xml';
