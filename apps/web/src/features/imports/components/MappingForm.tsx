import { IMPORT_DATE_FORMATS, MAX_IMPORT_SKIP_ROWS } from '@moneta/shared/import-constants';
import type { ImportMapping } from '@moneta/shared/import-schemas';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { useMappingReasons, type DetectedMapping } from '../hooks/use-mapping-reasons';
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
  detected?: DetectedMapping | undefined;
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

/** The columns the user may leave unused ("None"); the others every mapping needs. */
const OPTIONAL_FIELDS: ReadonlySet<ColumnField> = new Set([
  'direction',
  'debit',
  'credit',
  'note',
  'category',
  'counterparty',
]);

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
  const { t } = useTranslation('imports');
  const layoutName = useId();
  const layout = amountLayoutOf(mapping);
  const reasonFor = useMappingReasons(mapping, detected);
  const invertSignReason = reasonFor('invertSign');
  const selectProps = { mapping, columns, sample, isDisabled, onChange, reasonFor, layoutName };

  return (
    <fieldset
      disabled={isDisabled}
      className="grid min-w-0 gap-4 sm:grid-cols-2 lg:grid-cols-3"
      aria-describedby={`${layoutName}-help`}
    >
      <legend className="mb-1 text-base font-semibold text-neutral-900 dark:text-white">
        {t('mapping.legend')}
      </legend>
      <p
        id={`${layoutName}-help`}
        className="text-sm text-neutral-600 sm:col-span-2 lg:col-span-3 dark:text-neutral-400"
      >
        {t('mapping.help')}
      </p>
      <ColumnSelect field="date" {...selectProps} />
      <SelectField
        label={t('mapping.dateFormat')}
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
      <ColumnSelect field="name" {...selectProps} />
      <AmountLayoutChoice
        name={layoutName}
        layout={layout}
        onChange={(next) => onChange(withAmountLayout(mapping, next, columns))}
      />
      {layout === 'signed' ? (
        <>
          <ColumnSelect field="amount" {...selectProps} />
          <ColumnSelect field="direction" {...selectProps} />
        </>
      ) : (
        <>
          <ColumnSelect field="debit" {...selectProps} />
          <ColumnSelect field="credit" {...selectProps} />
        </>
      )}
      <SelectField
        label={t('mapping.decimalSeparator')}
        value={mapping.decimalSeparator}
        onChange={(event) =>
          onChange({
            ...mapping,
            decimalSeparator: event.target.value === ',' ? ',' : '.',
          })
        }
      >
        <option value=".">{t('mapping.point')}</option>
        <option value=",">{t('mapping.comma')}</option>
      </SelectField>
      <ColumnSelect field="note" {...selectProps} />
      <ColumnSelect field="category" {...selectProps} />
      <ColumnSelect field="counterparty" {...selectProps} />
      <TextField
        label={t('mapping.skipRows')}
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
          {t('mapping.invertSign')}
          <span className="block text-xs text-neutral-600 dark:text-neutral-400">
            {t('mapping.invertSignHint')}
          </span>
          {invertSignReason ? (
            <span className="block text-xs text-neutral-600 dark:text-neutral-400">
              {t('mapping.why', { reason: invertSignReason })}
            </span>
          ) : null}
        </span>
      </label>
    </fieldset>
  );
}

/** One field's column, each shown with a sample of what it holds; "None" where optional. */
function ColumnSelect({
  field,
  mapping,
  columns,
  sample,
  isDisabled,
  reasonFor,
  layoutName,
  onChange,
}: Pick<MappingFormProps, 'mapping' | 'columns' | 'sample' | 'isDisabled' | 'onChange'> & {
  field: ColumnField;
  reasonFor: ReturnType<typeof useMappingReasons>;
  /** The form's id, which the hint's id starts with. */
  layoutName: string;
}) {
  const { t } = useTranslation('imports');
  const value = mapping[field] ?? null;
  const reason = reasonFor(field);
  const hintId = `${layoutName}-${field}-why`;
  return (
    <SelectField
      label={t(`mapping.columnLabels.${field}`)}
      value={value === null ? NONE : String(value)}
      disabled={isDisabled}
      aria-describedby={reason ? hintId : undefined}
      hint={
        reason ? (
          <p id={hintId} className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
            {t('mapping.why', { reason })}
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
      {OPTIONAL_FIELDS.has(field) ? <option value={NONE}>{t('mapping.none')}</option> : null}
      {columns.map((column, index) => {
        const example = sample?.[index]?.trim();
        const name = column.trim() || t('mapping.column', { number: index + 1 });
        return (
          <option key={index} value={index}>
            {example
              ? t('mapping.withExample', {
                  column: name,
                  example: example.length > 24 ? `${example.slice(0, 24)}…` : example,
                })
              : name}
          </option>
        );
      })}
    </SelectField>
  );
}

/** One signed amount column, or two (debit and credit). */
function AmountLayoutChoice({
  name,
  layout,
  onChange,
}: {
  name: string;
  layout: AmountLayout;
  onChange: (layout: AmountLayout) => void;
}) {
  const { t } = useTranslation('imports');
  const layouts = [
    ['signed', t('mapping.signed')],
    ['split', t('mapping.split')],
  ] as const;
  return (
    <div
      role="radiogroup"
      aria-label={t('mapping.amounts')}
      className="flex flex-col gap-2 sm:col-span-2 lg:col-span-3"
    >
      <span className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
        {t('mapping.amounts')}
      </span>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {layouts.map(([value, label]) => (
          <label
            key={value}
            className="inline-flex items-center gap-2 text-sm text-neutral-800 dark:text-neutral-200"
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={layout === value}
              onChange={() => onChange(value)}
              className="size-4 accent-emerald-600"
            />
            {label}
          </label>
        ))}
      </div>
    </div>
  );
}
