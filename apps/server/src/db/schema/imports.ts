import {
  IMPORT_FORMATS,
  IMPORT_ROW_STATUSES,
  type ImportMapping,
  type ImportStatement,
} from '@moneta/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { householdId } from './households';
import { users } from './users';

/**
 * A bank file being imported (docs/architecture.md, Imports). Its rows wait in import_rows until the commit turns them into
 * transactions. `uploading` is internal: the rows of a file still arriving, invisible to the
 * API until the upload finishes (and removed if it fails).
 *
 * Watched by a trigger: deleting imports fires import_rows_imports_delete, which deletes their
 * import_rows. Defined in src/db/derived/import-rows-cascade.ts (docs/database.md).
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
    /** Who made it; null for rows the system made (recurring, bank sync) or a departed user. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    accountId: uuid('account_id').notNull(),
    fileName: text('file_name').notNull(),
    /** A bank sync's connection (format simplefin or enablebanking); null for a file. */
    connectionId: uuid('connection_id'),
    format: text('format', { enum: IMPORT_FORMATS }).notNull(),
    status: text('status', { enum: ['uploading', 'preview', 'committed', 'undone'] }).notNull(),
    encoding: text('encoding').notNull(),
    /** CSV only: the field delimiter, the header cells and the column mapping. */
    delimiter: text('delimiter'),
    columns: jsonb('columns').$type<string[]>(),
    mapping: jsonb('mapping').$type<ImportMapping>(),
    /** CSV only: a digest of the header, the key of the mapping remembered for that bank. */
    headerKey: text('header_key'),
    /** The position of the first data row among the file's records (after a CSV's header). */
    firstRow: integer('first_row').notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    newCount: integer('new_count').notNull().default(0),
    transferCount: integer('transfer_count').notNull().default(0),
    /** Pairs of `transfer` rows of two statements of the file: each pair is one transfer. */
    transferPairCount: integer('transfer_pair_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    problemCount: integer('problem_count').notNull().default(0),
    createdCount: integer('created_count'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    committedAt: timestamp('committed_at', { withTimezone: true, precision: 3 }),
    /**
     * The accounts' statements in the file, by key (their index), each with the account its rows
     * go to (docs/imports-multi-account.md). Empty for imports from before multi-account files:
     * their one statement is `account_id`'s.
     */
    statements: jsonb('statements')
      .$type<StoredImportStatement[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [
    foreignKey({
      name: 'imports_account_fk',
      columns: [table.householdId, table.accountId],
      foreignColumns: [accounts.householdId, accounts.id],
    }).onDelete('cascade'),
    index('imports_household_created_idx').on(
      table.householdId,
      table.createdAt.desc().nullsFirst(),
    ),
    check(
      'imports_format',
      sql`${table.format} IN ('csv', 'ofx', 'qif', 'camt053', 'simplefin', 'enablebanking')`,
    ),
    check(
      'imports_status',
      sql`${table.status} IN ('uploading', 'preview', 'committed', 'undone')`,
    ),
  ],
);

export type ImportRecord = typeof imports.$inferSelect;

/** A statement as `imports.statements` keeps it: its key is its index. */
export type StoredImportStatement = Omit<ImportStatement, 'key'>;

/** One part of a split row of an import, as an app's export gives it. */
export interface ImportRowSplit {
  category: string;
  /** > 0, in the row's currency: the row's direction is the parts'. */
  amountCents: number;
  note: string | null;
}

/**
 * Every record of an imported file, in file order (`position`): a CSV's raw cells, so that a
 * new mapping needs no new upload, and what was read from them. Records before `first_row`
 * (a CSV's preamble and header) are kept but are not rows of the import. Categories are not
 * stored: they are worked out when rows are shown or committed, with the rules as they are.
 *
 * No foreign key to imports: checking one per row cost as much as the rest of a 100,000-row
 * insert. A statement-level trigger on imports (src/db/derived/import-rows-cascade.ts) deletes
 * an import's rows with it, as a cascade would, and only the imports service writes rows,
 * under an import it made.
 */
export const importRows = pgTable(
  'import_rows',
  {
    /**
     * The import's household, written with each row (no foreign key, as for the import: a
     * distributed engine keeps an import's rows with its household's other rows).
     */
    householdId: uuid('household_id').notNull(),
    importId: uuid('import_id').notNull(),
    position: integer('position').notNull(),
    cells: jsonb('cells').$type<string[]>(),
    date: date('date', { mode: 'string' }),
    name: text('name').notNull(),
    /** Absolute amount in cents; `is_income` carries the sign. */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    isIncome: boolean('is_income'),
    note: text('note'),
    /** The category the file itself gives (a CSV column, a QIF L line). */
    fileCategory: text('file_category'),
    bankId: text('bank_id'),
    /** moneta_fold(name): the payee as duplicates, rules and history compare it. */
    payeeKey: text('payee_key'),
    problem: text('problem'),
    /** The other party's account as the file names it (CAMT CdtrAcct/DbtrAcct, a CSV column). */
    counterparty: text('counterparty'),
    status: text('status', { enum: IMPORT_ROW_STATUSES }).notNull(),
    duplicateOf: uuid('duplicate_of'),
    /** A `duplicate` of a transfer's leg already on the account. */
    duplicateOfTransfer: uuid('duplicate_of_transfer'),
    /** A `transfer`: the user's other account, and the transaction that is its other leg. */
    transferAccountId: uuid('transfer_account_id'),
    matchOf: uuid('match_of'),
    /** The user's choices at commit. */
    include: boolean('include'),
    categoryChoice: text('category_choice'),
    isIncomeChoice: boolean('is_income_choice'),
    /** true: a transfer to `transfer_account_choice`; false: not a transfer; null: no choice. */
    transferChoice: boolean('transfer_choice'),
    transferAccountChoice: uuid('transfer_account_choice'),
    /** The key of the file's statement (imports.statements) the row belongs to. */
    statement: smallint('statement').notNull().default(0),
    /** A `transfer` whose other leg is a row of another statement of this file: its position. */
    matchRow: integer('match_row'),
    /**
     * The parts of a row another app's export splits (docs/imports-other-apps.md), in order, in
     * the row's currency: the commit creates one split transaction. Null for every other row.
     */
    splits: jsonb('splits').$type<ImportRowSplit[]>(),
  },
  (table) => [
    // Pages of rows (a status filter reads on through the import's rows in order).
    primaryKey({ columns: [table.importId, table.position] }),
    check(
      'import_rows_status',
      sql`${table.status} IN ('new', 'duplicate', 'problem', 'transfer')`,
    ),
  ],
);

export type ImportRowRecord = typeof importRows.$inferSelect;

/**
 * The mapping a household's member last confirmed for a bank's CSV header: the next file needs no
 * clicks.
 */
export const importMappings = pgTable(
  'import_mappings',
  {
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
    headerKey: text('header_key').notNull(),
    mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.householdId, table.headerKey] })],
);
