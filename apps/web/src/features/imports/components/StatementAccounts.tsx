import type { ImportStatement } from '@moneta/shared/import-schemas';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/SelectField';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { chosenAccount, statementTitle, type StatementChoices } from '../utils/statement-choices';

type StatementAccountsProps = {
  statements: ImportStatement[];
  choices: StatementChoices;
  isDisabled: boolean;
  onChoose: (key: number, accountId: string | null) => void;
};

/** The select's value for "a new account" (an account id is never this). */
const NEW_ACCOUNT = 'new';

/**
 * A file of several accounts (an OFX with two statements, a Quicken export): one block per
 * statement with what the file says of it and where its rows go — an existing account, or a
 * new one the import creates.
 */
export function StatementAccounts({
  statements,
  choices,
  isDisabled,
  onChoose,
}: StatementAccountsProps) {
  const { t } = useTranslation(['imports', 'accounts']);
  const accounts = useAccounts();
  const open = (accounts.data ?? []).filter((account) => !account.isArchived);
  return (
    <section aria-labelledby="import-statements-heading" className="mb-6">
      <h3
        id="import-statements-heading"
        className="text-base font-semibold text-neutral-900 dark:text-white"
      >
        {t('statements.heading')}
      </h3>
      <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{t('statements.help')}</p>
      <ul className="mt-3 grid gap-3 md:grid-cols-2">
        {statements.map((statement) => {
          const headingId = `import-statement-${statement.key}`;
          const chosen = chosenAccount(statement, choices);
          const details = [
            statement.name && statement.identifier ? statement.identifier : null,
            t(`accounts:types.${statement.type}`),
            statement.currency,
            t('statements.rows', { count: statement.rowCount }),
          ].filter(Boolean);
          return (
            <li
              key={statement.key}
              aria-labelledby={headingId}
              className="min-w-0 rounded-xl border border-neutral-200 p-3 dark:border-neutral-800"
            >
              <h4
                id={headingId}
                className="font-medium break-words text-neutral-900 dark:text-white"
              >
                {statementTitle(statement, t)}
              </h4>
              <p className="text-sm text-neutral-600 dark:text-neutral-400">
                {details.join(' · ')}
              </p>
              <SelectField
                label={t('statements.importInto')}
                className="mt-2"
                value={chosen ?? NEW_ACCOUNT}
                disabled={isDisabled}
                onChange={(event) =>
                  onChoose(
                    statement.key,
                    event.target.value === NEW_ACCOUNT ? null : event.target.value,
                  )
                }
              >
                <option value={NEW_ACCOUNT}>
                  {t('statements.newAccount', { name: statement.suggestedName })}
                </option>
                {open.map((account) => (
                  <option key={account._id} value={account._id}>
                    {account.name}
                  </option>
                ))}
              </SelectField>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
