import {
  IMPORT_DATE_FORMATS,
  MAX_IMPORT_SKIP_ROWS,
  type ImportMapping,
  type ImportMappingReasons,
} from '@moneta/shared/import-schemas';
import { useId } from 'react';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { amountLayoutOf, withAmountLayout, type AmountLayout } from '../utils/mapping';

type MappingFormProps = {
  mapping: ImportMapping;
  /** The header cells of the file, in order. */
  columns: readonly string[];
  /** A first row's cells, shown beside each column name so that the user sees what it holds. */
  sample: readonly string[] | null;
  isDisabled: boolean;
  onChange: (mapping: ImportMapping) => void;
  /** The mapping Moneta detected and why it chose each column; a hint shows while kept. */
  detected?: { mapping: ImportMapping; reasons: ImportMappingReasons } | undefined;
};

type ColumnField =
  | 'date'
  | 'amount'
  | 'debit'
  | 'credit'
  | 'name'
  | 'note'
  | 'category'
  | 'direction'
  | 'counterparty';

const NONE = '';

/**
 * The columns of a CSV as Moneta reads them (docs/architecture.md, Imports): detected on upload,
 * changed here. Each change is sent (debounced) by the page, which shows the rows read through it.
 */
export function MappingForm({
  mapping,
  columns,
  sample,
  isDisabled,
  onChange,
  detected,
}: MappingFormProps) {
  const layoutName = useId();
  const layout = amountLayoutOf(mapping);

  /** Why Moneta chose this field's value, while the user keeps it. */
  function reasonFor(field: keyof ImportMappingReasons): string | undefined {
    if (!detected || (detected.mapping[field] ?? null) !== (mapping[field] ?? null)) {
      return undefined;
    }
    return detected.reasons[field];
  }

  function columnOptions(isOptional: boolean) {
    return (
      <>
        {isOptional ? <option value={NONE}>None</option> : null}
        {columns.map((column, index) => {
          const example = sample?.[index]?.trim();
          return (
            <option key={index} value={index}>
              {column.trim() || `Column ${index + 1}`}
              {example
                ? ` (e.g. ${example.length > 24 ? `${example.slice(0, 24)}…` : example})`
                : ''}
            </option>
          );
        })}
      </>
    );
  }

  function columnSelect(field: ColumnField, label: string, isOptional = false) {
    const value = mapping[field] ?? null;
    const reason = reasonFor(field);
    const hintId = `${layoutName}-${field}-why`;
    return (
      <SelectField
        label={label}
        value={value === null ? NONE : String(value)}
        disabled={isDisabled}
        aria-describedby={reason ? hintId : undefined}
        hint={
          reason ? (
            <p id={hintId} className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
              Why: {reason}
            </p>
          ) : undefined
        }
        onChange={(event) =>
          onChange({
            ...mapping,
            [field]: event.target.value === NONE ? null : Number(event.target.value),
          })
        }
      >
        {columnOptions(isOptional)}
      </SelectField>
    );
  }

  function setLayout(next: AmountLayout) {
    onChange(withAmountLayout(mapping, next, columns));
  }

  return (
    <fieldset
      disabled={isDisabled}
      className="grid min-w-0 gap-4 sm:grid-cols-2 lg:grid-cols-3"
      aria-describedby={`${layoutName}-help`}
    >
      <legend className="mb-1 text-base font-semibold text-neutral-900 dark:text-white">
        Columns
      </legend>
      <p
        id={`${layoutName}-help`}
        className="text-sm text-neutral-600 sm:col-span-2 lg:col-span-3 dark:text-neutral-400"
      >
        Moneta guessed what each column holds. Change anything that is wrong: the rows below are
        read again as you go, and the next file with these columns needs no changes.
      </p>
      {columnSelect('date', 'Date column')}
      <SelectField
        label="Date format"
        value={mapping.dateFormat}
        onChange={(event) =>
          onChange({
            ...mapping,
            dateFormat: event.target.value as ImportMapping['dateFormat'],
          })
        }
      >
        {IMPORT_DATE_FORMATS.map((format) => (
          <option key={format} value={format}>
            {format}
          </option>
        ))}
      </SelectField>
      {columnSelect('name', 'Name (payee) column')}

      <div
        role="radiogroup"
        aria-label="Amounts"
        className="flex flex-col gap-2 sm:col-span-2 lg:col-span-3"
      >
        <span className="text-sm font-medium text-neutral-800 dark:text-neutral-200">Amounts</span>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ['signed', 'One column, minus for money out'],
              ['split', 'Separate debit and credit columns'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="inline-flex items-center gap-2 text-sm text-neutral-800 dark:text-neutral-200"
            >
              <input
                type="radio"
                name={layoutName}
                value={value}
                checked={layout === value}
                onChange={() => setLayout(value)}
                className="size-4 accent-emerald-600"
              />
              {label}
            </label>
          ))}
        </div>
      </div>
      {layout === 'signed' ? (
        <>
          {columnSelect('amount', 'Amount column')}
          {columnSelect('direction', 'Debit/credit marker column', true)}
        </>
      ) : (
        <>
          {columnSelect('debit', 'Debit (money out) column', true)}
          {columnSelect('credit', 'Credit (money in) column', true)}
        </>
      )}
      <SelectField
        label="Decimal separator"
        value={mapping.decimalSeparator}
        onChange={(event) =>
          onChange({
            ...mapping,
            decimalSeparator: event.target.value === ',' ? ',' : '.',
          })
        }
      >
        <option value=".">Point (1,234.56)</option>
        <option value=",">Comma (1.234,56)</option>
      </SelectField>
      {columnSelect('note', 'Note column', true)}
      {columnSelect('category', 'Category column', true)}
      {columnSelect('counterparty', "Other party's account (IBAN) column", true)}
      <TextField
        label="Lines before the header"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_IMPORT_SKIP_ROWS}
        step={1}
        value={mapping.skipRows}
        onChange={(event) => {
          const skipRows = Number.parseInt(event.target.value, 10);
          if (Number.isInteger(skipRows) && skipRows >= 0 && skipRows <= MAX_IMPORT_SKIP_ROWS) {
            onChange({ ...mapping, skipRows });
          }
        }}
      />
      <label className="flex items-start gap-2 text-sm text-neutral-800 sm:col-span-2 lg:col-span-3 dark:text-neutral-200">
        <input
          type="checkbox"
          checked={mapping.invertSign}
          onChange={(event) => onChange({ ...mapping, invertSign: event.target.checked })}
          className="mt-0.5 size-4 accent-emerald-600"
        />
        <span>
          Invert the sign
          <span className="block text-xs text-neutral-600 dark:text-neutral-400">
            For files that show money spent as positive amounts (many credit cards).
          </span>
          {reasonFor('invertSign') ? (
            <span className="block text-xs text-neutral-600 dark:text-neutral-400">
              Why: {reasonFor('invertSign')}
            </span>
          ) : null}
        </span>
      </label>
    </fieldset>
  );
}
