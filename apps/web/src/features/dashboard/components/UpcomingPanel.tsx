import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '@/components/ui/QueryState';
import { SectionSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/i18n/use-format';
import { UPCOMING_DAYS, useUpcoming } from '../api/get-upcoming';

const SHOWN = 5;

/** What the recurring transactions will record next: the next 30 days, the first five. */
export function UpcomingPanel({ currency }: { currency: string }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const upcoming = useUpcoming(UPCOMING_DAYS);
  const occurrences = upcoming.data ?? [];

  return (
    <section
      aria-labelledby="upcoming-heading"
      aria-busy={upcoming.isPending}
      className="rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2
          id="upcoming-heading"
          className="text-base font-semibold text-neutral-900 dark:text-white"
        >
          {t('upcoming.title')}
        </h2>
        <span className="text-sm text-neutral-600 dark:text-neutral-400">
          {t('upcoming.next', { count: UPCOMING_DAYS })}
        </span>
      </div>
      <QueryState
        query={upcoming}
        loading={<SectionSpinner label={t('upcoming.loading')} className="py-6" />}
        failureMessage={(error) => errorMessage(error, t('upcoming.failed'))}
        failureClassName="mt-3"
        isEmpty={(occurrences) => occurrences.length === 0}
        empty={
          <p className="mt-3 text-sm text-neutral-600 dark:text-neutral-400">
            {t('upcoming.empty', { count: UPCOMING_DAYS })}
          </p>
        }
      >
        {(occurrences) => (
          <ul className="mt-3 divide-y divide-neutral-200 dark:divide-neutral-800">
            {occurrences.slice(0, SHOWN).map((occurrence) => (
              <li
                key={`${occurrence.recurringId}-${occurrence.date}`}
                className="flex items-center justify-between gap-4 py-2"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">
                    {occurrence.name}
                  </p>
                  <p className="text-xs text-neutral-600 dark:text-neutral-400">
                    <time dateTime={occurrence.date}>{format.date(occurrence.date)}</time>
                  </p>
                </div>
                <p
                  className={`shrink-0 text-sm font-semibold tabular-nums ${
                    occurrence.isIncome
                      ? 'text-emerald-700 dark:text-emerald-400'
                      : 'text-red-700 dark:text-red-400'
                  }`}
                >
                  {occurrence.isIncome ? '+' : '-'}
                  {format.money(occurrence.amount, currency)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <p className="mt-3 flex flex-wrap justify-between gap-2 text-sm">
        {occurrences.length > SHOWN ? (
          <span className="text-neutral-600 dark:text-neutral-400">
            {t('upcoming.more', { count: occurrences.length - SHOWN })}
          </span>
        ) : (
          <span />
        )}
        <Link
          to={paths.recurringTransactions}
          className="text-emerald-800 hover:underline dark:text-emerald-300"
        >
          {t('upcoming.manage')}
        </Link>
      </p>
    </section>
  );
}
