import {
  parseTypedAmount,
  writeTypedAmount,
  type NumberFormat,
  type TypedAmountProblem,
} from '@moneta/shared/typed-amount';
import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type PathValue,
} from 'react-hook-form';
import { useFormat } from '@/lib/i18n/use-format';
import { FormField } from './FormField';
import { fieldErrorClasses, inputClasses } from './input-styles';

type MoneyInputProps<Form extends FieldValues, Output> = Omit<
  ComponentProps<'input'>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'type' | 'inputMode' | 'ref'
> & {
  label: string;
  control: Control<Form, unknown, Output>;
  name: FieldPath<Form>;
  /** Reads a leading minus (an opening balance's debt); elsewhere a minus is an error. */
  allowNegative?: boolean;
  /** Shown under the input: a short help. */
  hint?: ReactNode;
  /** Ids of further descriptions of the input (a mark to check it). */
  describedBy?: string;
  /**
   * Shows zero with this many decimals as the placeholder, in the user's format ('0,00' in
   * German, '0' for yen).
   */
  zeroPlaceholder?: number;
};

/**
 * The text a field shows for the form's value: a number in the user's format (cents kept: 47.3 is
 * '47,30'), text as typed.
 */
function textOf(value: unknown, format: NumberFormat): string {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? writeTypedAmount(value, format, 2) : '';
  }
  return typeof value === 'string' ? value : '';
}

/** Zero as a placeholder: '0.00', '0,00', '0'. */
function zeroAmount(decimals: number, format: NumberFormat): string {
  return decimals > 0 ? `0${format.decimal}${'0'.repeat(decimals)}` : '0';
}

/** The common namespace's key for each reading problem. */
const PROBLEM_KEYS = {
  empty: 'amount.empty',
  characters: 'amount.characters',
  separators: 'amount.separators',
  negative: 'amount.negative',
  'too-many-digits': 'amount.tooManyDigits',
} as const satisfies Record<TypedAmountProblem, string>;

/**
 * Every money field of the web: a text input that reads the amount as the person types it
 * (`2,95`, `1.234,56`, `1 234,56`…) and hands the form a number; never a number input, which
 * drops what a browser cannot read in its own locale. Text that cannot be read hands the form NaN,
 * which every amount schema refuses, and says at the field what could not be read, under the
 * field's own message. The rules of the amount itself (above 0, decimals) stay the schema's.
 * See docs/amounts.md.
 */
export function MoneyInput<Form extends FieldValues, Output>({
  label,
  control,
  name,
  allowNegative = false,
  hint,
  describedBy,
  zeroPlaceholder,
  id,
  className,
  ...props
}: MoneyInputProps<Form, Output>) {
  const { field, fieldState } = useController({ control, name });
  const { t } = useTranslation();
  // The user's number format decides a lone separator before three digits (1.234 in de-DE).
  const format = useFormat().numberFormat;
  const [typed, setTyped] = useState(() => ({
    text: textOf(field.value, format),
    handed: field.value,
  }));
  // A value set by the form itself (a reset, a correction) replaces what was typed.
  if (!Object.is(typed.handed, field.value)) {
    setTyped({ text: textOf(field.value, format), handed: field.value });
  }
  const reading = parseTypedAmount(typed.text, format, { allowNegative });
  const problemId = `${useId()}-reading`;
  const error = fieldState.error?.message;
  const problem =
    error && !reading.ok && reading.reason !== 'empty'
      ? t(PROBLEM_KEYS[reading.reason], {
          example: `1${format.group}234${format.decimal}56`,
          plain: `1234${format.decimal}56`,
        })
      : undefined;

  function onChange(text: string) {
    const read = parseTypedAmount(text, format, { allowNegative });
    const handed = (read.ok ? read.value : read.reason === 'empty' ? '' : Number.NaN) as PathValue<
      Form,
      FieldPath<Form>
    >;
    setTyped({ text, handed });
    field.onChange(handed);
  }

  return (
    <FormField
      label={label}
      error={error}
      id={id}
      className={className}
      describedBy={[problem ? problemId : null, describedBy].filter(Boolean).join(' ') || undefined}
      hint={
        <>
          {hint}
          {problem ? (
            <p id={problemId} className={fieldErrorClasses}>
              {problem}
            </p>
          ) : null}
        </>
      }
    >
      {(control) => (
        <input
          className={`${inputClasses} mt-1.5`}
          autoComplete="off"
          {...control}
          {...(zeroPlaceholder === undefined
            ? {}
            : { placeholder: zeroAmount(zeroPlaceholder, format) })}
          {...props}
          type="text"
          inputMode="decimal"
          name={field.name}
          ref={field.ref}
          value={typed.text}
          onChange={(event) => onChange(event.target.value)}
          onBlur={field.onBlur}
        />
      )}
    </FormField>
  );
}
