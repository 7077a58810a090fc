import type { ImportRow, ImportRowStatus } from '@moneta/shared/import-schemas';
import { useTranslation } from 'react-i18next';
import { CategorySelect } from '@/components/CategorySelect';
import { SelectField } from '@/components/ui/SelectField';
import { useCategoryName } from '@/lib/categories/category-name';
import { useFormat } from '@/lib/i18n/use-format';
import { rowProblemText } from '../utils/import-messages';
import {
  canInclude,
  chosenCategory,
  chosenTransfer,
  isIncluded,
  type RowChoice,
  type RowChoices,
} from '../utils/row-choices';

const STATUS_TONES: Record<ImportRowStatus, string> = {
  new: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  duplicate: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  problem: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  transfer: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
};

/** The transfer select's value for "the other account of this file, created at commit". */
const IN_FILE = 'in-file';

const CELL = 'px-3 py-2 align-top max-sm:block max-sm:px-0 max-sm:py-1';

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

type ImportRowLineProps = {
  row: ImportRow;
  /** The base currency, for a row whose statement names none. */
  currency: string;
  accountNames: ReadonlyMap<string, string>;
  otherAccounts: ReadonlyArray<{ _id: string; name: string }>;
  choices: RowChoices;
  isDisabled: boolean;
  onChoose: (row: ImportRow, change: Omit<RowChoice, 'status'>) => void;
};

/** What a row's choices make of it: whether it goes in, and whether as a transfer. */
function rowState(row: ImportRow, choices: RowChoices) {
  const transferTo = canInclude(row) ? chosenTransfer(row, choices) : null;
  // A transfer to another statement of the file whose account the commit creates (an app's
  // export): no account to name yet, but a transfer all the same.
  const isFileTransfer =
    row.status === 'transfer' && row.transferAccountId === null && row.matchRow !== null;
  const isInFile =
    canInclude(row) && isFileTransfer && choices.get(row.index)?.transferAccountId === undefined;
  return { included: isIncluded(row, choices), transferTo, isFileTransfer, isInFile };
}

type RowState = ReturnType<typeof rowState>;

/** One row of the file: included or not, its values, its category or transfer, its status. */
export function ImportRowLine(props: ImportRowLineProps) {
  const { row, currency, accountNames, choices, isDisabled, onChoose } = props;
  const { t } = useTranslation('imports');
  const format = useFormat();
  const state = rowState(row, choices);
  const rowNumber = row.index + 1;
  const otherName = state.transferTo
    ? (accountNames.get(state.transferTo) ?? t('rows.anotherAccount'))
    : null;
  return (
    <tr
      className={`max-sm:block max-sm:px-4 max-sm:py-3 ${
        state.included ? '' : 'text-neutral-500 dark:text-neutral-400'
      }`}
    >
      <td className={CELL}>
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            checked={state.included}
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
      <td className={`${CELL} tabular-nums`}>
        <MobileLabel>{t('rows.columns.row')}</MobileLabel>
        {rowNumber}
      </td>
      <td className={`${CELL} whitespace-nowrap`}>
        <MobileLabel>{t('rows.columns.date')}</MobileLabel>
        {row.date ? format.date(row.date) : '—'}
      </td>
      <td className={`${CELL} max-w-64 break-words`}>
        <MobileLabel>{t('rows.columns.name')}</MobileLabel>
        <span className="font-medium text-neutral-900 dark:text-white">{row.name || '—'}</span>
        {row.note ? (
          <span className="block text-xs text-neutral-600 dark:text-neutral-400">{row.note}</span>
        ) : null}
      </td>
      <td className={`${CELL} whitespace-nowrap sm:text-right`}>
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
      <td className={`${CELL} sm:min-w-44`}>
        {canInclude(row) ? <RowChoiceFields {...props} state={state} /> : '—'}
      </td>
      <td className={CELL}>
        <MobileLabel>{t('rows.columns.status')}</MobileLabel>
        <RowStatus row={row} transferTo={state.transferTo} otherName={otherName} />
      </td>
    </tr>
  );
}

/** A row's category (or its split's parts) and whether it is a transfer, both the user's to change. */
function RowChoiceFields({
  row,
  currency,
  otherAccounts,
  choices,
  isDisabled,
  onChoose,
  state,
}: ImportRowLineProps & { state: RowState }) {
  const { t } = useTranslation('imports');
  const format = useFormat();
  const categoryName = useCategoryName();
  const rowNumber = row.index + 1;
  const { included, transferTo, isFileTransfer, isInFile } = state;
  return (
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
  );
}

/** The row's status, and why: its problem, what it duplicates, or where its money goes. */
function RowStatus({
  row,
  transferTo,
  otherName,
}: {
  row: ImportRow;
  transferTo: string | null;
  otherName: string | null;
}) {
  const { t } = useTranslation('imports');
  return (
    <>
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
    </>
  );
}
