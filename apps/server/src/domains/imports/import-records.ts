import { ErrorCode } from '@moneta/shared';
import type { ImportRecord, StoredImportStatement } from '../../db/schema';
import { conflict, notFound } from '../../http/app-error';
import { asHouseholdId } from '../households/household-id';
import type { ImportRowsScope, StatementAccounts } from './import-row-types';
import { statementsOf } from './statement-accounts';

/** What every step of an import's life needs to know of its record. */

export const importNotFound = () => notFound('Import not found.', ErrorCode.IMPORT_NOT_FOUND);

/** A commit or a new mapping of an import that is no longer a preview. */
export function notInPreview(record: ImportRecord) {
  return conflict(
    record.status === 'committed'
      ? 'This import has been committed already.'
      : 'This import was undone. Upload the file again to import it.',
    ErrorCode.IMPORT_NOT_IN_PREVIEW,
  );
}

export const scopeOf = (record: ImportRecord): ImportRowsScope => ({
  householdId: asHouseholdId(record.householdId),
  importId: record.id,
  firstRow: record.firstRow,
});

export const accountsOf = (record: ImportRecord): StatementAccounts =>
  statementsOf(record).map((statement) => statement.accountId);

/**
 * The import's own account: that of its first statement that goes to an account the import
 * does not create (an undo may remove those, and the import must stay in the history).
 */
export function importAccountOf(statements: StoredImportStatement[], fallback: string): string {
  return (
    statements.find((statement) => statement.accountId && !statement.isCreated)?.accountId ??
    fallback
  );
}
