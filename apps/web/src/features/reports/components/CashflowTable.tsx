import type { CashflowReport } from '@moneta/shared/report-schemas';
import { useTranslation } from 'react-i18next';
import { Table, TableCell, TableRow, TableRowHeader } from '@/components/ui/Table';
import { transactionsPath } from '@/config/paths';
import { useFormat } from '@/lib/i18n/use-format';
import type { ReportRequest } from '../api/report-query';
import type { CashflowTotals } from './cashflow-totals';
import { formatComparison, reportMoney } from './report-format';
import { FigureLink } from './ReportSection';

type CashflowTableProps = {
  data: CashflowReport;
  /** Each period's name, in the order of `data.periods`. */
  labels: string[];
  totals: CashflowTotals;
  averages: CashflowTotals;
  /** The previous range's totals, once fetched. */
  previousTotals: CashflowTotals | undefined;
  /** The period just before the first: the last of the previous range. */
  beforeFirst: CashflowReport['periods'][number] | undefined;
  previousText: string;
  request: ReportRequest;
  currency: string;
};

/**
 * Each period's income, expense and net, its net against the period before, then the totals and
 * the average per period; every figure opens its transactions.
 */
export function CashflowTable({
  data,
  labels,
  totals,
  averages,
  previousTotals,
  beforeFirst,
  previousText,
  request,
  currency,
}: CashflowTableProps) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const money = reportMoney(format);
  const per = t(`per.${request.interval}`);
  const account = request.accountId;
  const member = request.createdBy;
  const whole = { from: request.from, to: request.to, account, member };
  return (
    <Table
      label={t('cashflow.tableLabel')}
      caption={t('cashflow.caption', { per })}
      minWidthClass="sm:min-w-[40rem]"
      columns={[
        { header: t('cashflow.columns.period') },
        { header: t('cashflow.income'), align: 'right' },
        { header: t('cashflow.expense'), align: 'right' },
        { header: t('cashflow.net'), align: 'right' },
        { header: t('cashflow.columns.netVsPrevious'), align: 'right' },
      ]}
    >
      {data.periods.map((period, index) => {
        const label = labels[index] ?? period.start;
        const dates = { from: period.start, to: period.end, account, member };
        const prior = index === 0 ? beforeFirst : data.periods[index - 1];
        return (
          <TableRow key={period.start}>
            <TableRowHeader>{label}</TableRowHeader>
            <TableCell align="right" stackLabel={t('cashflow.income')}>
              <FigureLink
                amount={period.income}
                currency={currency}
                description={t('cashflow.figure.incomeIn', { period: label })}
                to={transactionsPath({ ...dates, type: 'income' })}
              />
            </TableCell>
            <TableCell align="right" stackLabel={t('cashflow.expense')}>
              <FigureLink
                amount={period.expense}
                currency={currency}
                description={t('cashflow.figure.expenseIn', { period: label })}
                to={transactionsPath({ ...dates, type: 'expense' })}
              />
            </TableCell>
            <TableCell align="right" stack="end" className="font-medium">
              <FigureLink
                amount={period.net}
                currency={currency}
                description={t('cashflow.figure.netIn', { period: label })}
                to={transactionsPath(dates)}
              />
            </TableCell>
            <TableCell align="right" stackLabel={t('vsPrevious')} className="tabular-nums">
              {prior ? formatComparison(period.net, prior.net, currency, format) : '—'}
            </TableCell>
          </TableRow>
        );
      })}
      <TableRow className="font-semibold">
        <TableRowHeader>{t('total')}</TableRowHeader>
        <TableCell align="right" stackLabel={t('cashflow.income')}>
          <FigureLink
            amount={totals.income}
            currency={currency}
            description={t('cashflow.figure.incomeWhole')}
            to={transactionsPath({ ...whole, type: 'income' })}
          />
        </TableCell>
        <TableCell align="right" stackLabel={t('cashflow.expense')}>
          <FigureLink
            amount={totals.expense}
            currency={currency}
            description={t('cashflow.figure.expenseWhole')}
            to={transactionsPath({ ...whole, type: 'expense' })}
          />
        </TableCell>
        <TableCell align="right" stack="end">
          <FigureLink
            amount={totals.net}
            currency={currency}
            description={t('cashflow.figure.netWhole')}
            to={transactionsPath(whole)}
          />
        </TableCell>
        <TableCell
          align="right"
          stackLabel={t('versusRange', { range: previousText })}
          className="tabular-nums"
        >
          {previousTotals
            ? formatComparison(totals.net, previousTotals.net, currency, format)
            : '—'}
        </TableCell>
      </TableRow>
      <TableRow>
        <TableRowHeader>{t('averagePer', { per })}</TableRowHeader>
        <TableCell align="right" stackLabel={t('cashflow.income')} className="tabular-nums">
          {money(averages.income, currency)}
        </TableCell>
        <TableCell align="right" stackLabel={t('cashflow.expense')} className="tabular-nums">
          {money(averages.expense, currency)}
        </TableCell>
        <TableCell align="right" stack="end" className="tabular-nums">
          {money(averages.net, currency)}
        </TableCell>
        <TableCell align="right" stack="hidden" />
      </TableRow>
    </Table>
  );
}
