import { MAX_SPLIT_PARTS, MIN_SPLIT_PARTS } from '@moneta/shared/transaction-schemas';
import { currencyDecimals, toStoredHundredths, fromStoredHundredths } from '@moneta/shared/money';
import { parseTypedAmount } from '@moneta/shared/typed-amount';
import type { TransactionInput, ValidTransactionInput } from '@moneta/shared/transaction-schemas';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { CategorySelect } from '@/components/CategorySelect';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { TextField } from '@/components/ui/TextField';
import { textLinkClasses } from '@/components/ui/link-styles';
import { useFormat } from '@/lib/i18n/use-format';

type SplitsEditorProps = {
  control: Control<TransactionInput, unknown, ValidTransactionInput>;
  register: UseFormRegister<TransactionInput>;
  errors: FieldErrors<TransactionInput>;
  kind: 'income' | 'expense';
  currency: string;
  /** Categories the pickers offer besides the user's (one just added, the stored ones). */
  extraCategories: Array<string | undefined>;
};

/** An amount as typed (a number, or text such as "12,50") in hundredths; null when unreadable. */
function hundredthsOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? toStoredHundredths(value) : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const read = parseTypedAmount(value);
  return read.ok ? toStoredHundredths(read.value) : null;
}

/**
 * The parts of a split transaction (docs/api.md, Transaction): each its category, amount and note;
 * parts are added and removed here, and what is left to assign of the amount is said as it changes
 * (a polite live region, so that a screen reader hears it without losing its place).
 */
export function SplitsEditor({
  control,
  register,
  errors,
  kind,
  currency,
  extraCategories,
}: SplitsEditorProps) {
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'splits' as never });
  const parts = (useWatch({ control, name: 'splits' }) ?? []) as Array<{ amount?: unknown }>;
  const cost = useWatch({ control, name: 'cost' });
  const { t } = useTranslation('transactions');
  const format = useFormat();
  const headingId = useId();
  const costCents = hundredthsOf(cost);
  const assigned = parts.reduce<number>((sum, part) => sum + (hundredthsOf(part.amount) ?? 0), 0);
  const left = costCents === null ? null : costCents - assigned;
  const splitsError = (errors.splits as { message?: string; root?: { message?: string } })?.message
    ? (errors.splits as { message?: string }).message
    : (errors.splits as { root?: { message?: string } } | undefined)?.root?.message;

  if (fields.length === 0) {
    return (
      <button
        type="button"
        className={`${textLinkClasses} text-sm`}
        onClick={() =>
          replace([
            { category: '', amount: '' },
            { category: '', amount: '' },
          ])
        }
      >
        {t('splits.start')}
      </button>
    );
  }

  return (
    <fieldset
      aria-labelledby={headingId}
      className="space-y-3 rounded-md border border-neutral-300 p-3 dark:border-neutral-700"
    >
      <legend id={headingId} className="px-1 text-sm font-medium">
        {t('splits.legend')}
      </legend>
      {fields.map((field, index) => (
        <div key={field.id} className="grid gap-2 sm:grid-cols-[1fr_8rem]">
          <CategorySelect
            kind={kind}
            label={t('splits.partCategory', { number: index + 1 })}
            extraCategories={extraCategories}
            error={errors.splits?.[index]?.category?.message}
            {...register(`splits.${index}.category` as const)}
          />
          <MoneyInput
            label={t('splits.partAmount', { number: index + 1, currency })}
            control={control}
            name={`splits.${index}.amount` as const}
            zeroPlaceholder={currencyDecimals(currency)}
          />
          <TextField
            label={t('splits.partNote', { number: index + 1 })}
            autoComplete="off"
            error={errors.splits?.[index]?.note?.message}
            {...register(`splits.${index}.note` as const)}
          />
          <div className="flex items-end">
            <button
              type="button"
              className={`${textLinkClasses} text-sm`}
              aria-label={t('splits.removeLabel', { number: index + 1 })}
              disabled={fields.length <= MIN_SPLIT_PARTS}
              onClick={() => remove(index)}
            >
              {t('splits.remove')}
            </button>
          </div>
        </div>
      ))}
      <p aria-live="polite" className="text-sm text-neutral-700 dark:text-neutral-300">
        {left === null
          ? t('splits.enterAmount')
          : left === 0
            ? t('splits.allAssigned')
            : left > 0
              ? t('splits.left', { amount: format.money(fromStoredHundredths(left), currency) })
              : t('splits.over', { amount: format.money(fromStoredHundredths(-left), currency) })}
      </p>
      {splitsError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {splitsError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-4">
        <button
          type="button"
          className={`${textLinkClasses} text-sm`}
          disabled={fields.length >= MAX_SPLIT_PARTS}
          onClick={() =>
            append({
              category: '',
              amount: left !== null && left > 0 ? fromStoredHundredths(left) : '',
            })
          }
        >
          {t('splits.add')}
        </button>
        <button type="button" className={`${textLinkClasses} text-sm`} onClick={() => replace([])}>
          {t('splits.removeSplit')}
        </button>
      </div>
    </fieldset>
  );
}
