import { addDays, isCalendarDate } from '@moneta/shared/calendar-date';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { useFormat } from '@/lib/i18n/use-format';

/** The days the list shows at once: the 30 the API gives without dates (docs/api.md). */
export const RATE_WINDOW_DAYS = 30;

/**
 * Which 30 days of rates the list shows: earlier and later by 30 days, and a day to look up (the
 * list then ends on it, its rate first), so that the rate of a purchase months ago can be found.
 */
export function RateWindowNav({
  end,
  today,
  onChange,
}: {
  /** The window's last day. */
  end: string;
  today: string;
  onChange: (end: string) => void;
}) {
  const { t } = useTranslation('rates');
  const format = useFormat();
  const start = addDays(end, -(RATE_WINDOW_DAYS - 1));
  return (
    <nav
      aria-label={t('window.label')}
      className="mb-4 flex flex-wrap items-end gap-3 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <TextField
        label={t('window.day')}
        type="date"
        min="1999-01-01"
        max={today}
        value={end}
        onChange={(event) => {
          const day = event.target.value;
          if (isCalendarDate(day) && day >= '1999-01-01') onChange(day > today ? today : day);
        }}
      />
      <Button
        variant="secondary"
        onClick={() => onChange(addDays(end, -RATE_WINDOW_DAYS))}
        disabled={start <= '1999-01-01'}
      >
        {t('window.earlier')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => {
          const next = addDays(end, RATE_WINDOW_DAYS);
          onChange(next > today ? today : next);
        }}
        disabled={end >= today}
      >
        {t('window.later')}
      </Button>
      <p className="basis-full text-sm text-neutral-600 dark:text-neutral-400" aria-live="polite">
        {t('window.showing', { range: format.dateRange(start, end) })}
      </p>
    </nav>
  );
}
