import { formatMoney } from '@moneta/shared/money';
import type { NetWorthReport } from '@moneta/shared/report-schemas';
import { Link } from 'react-router';
import { MoneyWithBase } from '@/components/MoneyWithBase';
import { Table, TableCell, TableRow, TableRowHeader } from '@/components/ui/Table';
import { accountPath } from '@/config/paths';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { formatCalendarDate } from '@/lib/calendar-date-format';
import { useNetWorthReport } from '../api/get-net-worth-report';
import { reportQuery, type ReportRequest } from '../api/report-query';
import { formatComparison } from './report-format';
import { ReportChartSlot } from './ReportChartSlot';
import { ReportSection } from './ReportSection';

type NetWorthSectionProps = { request: ReportRequest; currency: string };

/**
 * Each account's balance at the end of every period, stacked, with their total, and the total's
 * change from one period to the next and over the range. An account's balance opens its
 * register.
 */
export function NetWorthSection({ request, currency }: NetWorthSectionProps) {
  const report = useNetWorthReport(request);
  return (
    <ReportSection
      title="Net worth"
      description="Each account's balance at the end of every period, in your currency, and their total."
      query={report}
      csv={{ name: 'net-worth', query: reportQuery(request) }}
      isEmpty={(data) => data.points.every((point) => point.accounts.length === 0)}
      empty="No accounts to show."
    >
      {(data) => <NetWorthFigures data={data} currency={currency} />}
    </ReportSection>
  );
}

function NetWorthFigures({ data, currency }: { data: NetWorthReport; currency: string }) {
  const accounts = useAccounts().data ?? [];
  const byId = new Map(accounts.map((account) => [account._id, account]));
  const accountIds = [
    ...new Set(data.points.flatMap((point) => point.accounts.map((row) => row.accountId))),
  ];
  const nameOf = (id: string) => byId.get(id)?.name ?? 'Account';
  const labels = data.points.map((point) => formatCalendarDate(point.date));
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
          {`${formatMoney(last.total, currency)} on ${formatCalendarDate(last.date)}: ${formatComparison(last.total, first.total, currency)} since ${formatCalendarDate(first.date)}.`}
        </p>
      ) : null}
      {withoutRate.size > 0 ? (
        <p className="mb-3 text-xs text-amber-800 dark:text-amber-300">
          {`Left out of the total for want of an exchange rate: ${[...withoutRate].map(nameOf).join(', ')}.`}
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
          line={{ label: 'Total', values: data.points.map((point) => point.total) }}
          currency={currency}
          summary={`Net worth, stacked by account: ${first ? `${formatMoney(first.total, currency)} on ${formatCalendarDate(first.date)}` : ''}${last ? `, ${formatMoney(last.total, currency)} on ${formatCalendarDate(last.date)}` : ''}. The table below has every figure.`}
        />
      </div>
      <Table
        label="Net worth table"
        caption="Net worth at the end of each period"
        minWidthClass={accountIds.length > 3 ? 'sm:min-w-[64rem]' : 'sm:min-w-[40rem]'}
        columns={[
          { header: 'Date', isSticky: true },
          ...accountIds.map((id) => ({ header: nameOf(id), align: 'right' as const })),
          { header: 'Total', align: 'right' },
          { header: 'Vs previous period', align: 'right' },
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
                        aria-label={`${formatMoney(row.balance, account?.currency ?? currency)}, ${nameOf(id)} on ${label}: open the account`}
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
                {formatMoney(point.total, currency)}
              </TableCell>
              <TableCell align="right" stackLabel="Vs previous" className="tabular-nums">
                {prior ? formatComparison(point.total, prior.total, currency) : '—'}
              </TableCell>
            </TableRow>
          );
        })}
      </Table>
    </>
  );
}
