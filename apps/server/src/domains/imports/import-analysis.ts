import { isCatalogueCurrency } from '@moneta/shared';
import type { Executor } from '../../db/database';
import type { ImportRecord } from '../../db/schema';
import { classifyStatement, pairStatements } from './classification-policy';
import { accountsOf, scopeOf } from './import-records';
import { createImportRowsRepository } from './import-rows-repository';
import { createImportsRepository } from './imports-repository';
import type { AmbiguousLeg } from './ambiguous-legs';
import { statementsOf } from './statement-accounts';

/**
 * A statement whose account the commit creates is classified against this id, which no account
 * has: its rows are duplicates of nothing, and every account of the user's is another account.
 */
const NO_ACCOUNT_YET = '00000000-0000-0000-0000-000000000000';

/**
 * Classifies the import's rows (each statement against its account, then the transfers between
 * its statements) and stores the counts. Run after every change: upload, new mapping, and again
 * at commit, since the ledger (and the rules, whose new names count) may have changed since the
 * preview. Answers the record with the rows whose other leg is ambiguous.
 */
export async function analyseImport(tx: Executor, userId: string, record: ImportRecord) {
  const accounts = accountsOf(record);
  const statements = statementsOf(record);
  const currencies = statements.map((statement) =>
    statement.currency && isCatalogueCurrency(statement.currency) ? statement.currency : null,
  );
  const ambiguous: AmbiguousLeg[] = [];
  for (const [key, accountId] of accounts.entries()) {
    const found = await classifyStatement(
      tx,
      { ...scopeOf(record), userId, accountId: accountId ?? NO_ACCOUNT_YET, statement: key },
      currencies[key] ?? null,
    );
    ambiguous.push(...found);
  }
  await pairStatements(
    tx,
    userId,
    scopeOf(record),
    accounts,
    statements.map((statement) => statement.currency),
  );
  const counts = await createImportRowsRepository(tx).countByStatus(scopeOf(record));
  const analysed = await createImportsRepository(tx).update(record.id, {
    newCount: counts.new,
    duplicateCount: counts.duplicate,
    problemCount: counts.problem,
    transferCount: counts.transfer,
    transferPairCount: counts.transferPairs,
    rowCount: counts.new + counts.duplicate + counts.problem + counts.transfer,
  });
  return Object.assign(analysed, { ambiguous });
}
