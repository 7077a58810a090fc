import type { ImportRow, ImportRowStatus, ImportSummary } from '@moneta/shared/import-schemas';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/EmptyState';
import { Pager } from '@/components/ui/Pager';
import { QueryState } from '@/components/ui/QueryState';
import { SelectField } from '@/components/ui/SelectField';
import { SectionSpinner } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api-client';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { useImportRows } from '../api/get-imports';
import type { RowChoice, RowChoices } from '../utils/row-choices';
import { ImportRowLine } from './ImportRowLine';

type ImportRowsTableProps = {
  importId: string;
  counts: ImportSummary['counts'];
  rowCount: number;
  /** The base currency: a row shows its own (its statement's) when the server names it. */
  currency: string;
  /** The import's account: a transfer goes to or from another one. */
  accountId: string;
  /** A file of several accounts: each statement's title, by key, shown with its rows. */
  statementTitles: string[] | null;
  choices: RowChoices;
  isDisabled: boolean;
  onChoose: (row: ImportRow, change: Omit<RowChoice, 'status'>) => void;
};

/** The columns, by their key under `rows.columns`. */
const COLUMNS = ['import', 'row', 'date', 'name', 'amount', 'category', 'status'] as const;
const COLUMN_COUNT = COLUMNS.length;

/**
 * Every row of the file as it will be imported, a page at a time and filtered by status, with a
 * checkbox to leave a row out or take a duplicate in and a category to change. Below 640 px each
 * row is a stacked card: the page never scrolls sideways.
 */
export function ImportRowsTable({
  importId,
  counts,
  rowCount,
  currency,
  accountId,
  statementTitles,
  choices,
  isDisabled,
  onChoose,
}: ImportRowsTableProps) {
  const { t } = useTranslation('imports');
  const accounts = useAccounts();
  const names = new Map((accounts.data ?? []).map((account) => [account._id, account.name]));
  const others = (accounts.data ?? []).filter(
    (account) => account._id !== accountId && !account.isArchived,
  );
  const [status, setStatus] = useState<ImportRowStatus | ''>('');
  const [page, setPage] = useState(1);
  const rows = useImportRows(importId, { page, status });

  return (
    <section aria-labelledby="import-rows-heading" className="mt-6">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h3
          id="import-rows-heading"
          className="text-base font-semibold text-neutral-900 dark:text-white"
        >
          {t('rows.heading')}
        </h3>
        <SelectField
          label={t('rows.show')}
          className="w-full sm:w-56"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ImportRowStatus | '');
            setPage(1);
          }}
        >
          <option value="">{t('rows.all', { count: rowCount })}</option>
          <option value="new">{t('rows.new', { count: counts.new })}</option>
          <option value="transfer">{t('rows.transfers', { count: counts.transfer })}</option>
          <option value="duplicate">{t('rows.duplicates', { count: counts.duplicate })}</option>
          <option value="problem">{t('rows.problems', { count: counts.problem })}</option>
        </SelectField>
      </div>

      <QueryState
        query={rows}
        loading={<SectionSpinner label={t('rows.loading')} className="py-10" />}
        failureMessage={(error) => errorMessage(error, t('rows.loadFailed'))}
        isEmpty={(data) => data.rows.length === 0}
        empty={<EmptyState>{t('rows.empty')}</EmptyState>}
      >
        {({ rows: list }) => (
          <div
            className="rounded-2xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900"
            aria-busy={rows.isFetching}
          >
            <table className="w-full text-sm max-sm:block" aria-label={t('rows.tableLabel')}>
              <thead className="border-b border-neutral-200 bg-neutral-50 max-sm:sr-only dark:border-neutral-800 dark:bg-neutral-900">
                <tr>
                  {COLUMNS.map((header) => (
                    <th
                      key={header}
                      scope="col"
                      className={`px-3 py-3 text-xs font-semibold tracking-wide text-neutral-600 uppercase dark:text-neutral-400 ${
                        header === 'amount' ? 'text-right' : 'text-left'
                      }`}
                    >
                      {t(`rows.columns.${header}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200 max-sm:block dark:divide-neutral-800">
                {list.map((row, at) => (
                  <Fragment key={row.index}>
                    {statementTitles && (at === 0 || list[at - 1]!.statement !== row.statement) ? (
                      // The file's rows come statement by statement: each group under its title.
                      <tr className="bg-neutral-50 max-sm:block dark:bg-neutral-950">
                        <th
                          scope="colgroup"
                          colSpan={COLUMN_COUNT}
                          className="px-3 py-2 text-left text-sm font-semibold text-neutral-900 max-sm:block max-sm:px-4 dark:text-white"
                        >
                          {statementTitles[row.statement] ??
                            t('statements.statement', { number: row.statement + 1 })}
                        </th>
                      </tr>
                    ) : null}
                    <ImportRowLine
                      row={row}
                      currency={currency}
                      accountNames={names}
                      otherAccounts={others}
                      choices={choices}
                      isDisabled={isDisabled}
                      onChoose={onChoose}
                    />
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      <Pager page={page} totalPages={rows.data?.totalPages ?? 1} onPageChange={setPage} />
    </section>
  );
}
