import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import { fieldErrorClasses, inputClasses, labelClasses } from '@/components/ui/input-styles';
import {
  isValidRange,
  PERIOD_PRESETS,
  periodRange,
  type DashboardPeriod,
  type DateRange,
  type PeriodPreset,
} from '../utils/dashboard-period';

type PeriodPickerProps = {
  period: DashboardPeriod;
  /** Today in the user's time zone: what "this month" and the other presets count from. */
  today: string;
  onChange: (period: DashboardPeriod) => void;
};

/** The custom span's two dates: the period changes once both make a valid span. */
function CustomRange({
  initial,
  onChange,
}: {
  initial: DateRange;
  onChange: (range: DateRange) => void;
}) {
  const { t } = useTranslation('dashboard');
  const [draft, setDraft] = useState(initial);
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const isValid = isValidRange(draft.from, draft.to);
  const hasBothDates = draft.from !== '' && draft.to !== '';

  function change(next: DateRange) {
    setDraft(next);
    if (isValidRange(next.from, next.to)) onChange(next);
  }

  return (
    <>
      <div className="min-w-0">
        <label htmlFor={fromId} className={labelClasses}>
          {t('period.from')}
        </label>
        <input
          id={fromId}
          type="date"
          className={`${inputClasses} mt-1.5`}
          value={draft.from}
          max={draft.to || undefined}
          required
          aria-invalid={hasBothDates && !isValid}
          aria-describedby={hasBothDates && !isValid ? errorId : undefined}
          onChange={(event) => change({ ...draft, from: event.target.value })}
        />
      </div>
      <div className="min-w-0">
        <label htmlFor={toId} className={labelClasses}>
          {t('period.to')}
        </label>
        <input
          id={toId}
          type="date"
          className={`${inputClasses} mt-1.5`}
          value={draft.to}
          min={draft.from || undefined}
          required
          aria-invalid={hasBothDates && !isValid}
          aria-describedby={hasBothDates && !isValid ? errorId : undefined}
          onChange={(event) => change({ ...draft, to: event.target.value })}
        />
      </div>
      {hasBothDates && !isValid ? (
        <p id={errorId} role="alert" className={`${fieldErrorClasses} col-span-full mt-0`}>
          {t('period.rangeError')}
        </p>
      ) : null}
    </>
  );
}

/**
 * The dashboard's period (docs/architecture.md, Product rules): a preset, a custom span or all
 * time. The totals and the charts follow it; the choice is remembered on the device by the page
 * that holds it.
 */
export function PeriodPicker({ period, today, onChange }: PeriodPickerProps) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const selectId = useId();
  const range = periodRange(period, today);

  function choose(preset: PeriodPreset) {
    if (preset === 'custom') {
      // A custom span starts as the span on screen (the last 30 days after all time).
      const start = range ?? periodRange({ preset: 'last-30-days' }, today);
      if (start) onChange({ preset: 'custom', ...start });
      return;
    }
    onChange({ preset });
  }

  return (
    <div className="mb-6 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,11rem)_minmax(0,11rem)] sm:items-end">
        <div className="min-w-0">
          <label htmlFor={selectId} className={labelClasses}>
            {t('period.label')}
          </label>
          <select
            id={selectId}
            className={`${inputClasses} mt-1.5`}
            value={period.preset}
            onChange={(event) => choose(event.target.value as PeriodPreset)}
          >
            {PERIOD_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {t(`period.presets.${preset}`)}
              </option>
            ))}
          </select>
        </div>
        {period.preset === 'custom' ? (
          <CustomRange
            initial={{ from: period.from, to: period.to }}
            onChange={(next) => onChange({ preset: 'custom', ...next })}
          />
        ) : null}
      </div>
      <p
        role="status"
        className="mt-3 text-sm text-neutral-600 dark:text-neutral-400"
        data-testid="period-shown"
      >
        {t('period.showing', {
          period: range ? format.dateRange(range.from, range.to) : t('period.allTimeLower'),
        })}
      </p>
    </div>
  );
}
