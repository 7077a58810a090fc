import type { NetWorthReport } from '@moneta/shared/report-schemas';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MoneyWithBase } from '@/components/MoneyWithBase';
import { Table, TableCell, TableRow, TableRowHeader } from '@/components/ui/Table';
import { accountPath } from '@/config/paths';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { useFormat } from '@/lib/i18n/use-format';
import { useNetWorthReport } from '../api/get-net-worth-report';
import { reportQuery, type ReportRequest } from '../api/report-query';
import { formatComparison, reportMoney } from './report-format';
import { ReportChartSlot } from './ReportChartSlot';
import { ReportSection } from './ReportSection';

type NetWorthSectionProps = { request: ReportRequest; currency: string };

/**
 * Each account's balance at the end of every period, stacked, with their total, and the total's
 * change from one period to the next and over the range. An account's balance opens its
 * register.
 */
export function NetWorthSection({ request, currency }: NetWorthSectionProps) {
  const { t } = useTranslation('reports');
  const report = useNetWorthReport(request);
  return (
    <ReportSection
      title={t('netWorth.title')}
      description={t('netWorth.description')}
      query={report}
      csv={{ name: 'net-worth', query: reportQuery(request) }}
      isEmpty={(data) => data.points.every((point) => point.accounts.length === 0)}
      empty={t('netWorth.empty')}
    >
      {(data) => <NetWorthFigures data={data} currency={currency} />}
    </ReportSection>
  );
}

function NetWorthFigures({ data, currency }: { data: NetWorthReport; currency: string }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const money = reportMoney(format);
  const accounts = useAccounts().data ?? [];
  const byId = new Map(accounts.map((account) => [account._id, account]));
  const accountIds = [
    ...new Set(data.points.flatMap((point) => point.accounts.map((row) => row.accountId))),
  ];
  const nameOf = (id: string) => byId.get(id)?.name ?? t('netWorth.account');
  const labels = data.points.map((point) => format.date(point.date));
  const first = data.points[0];
  const last = data.points.at(-1);
  const withoutRate = new Set(
    data.points.flatMap((point) =>
      point.accounts.filter((row) => row.baseBalance === null).map((row) => row.accountId),
    ),
  );
  return (
    <>
      {first && last ? (
        <p className="mb-3 text-sm text-neutral-700 dark:text-neutral-300">
          {t('netWorth.change', {
            total: money(last.total, currency),
            date: format.date(last.date),
            change: formatComparison(last.total, first.total, currency, format),
            since: format.date(first.date),
          })}
        </p>
      ) : null}
      {withoutRate.size > 0 ? (
        <p className="mb-3 text-xs text-amber-800 dark:text-amber-300">
          {t('netWorth.withoutRate', { accounts: [...withoutRate].map(nameOf).join(', ') })}
        </p>
      ) : null}
      <div className="mb-4">
        <ReportChartSlot
          labels={labels}
          bars={accountIds.map((id) => ({
            label: nameOf(id),
            values: data.points.map(
              (point) => point.accounts.find((row) => row.accountId === id)?.baseBalance ?? 0,
            ),
          }))}
          isStacked
          line={{ label: t('total'), values: data.points.map((point) => point.total) }}
          currency={currency}
          summary={
            first && last
              ? t('netWorth.chartSummary', {
                  first: money(first.total, currency),
                  firstDate: format.date(first.date),
                  last: money(last.total, currency),
                  lastDate: format.date(last.date),
                })
              : t('netWorth.chartSummaryEmpty')
          }
        />
      </div>
      <Table
        label={t('netWorth.tableLabel')}
        caption={t('netWorth.caption')}
        minWidthClass={accountIds.length > 3 ? 'sm:min-w-[64rem]' : 'sm:min-w-[40rem]'}
        columns={[
          { header: t('netWorth.date'), isSticky: true },
          ...accountIds.map((id) => ({ header: nameOf(id), align: 'right' as const })),
          { header: t('total'), align: 'right' },
          { header: t('netWorth.vsPreviousPeriod'), align: 'right' },
        ]}
      >
        {data.points.map((point, index) => {
          const label = labels[index] ?? point.date;
          const prior = data.points[index - 1];
          return (
            <TableRow key={point.date}>
              <TableRowHeader isSticky>{label}</TableRowHeader>
              {accountIds.map((id) => {
                const row = point.accounts.find((entry) => entry.accountId === id);
                const account = byId.get(id);
                return (
                  <TableCell
                    key={id}
                    align="right"
                    stackLabel={nameOf(id)}
                    className="tabular-nums"
                  >
                    {row ? (
                      <Link
                        to={accountPath(id)}
                        aria-label={t('netWorth.balanceLink', {
                          amount: money(row.balance, account?.currency ?? currency),
                          account: nameOf(id),
                          date: label,
                        })}
                        className="rounded underline decoration-neutral-300 underline-offset-4 hover:text-emerald-700 hover:decoration-current dark:decoration-neutral-600 dark:hover:text-emerald-400"
                      >
                        <MoneyWithBase
                          amount={row.balance}
                          currency={account?.currency ?? currency}
                          baseAmount={row.baseBalance}
                          baseCurrency={currency}
                        />
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                );
              })}
              <TableCell align="right" stack="end" className="font-semibold tabular-nums">
                {money(point.total, currency)}
              </TableCell>
              <TableCell align="right" stackLabel={t('vsPrevious')} className="tabular-nums">
                {prior ? formatComparison(point.total, prior.total, currency, format) : '—'}
              </TableCell>
            </TableRow>
          );
        })}
      </Table>
    </>
  );
}
