import type { ImportCommitInput, ImportStatement } from '@moneta/shared/import-schemas';
import type { TFunction } from 'i18next';

/** The account the user chose for a statement, by key: an id, or null for a new account. */
export type StatementChoices = Map<number, string | null>;

/** How a statement is called in the preview: its name, else its account number, else its place. */
export function statementTitle(statement: ImportStatement, t: TFunction<'imports'>): string {
  if (statement.name) return statement.name;
  if (statement.identifier) return t('statements.account', { identifier: statement.identifier });
  return t('statements.statement', { number: statement.key + 1 });
}

/** Where the statement's rows go now: the user's choice, else the preview's. */
export function chosenAccount(
  statement: ImportStatement,
  choices: StatementChoices,
): string | null {
  return choices.has(statement.key) ? choices.get(statement.key)! : statement.accountId;
}

/** The commit's `statements`: only those whose account the user changed. */
export function statementsBody(
  statements: ImportStatement[],
  choices: StatementChoices,
): Pick<ImportCommitInput, 'statements'> {
  const changed = statements
    .filter((statement) => chosenAccount(statement, choices) !== statement.accountId)
    .map((statement) => ({ key: statement.key, accountId: chosenAccount(statement, choices) }));
  return changed.length > 0 ? { statements: changed } : {};
}
