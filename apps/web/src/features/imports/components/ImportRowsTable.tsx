import type { ImportRow, ImportRowStatus, ImportSummary } from '@moneta/shared/import-schemas';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategorySelect } from '@/components/CategorySelect';
import { EmptyState } from '@/components/ui/EmptyState';
import { Pager } from '@/components/ui/Pager';
import { QueryState } from '@/components/ui/QueryState';
import { SelectField } from '@/components/ui/SelectField';
import { SectionSpinner } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api-client';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { useCategoryName } from '@/lib/categories/category-name';
import { useFormat } from '@/lib/i18n/use-format';
import { useImportRows } from '../api/get-imports';
import { rowProblemText } from '../utils/import-messages';
import {
  canInclude,
  chosenCategory,
  chosenTransfer,
  isIncluded,
  type RowChoice,
  type RowChoices,
} from '../utils/row-choices';

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

const STATUS_TONES: Record<ImportRowStatus, string> = {
  new: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  duplicate: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  problem: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  transfer: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
};

/** The columns, by their key under `rows.columns`. */
const COLUMNS = ['import', 'row', 'date', 'name', 'amount', 'category', 'status'] as const;
const COLUMN_COUNT = COLUMNS.length;

/** A cell that, in the stacked layout of narrow screens, says which column it is. */
function MobileLabel({ children }: { children: string }) {
  return (
    <span
      aria-hidden="true"
      className="text-xs font-semibold tracking-wide text-neutral-600 uppercase sm:hidden dark:text-neutral-400"
    >
      {children}{' '}
    </span>
  );
}

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
                    <RowLine
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

/** The transfer select's value for "the other account of this file, created at commit". */
const IN_FILE = 'in-file';

type RowLineProps = Pick<
  ImportRowsTableProps,
  'currency' | 'choices' | 'isDisabled' | 'onChoose'
> & {
  row: ImportRow;
  accountNames: ReadonlyMap<string, string>;
  otherAccounts: ReadonlyArray<{ _id: string; name: string }>;
};

function RowLine({
  row,
  currency,
  accountNames,
  otherAccounts,
  choices,
  isDisabled,
  onChoose,
}: RowLineProps) {
  const { t } = useTranslation('imports');
  const format = useFormat();
  const categoryName = useCategoryName();
  const included = isIncluded(row, choices);
  const rowNumber = row.index + 1;
  const transferTo = canInclude(row) ? chosenTransfer(row, choices) : null;
  // A transfer to another statement of the file whose account the commit creates (an app's
  // export): no account to name yet, but a transfer all the same.
  const isFileTransfer =
    row.status === 'transfer' && row.transferAccountId === null && row.matchRow !== null;
  const isInFile =
    canInclude(row) && isFileTransfer && choices.get(row.index)?.transferAccountId === undefined;
  const otherName = transferTo ? (accountNames.get(transferTo) ?? t('rows.anotherAccount')) : null;
  const cell = 'px-3 py-2 align-top max-sm:block max-sm:px-0 max-sm:py-1';
  return (
    <tr
      className={`max-sm:block max-sm:px-4 max-sm:py-3 ${
        included ? '' : 'text-neutral-500 dark:text-neutral-400'
      }`}
    >
      <td className={cell}>
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            checked={included}
            disabled={isDisabled || !canInclude(row)}
            onChange={(event) => onChoose(row, { include: event.target.checked })}
            className="size-4 accent-emerald-600"
          />
          <span className="sr-only">{t('rows.importRow', { number: rowNumber })}</span>
          <span aria-hidden="true" className="text-sm sm:hidden">
            {t('rows.columns.import')}
          </span>
        </label>
      </td>
      <td className={`${cell} tabular-nums`}>
        <MobileLabel>{t('rows.columns.row')}</MobileLabel>
        {rowNumber}
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <MobileLabel>{t('rows.columns.date')}</MobileLabel>
        {row.date ? format.date(row.date) : '—'}
      </td>
      <td className={`${cell} max-w-64 break-words`}>
        <MobileLabel>{t('rows.columns.name')}</MobileLabel>
        <span className="font-medium text-neutral-900 dark:text-white">{row.name || '—'}</span>
        {row.note ? (
          <span className="block text-xs text-neutral-600 dark:text-neutral-400">{row.note}</span>
        ) : null}
      </td>
      <td className={`${cell} whitespace-nowrap sm:text-right`}>
        <MobileLabel>{t('rows.columns.amount')}</MobileLabel>
        {row.amount === null || row.isIncome === null ? (
          '—'
        ) : (
          <span
            className={`font-medium tabular-nums ${
              row.isIncome
                ? 'text-emerald-700 dark:text-emerald-400'
                : 'text-red-700 dark:text-red-400'
            }`}
          >
            {row.isIncome ? '+' : '-'}
            {format.money(row.amount, row.currency ?? currency)}
          </span>
        )}
      </td>
      <td className={`${cell} sm:min-w-44`}>
        {canInclude(row) ? (
          <>
            {transferTo || isInFile ? null : row.splits?.length ? (
              // A split the file gives keeps its parts' categories: listed, not chosen.
              <ul
                aria-label={t('rows.partsOfRow', { number: rowNumber })}
                className="space-y-0.5 text-xs text-neutral-700 dark:text-neutral-300"
              >
                {row.splits.map((part, index) => (
                  <li key={index}>
                    {t('rows.splitPart', {
                      category: categoryName(part.category),
                      amount: format.money(part.amount, row.currency ?? currency),
                    })}
                    {part.note ? ` — ${part.note}` : null}
                  </li>
                ))}
              </ul>
            ) : (
              <CategorySelect
                kind={row.isIncome ? 'income' : 'expense'}
                label={t('rows.categoryOfRow', { number: rowNumber })}
                className="sm:[&>label]:sr-only [&>select]:mt-0.5"
                extraCategories={[row.category, choices.get(row.index)?.category]}
                value={chosenCategory(row, choices)}
                disabled={isDisabled || !included}
                onChange={(event) => onChoose(row, { category: event.target.value })}
              />
            )}
            <SelectField
              label={t('rows.transferOfRow', { number: rowNumber })}
              className="mt-1 sm:[&>label]:sr-only [&>select]:mt-0.5"
              value={isInFile ? IN_FILE : (transferTo ?? '')}
              disabled={isDisabled || !included || (otherAccounts.length === 0 && !isFileTransfer)}
              onChange={(event) =>
                onChoose(row, {
                  // Back to what the file said: no choice of the user's.
                  transferAccountId:
                    event.target.value === IN_FILE ? undefined : event.target.value || null,
                })
              }
            >
              <option value="">{t('rows.notTransfer')}</option>
              {isFileTransfer ? (
                <option value={IN_FILE}>
                  {row.isIncome
                    ? t('rows.transferFrom', { name: t('rows.anotherAccount') })
                    : t('rows.transferTo', { name: t('rows.anotherAccount') })}
                </option>
              ) : null}
              {otherAccounts.map((account) => (
                <option key={account._id} value={account._id}>
                  {row.isIncome
                    ? t('rows.transferFrom', { name: account.name })
                    : t('rows.transferTo', { name: account.name })}
                </option>
              ))}
            </SelectField>
          </>
        ) : (
          '—'
        )}
      </td>
      <td className={cell}>
        <MobileLabel>{t('rows.columns.status')}</MobileLabel>
        <span
          className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONES[row.status]}`}
        >
          {t(`rows.status.${row.status}`)}
        </span>
        {row.problem ? (
          <span className="mt-1 block text-xs text-red-700 dark:text-red-300">
            {rowProblemText(t, row)}
          </span>
        ) : row.status === 'duplicate' ? (
          <span className="mt-1 block text-xs text-neutral-600 dark:text-neutral-400">
            {row.duplicateOfTransfer ? t('rows.duplicateOfTransfer') : t('rows.duplicateInAccount')}
          </span>
        ) : otherName ? (
          <span className="mt-1 block text-xs text-neutral-600 dark:text-neutral-400">
            {row.matchOf && transferTo === row.transferAccountId
              ? t('rows.matchedTransfer', { name: otherName })
              : row.isIncome
                ? t('rows.moneyIn', { name: otherName })
                : t('rows.moneyOut', { name: otherName })}
          </span>
        ) : null}
      </td>
    </tr>
  );
}
