import {
  type Import,
  type ImportCommitInput,
  type ImportMapping,
  type ImportRow,
  type ImportSummary,
} from '@moneta/shared/import-schemas';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { errorMessage } from '@/lib/api-client';
import { useUpdateMapping } from '../api/update-mapping';
import { mappingProblem, sameMapping } from '../utils/mapping';
import {
  commitBody,
  commitPlan,
  withChoice,
  type RowChoice,
  type RowChoices,
} from '../utils/row-choices';
import { statementsBody, statementTitle, type StatementChoices } from '../utils/statement-choices';
import { ImportRowsTable } from './ImportRowsTable';
import { MappingForm } from './MappingForm';
import { StatementAccounts } from './StatementAccounts';

/** Long enough to change a few selects in a row, short enough to feel live. */
export const MAPPING_DEBOUNCE_MS = 400;

export const FORMAT_LABELS: Record<Import['format'], string> = {
  csv: 'CSV',
  ofx: 'OFX/QFX',
  qif: 'QIF',
  camt053: 'CAMT.053',
};

/**
 * What the file was read as: another app's export by its header ("Read as a YNAB export",
 * docs/imports-other-apps.md), else its format.
 */
export function readAsLabel(
  item: Pick<ImportSummary, 'format' | 'sourceApp'>,
  t: TFunction<'imports'>,
): string {
  if (!item.sourceApp) return FORMAT_LABELS[item.format];
  // One sentence per app: the article and the word order differ between languages.
  return t(`readAs.${item.sourceApp}`);
}

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
  const accounts = useAccounts();
  const updateMapping = useUpdateMapping(preview._id);
  const [draft, setDraft] = useState<ImportMapping | null>(preview.mapping);
  const [choices, setChoices] = useState<RowChoices>(new Map());
  const [statementChoices, setStatementChoices] = useState<StatementChoices>(new Map());
  // A file of several accounts (docs/imports-multi-account.md) shows them and their rows apart;
  // so does an app's export of one account, whose rows go to the account it names, maybe new.
  const hasStatements = preview.statements.length > 1 || Boolean(preview.sourceApp);
  const sentRef = useRef<ImportMapping | null>(preview.mapping);
  // The detector's reasons come with the upload only (a mapping the user sends has none): kept
  // for the columns the user leaves as they were detected.
  const [detected] = useState(() =>
    preview.mapping && preview.mappingReasons
      ? {
          mapping: preview.mapping,
          reasons: preview.mappingReasons,
          reasonCodes: preview.mappingReasonCodes,
        }
      : undefined,
  );
  const { mutate: sendMapping } = updateMapping;
  const draftProblem = draft ? mappingProblem(draft, t) : null;

  // The mapping is sent once the user pauses; the answer is the file read again through it.
  useEffect(() => {
    if (!draft || draftProblem || sameMapping(draft, sentRef.current)) return;
    const timer = window.setTimeout(() => {
      sentRef.current = draft;
      // Rows may change status under a new mapping: earlier choices no longer fit them.
      setChoices(new Map());
      sendMapping(draft);
    }, MAPPING_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, draftProblem, sendMapping]);

  const account = accounts.data?.find((item) => item._id === preview.accountId);
  const plan = commitPlan(preview.counts, choices, preview.transferPairs);
  const toCreate = plan.transactions + plan.transfers;
  const what =
    plan.transfers > 0
      ? t('counts.transactionsAndTransfers', {
          transactions: t('counts.transactions', { count: plan.transactions }),
          transfers: t('counts.transfers', { count: plan.transfers }),
        })
      : t('counts.transactions', { count: plan.transactions });
  const readAs = readAsLabel(preview, t);
  const rows = t('counts.rows', { count: preview.rowCount });
  const statusCounts = [
    [t('preview.countNew'), preview.counts.new, 'text-emerald-700 dark:text-emerald-400'],
    [t('preview.countTransfers'), preview.counts.transfer, 'text-sky-700 dark:text-sky-300'],
    [t('preview.countDuplicates'), preview.counts.duplicate, 'text-amber-700 dark:text-amber-300'],
    [t('preview.countProblems'), preview.counts.problem, 'text-red-700 dark:text-red-300'],
  ] as const;
  const isBusy = commit.isPending;
  const isReading = updateMapping.isPending;

  function choose(row: ImportRow, change: Omit<RowChoice, 'status'>) {
    setChoices((current) => withChoice(current, row, change));
  }

  function submit() {
    commit.mutate({
      ...commitBody(choices),
      ...statementsBody(preview.statements, statementChoices),
    });
  }

  return (
    <section
      aria-labelledby="import-preview-heading"
      className="min-w-0 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
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

      {preview.columns && draft ? (
        <div className="mb-6">
          <MappingForm
            mapping={draft}
            columns={preview.columns}
            sample={preview.preview[0]?.cells ?? null}
            isDisabled={isBusy}
            onChange={setDraft}
            detected={detected}
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
          choices={statementChoices}
          isDisabled={isBusy}
          onChoose={(key, accountId) =>
            setStatementChoices((current) => new Map(current).set(key, accountId))
          }
        />
      ) : null}

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
      {preview.counts.duplicate > 0 || preview.counts.problem > 0 ? (
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          {t('preview.leftOut')}
        </p>
      ) : null}
      {preview.counts.transfer > 0 ? (
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          {t('preview.transfersHelp')}
        </p>
      ) : null}

      <ImportRowsTable
        importId={preview._id}
        counts={preview.counts}
        rowCount={preview.rowCount}
        currency={currency}
        accountId={preview.accountId}
        statementTitles={
          hasStatements ? preview.statements.map((statement) => statementTitle(statement, t)) : null
        }
        choices={choices}
        isDisabled={isBusy || isReading}
        onChoose={choose}
      />

      <div className="mt-6 flex flex-col gap-3 border-t border-neutral-200 pt-4 sm:flex-row sm:items-center sm:justify-end dark:border-neutral-800">
        {isBusy ? (
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div
              role="progressbar"
              aria-label={t('preview.importing')}
              aria-valuetext={t('preview.importingWhat', { what })}
              className="h-2 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
            >
              <div className="h-full w-1/3 animate-indeterminate rounded-full bg-emerald-600 motion-reduce:w-full motion-reduce:animate-none dark:bg-emerald-400" />
            </div>
          </div>
        ) : null}
        <p role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
          {isBusy ? t('preview.importingStatus', { what }) : ''}
        </p>
        <Button
          size="lg"
          onClick={submit}
          disabled={isBusy || isReading || toCreate === 0 || draftProblem !== null}
        >
          {t('preview.submit', { what })}
        </Button>
      </div>
      {commit.error ? (
        <Alert className="mt-3">{errorMessage(commit.error, t('preview.commitFailed'))}</Alert>
      ) : null}
    </section>
  );
}
