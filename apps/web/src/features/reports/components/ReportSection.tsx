import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DownloadIcon } from '@/components/ui/action-icons';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { Skeleton } from '@/components/ui/Skeleton';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/i18n/use-format';
import { useDownloadReport } from '../api/download-report';
import type { ReportName } from '../api/report-query';
import { reportMoney } from './report-format';

type ReportSectionProps<Data> = {
  title: string;
  /** What the figures are, under the title. */
  description: ReactNode;
  query: UseQueryResult<Data>;
  /** The report and query the CSV is made of: the same as what is shown. */
  csv: { name: ReportName; query: Record<string, string> };
  /** Controls beside Download CSV (spending or income). */
  controls?: ReactNode;
  isEmpty: (data: Data) => boolean;
  /** The empty text; 'No transactions in this period.' otherwise. */
  empty?: string;
  children: (data: Data) => ReactNode;
};

/**
 * One report: its title, Download CSV, then loading, a failure with Retry, the empty text or the
 * figures (a summary, a chart and the table the chart draws).
 */
export function ReportSection<Data>({
  title,
  description,
  query,
  csv,
  controls,
  isEmpty,
  empty,
  children,
}: ReportSectionProps<Data>) {
  const { t } = useTranslation('reports');
  const headingId = useId();
  const download = useDownloadReport();
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={query.isPending}
      className="mt-6 min-w-0 rounded-2xl border border-neutral-200 bg-white p-4 sm:p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-neutral-900 dark:text-white">
            {title}
          </h2>
          <p className="text-xs text-neutral-600 dark:text-neutral-400">{description}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {controls}
          <Button
            variant="secondary"
            size="sm"
            disabled={download.isPending}
            aria-label={t('section.downloadLabel', { title })}
            onClick={() => download.mutate(csv)}
          >
            <DownloadIcon />
            {download.isPending ? t('section.downloading') : t('section.download')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={download.isPending}
            aria-label={t('section.downloadSpreadsheetLabel', { title })}
            onClick={() => download.mutate({ ...csv, isForSpreadsheet: true })}
          >
            <DownloadIcon />
            {t('section.downloadSpreadsheet')}
          </Button>
        </div>
      </div>
      {download.isError ? (
        <RetryAlert
          className="mb-4"
          message={errorMessage(download.error, t('section.downloadFailed'))}
          onRetry={() => download.mutate(csv)}
        />
      ) : null}
      {query.isPending ? (
        <div role="status">
          <span className="sr-only">{t('section.loading')}</span>
          <Skeleton className="h-72 w-full" />
        </div>
      ) : query.isError ? (
        <RetryAlert
          message={errorMessage(query.error, t('section.loadFailed'))}
          onRetry={() => void query.refetch()}
        />
      ) : isEmpty(query.data) ? (
        <EmptyState title={empty ?? t('section.empty')} />
      ) : (
        children(query.data)
      )}
    </section>
  );
}

/**
 * A figure that opens what it is made of (the transactions behind it, an account's register).
 * Its name starts with what it shows, then says what it opens: "$120.00, Food in Mar 2026: show
 * the transactions". A zero opens nothing and is plain text.
 */
export function FigureLink({
  amount,
  currency,
  to,
  description,
  opens,
}: {
  amount: number;
  currency: string;
  to: string;
  description: string;
  /** What it opens; 'show the transactions' otherwise. */
  opens?: string;
}) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const text = reportMoney(format)(amount, currency);
  if (Math.round(amount * 100) === 0) return <span className="tabular-nums">{text}</span>;
  return (
    <Link
      to={to}
      aria-label={t('figure.label', {
        amount: text,
        description,
        opens: opens ?? t('figure.opens'),
      })}
      // At least 24 px tall: a tap target (WCAG 2.5.8) among the table's other figures.
      className="inline-block min-h-6 min-w-6 rounded py-0.5 tabular-nums underline decoration-neutral-300 underline-offset-4 hover:text-emerald-700 hover:decoration-current dark:decoration-neutral-600 dark:hover:text-emerald-400"
    >
      {text}
    </Link>
  );
}

/** A summary figure: its name, the amount, and lines comparing it. */
export function SummaryTile({
  label,
  amount,
  currency,
  tone = '',
  lines,
}: {
  label: string;
  amount: number;
  currency: string;
  tone?: string;
  lines: string[];
}) {
  const format = useFormat();
  return (
    <li className="rounded-xl border border-neutral-200 p-3 dark:border-neutral-800">
      <h3 className="text-sm font-medium text-neutral-600 dark:text-neutral-400">{label}</h3>
      <p className={`mt-1 text-xl font-bold tracking-tight tabular-nums ${tone}`}>
        {reportMoney(format)(amount, currency)}
      </p>
      {lines.map((line) => (
        <p key={line} className="mt-0.5 text-xs text-neutral-600 dark:text-neutral-400">
          {line}
        </p>
      ))}
    </li>
  );
}
