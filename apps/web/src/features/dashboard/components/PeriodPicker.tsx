import { useId, useState } from 'react';
import { fieldErrorClasses, inputClasses, labelClasses } from '@/components/ui/input-styles';
import {
  formatRange,
  isValidRange,
  PERIOD_LABELS,
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

const RANGE_ERROR = 'The start date must not be after the end date.';

/** The custom span's two dates: the period changes once both make a valid span. */
function CustomRange({
  initial,
  onChange,
}: {
  initial: DateRange;
  onChange: (range: DateRange) => void;
}) {
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
          From
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
          To
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
          {RANGE_ERROR}
        </p>
      ) : null}
    </>
  );
}

/**
 * The dashboard's period (DESIGN §6.4): a preset, a custom span or all time. The totals and the
 * charts follow it; the choice is remembered on the device by the page that holds it.
 */
export function PeriodPicker({ period, today, onChange }: PeriodPickerProps) {
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
            Period
          </label>
          <select
            id={selectId}
            className={`${inputClasses} mt-1.5`}
            value={period.preset}
            onChange={(event) => choose(event.target.value as PeriodPreset)}
          >
            {PERIOD_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {PERIOD_LABELS[preset]}
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
        Showing {range ? formatRange(range) : 'all time'}
      </p>
    </div>
  );
}
