import type { Import, ImportCommitInput } from '@moneta/shared/import-schemas';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { errorMessage } from '@/lib/api-client';
import { useImportPreview } from '../hooks/use-import-preview';
import { readAsLabel } from '../utils/read-as';
import { statementTitle } from '../utils/statement-choices';
import { ImportCommitBar } from './ImportCommitBar';
import { ImportRowsTable } from './ImportRowsTable';
import { MappingForm } from './MappingForm';
import { StatementAccounts } from './StatementAccounts';

type ImportPreviewProps = {
  preview: Import;
  currency: string;
  /**
   * The page's commit: it outlives this preview, which goes as soon as the import reads as
   * committed, so that the result is still heard.
   */
  commit: { isPending: boolean; error: unknown; mutate: (input: ImportCommitInput) => void };
  onCancel: () => void;
};

/**
 * An uploaded file before anything is created: its mapping (CSV), its counts, its rows with the
 * user's choices, and the commit.
 */
export function ImportPreview({ preview, currency, commit, onCancel }: ImportPreviewProps) {
  const { t } = useTranslation('imports');
  const state = useImportPreview(preview, commit.mutate);
  const { draft, draftProblem, updateMapping } = state;
  // A file of several accounts (docs/imports-multi-account.md) shows them and their rows apart;
  // so does an app's export of one account, whose rows go to the account it names, maybe new.
  const hasStatements = preview.statements.length > 1 || Boolean(preview.sourceApp);
  const isBusy = commit.isPending;
  const isReading = updateMapping.isPending;

  return (
    <section
      aria-labelledby="import-preview-heading"
      className="min-w-0 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <PreviewHeading
        preview={preview}
        hasStatements={hasStatements}
        isBusy={isBusy}
        onCancel={onCancel}
      />

      {preview.columns && draft ? (
        <div className="mb-6">
          <MappingForm
            mapping={draft}
            columns={preview.columns}
            sample={preview.preview[0]?.cells ?? null}
            isDisabled={isBusy}
            onChange={state.setDraft}
            detected={state.detected}
          />
          <p role="status" className="mt-3 text-sm text-neutral-600 dark:text-neutral-400">
            {isReading ? t('preview.rereading') : ''}
          </p>
          {draftProblem ? <Alert className="mt-3">{draftProblem}</Alert> : null}
          {updateMapping.isError && !isReading ? (
            <Alert className="mt-3">
              {errorMessage(updateMapping.error, t('preview.mappingFailed'))}
            </Alert>
          ) : null}
        </div>
      ) : null}

      {hasStatements ? (
        <StatementAccounts
          statements={preview.statements}
          choices={state.statementChoices}
          isDisabled={isBusy}
          onChoose={state.chooseStatementAccount}
        />
      ) : null}

      <StatusCounts counts={preview.counts} />

      <ImportRowsTable
        importId={preview._id}
        counts={preview.counts}
        rowCount={preview.rowCount}
        currency={currency}
        accountId={preview.accountId}
        statementTitles={
          hasStatements ? preview.statements.map((statement) => statementTitle(statement, t)) : null
        }
        choices={state.choices}
        isDisabled={isBusy || isReading}
        onChoose={state.choose}
      />

      <ImportCommitBar
        plan={state.plan}
        isBusy={isBusy}
        isBlocked={isReading || draftProblem !== null}
        onSubmit={state.submit}
      />
      {commit.error ? (
        <Alert className="mt-3">{errorMessage(commit.error, t('preview.commitFailed'))}</Alert>
      ) : null}
    </section>
  );
}

/** The file's name, what it was read as and into which account, and the way to another file. */
function PreviewHeading({
  preview,
  hasStatements,
  isBusy,
  onCancel,
}: {
  preview: Import;
  hasStatements: boolean;
  isBusy: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation('imports');
  const accounts = useAccounts();
  const account = accounts.data?.find((item) => item._id === preview.accountId);
  const readAs = readAsLabel(preview, t);
  const rows = t('counts.rows', { count: preview.rowCount });
  return (
    <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h2
          id="import-preview-heading"
          className="text-lg font-semibold break-words text-neutral-900 dark:text-white"
        >
          {t('preview.heading', { fileName: preview.fileName })}
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          {hasStatements
            ? t('preview.summaryAccounts', {
                readAs,
                rows,
                accounts: t('counts.accounts', { count: preview.statements.length }),
              })
            : account
              ? t('preview.summaryInto', { readAs, rows, account: account.name })
              : t('preview.summary', { readAs, rows })}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={onCancel} disabled={isBusy}>
        {t('preview.chooseAnother')}
      </Button>
    </div>
  );
}

/** How many rows of each status the file holds, and what is left out. */
function StatusCounts({ counts }: { counts: Import['counts'] }) {
  const { t } = useTranslation('imports');
  const statusCounts = [
    [t('preview.countNew'), counts.new, 'text-emerald-700 dark:text-emerald-400'],
    [t('preview.countTransfers'), counts.transfer, 'text-sky-700 dark:text-sky-300'],
    [t('preview.countDuplicates'), counts.duplicate, 'text-amber-700 dark:text-amber-300'],
    [t('preview.countProblems'), counts.problem, 'text-red-700 dark:text-red-300'],
  ] as const;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t('preview.countsLabel')}>
        {statusCounts.map(([label, count, tone]) => (
          <div
            key={label}
            className="rounded-xl border border-neutral-200 p-3 dark:border-neutral-800"
          >
            <dt className="text-xs font-medium text-neutral-600 dark:text-neutral-400">{label}</dt>
            <dd className={`mt-1 text-xl font-semibold tabular-nums ${tone}`}>{count}</dd>
          </div>
        ))}
      </dl>
      {counts.duplicate > 0 || counts.problem > 0 ? (
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          {t('preview.leftOut')}
        </p>
      ) : null}
      {counts.transfer > 0 ? (
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          {t('preview.transfersHelp')}
        </p>
      ) : null}
    </>
  );
}
