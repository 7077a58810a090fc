import type { ImportRecord, StoredImportStatement } from '../../db/schema';

/**
 * The empty "Main" every user starts with, when another app's export is imported
 * (docs/imports-other-apps.md, Accounts): as a restore does, the export's first new account
 * takes it over rather than leaving it empty beside the imported accounts, and an undo gives it
 * back. The accounts service decides whether "Main" is untouched and how it is given back
 * (accounts/default-account-takeover.ts); the import decides which statement took it over.
 */

/**
 * Whether a committed import's statement went to the default account it took over. Such a
 * statement is marked created, yet its account is the import's own: the import's account is the
 * upload's (the default, the user's only one) whenever every statement went to a created
 * account, and every other created account has an id of its own.
 */
export function tookOverDefault(record: ImportRecord, statement: StoredImportStatement): boolean {
  return statement.isCreated && statement.accountId === record.accountId;
}
