import type { CategoryReport } from '@moneta/shared/report-schemas';
import { useTranslation } from 'react-i18next';
import { Table, TableCell, TableRow, TableRowHeader } from '@/components/ui/Table';
import { transactionsPath } from '@/config/paths';
import { useCategoryName } from '@/lib/categories/category-name';
import { useFormat } from '@/lib/i18n/use-format';
import type { ReportRequest } from '../api/report-query';
import type { ReportKind } from '../hooks/use-report-params';
import { formatComparison, reportMoney, sumMoney } from './report-format';
import { FigureLink } from './ReportSection';

type CategoryTableProps = {
  data: CategoryReport;
  previous: CategoryReport | undefined;
  previousText: string;
  /** Each period's name, in the order of `data.periods`. */
  labels: string[];
  request: ReportRequest;
  kind: ReportKind;
  title: string;
  /** The sum of every category over the range. */
  total: number;
  currency: string;
};

type CategoryRowProps = Omit<CategoryTableProps, 'data' | 'previousText' | 'title' | 'total'> & {
  row: CategoryReport['categories'][number];
  periods: CategoryReport['periods'];
  /** Each category's total in the previous range. */
  previousTotals: Map<string, number>;
};

/** One category: its figure in each period, its total, its average and its change. */
function CategoryRow({
  row,
  periods,
  previous,
  previousTotals,
  labels,
  request,
  kind,
  currency,
}: CategoryRowProps) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const money = reportMoney(format);
  const categoryName = useCategoryName();
  const account = request.accountId;
  const member = request.createdBy;
  return (
    <TableRow>
      <TableRowHeader isSticky>{categoryName(row.name)}</TableRowHeader>
      {periods.map((period, index) => {
        const label = labels[index] ?? period.start;
        const amount = row.totals[index] ?? 0;
        return (
          <TableCell
            key={period.start}
            align="right"
            stackLabel={label}
            // On a phone the list names the periods with figures; the average counts all.
            stack={amount === 0 ? 'hidden' : 'meta'}
          >
            <FigureLink
              amount={amount}
              currency={currency}
              description={t('categories.figure.categoryIn', {
                category: categoryName(row.name),
                period: label,
              })}
              to={transactionsPath({
                type: kind,
                category: row.name,
                from: period.start,
                to: period.end,
                account,
                member,
              })}
            />
          </TableCell>
        );
      })}
      <TableCell align="right" stack="end" className="font-semibold">
        <FigureLink
          amount={row.total}
          currency={currency}
          description={t('categories.figure.categoryWhole', {
            category: categoryName(row.name),
          })}
          to={transactionsPath({
            type: kind,
            category: row.name,
            from: request.from,
            to: request.to,
            account,
            member,
          })}
        />
      </TableCell>
      <TableCell align="right" stackLabel={t('average')} className="tabular-nums">
        {money(row.average, currency)}
      </TableCell>
      <TableCell align="right" stackLabel={t('vsPrevious')} className="tabular-nums">
        {previous
          ? formatComparison(row.total, previousTotals.get(row.name) ?? 0, currency, format)
          : '—'}
      </TableCell>
    </TableRow>
  );
}

/**
 * Every category with its figure in each period, its total, its average per period and its change
 * against the previous range, then the same for all of them together.
 */
export function CategoryTable({
  data,
  previous,
  previousText,
  labels,
  request,
  kind,
  title,
  total,
  currency,
}: CategoryTableProps) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const money = reportMoney(format);
  const per = t(`per.${request.interval}`);
  const account = request.accountId;
  const member = request.createdBy;
  const previousTotals = new Map(previous?.categories.map((row) => [row.name, row.total]));
  const periodTotals = data.periods.map((_, index) =>
    sumMoney(data.categories.map((row) => row.totals[index] ?? 0)),
  );
  const count = data.periods.length;
  const many = count > 4;
  return (
    <Table
      label={t('tableLabel', { title })}
      caption={t('categories.caption', { title, per })}
      minWidthClass={many ? 'sm:min-w-[72rem]' : 'sm:min-w-[40rem]'}
      columns={[
        { header: t('categories.category'), isSticky: true },
        ...labels.map((label) => ({ header: label, align: 'right' as const })),
        { header: t('total'), align: 'right' },
        { header: t('averagePer', { per }), align: 'right' },
        { header: t('versusRange', { range: previousText }), align: 'right' },
      ]}
    >
      {data.categories.map((row) => (
        <CategoryRow
          key={row.name}
          row={row}
          periods={data.periods}
          previous={previous}
          previousTotals={previousTotals}
          labels={labels}
          request={request}
          kind={kind}
          currency={currency}
        />
      ))}
      <TableRow className="font-semibold">
        <TableRowHeader isSticky>{t(`categories.all.${kind}`)}</TableRowHeader>
        {data.periods.map((period, index) => {
          const label = labels[index] ?? period.start;
          return (
            <TableCell key={period.start} align="right" stackLabel={label}>
              <FigureLink
                amount={periodTotals[index] ?? 0}
                currency={currency}
                description={t(`categories.figure.allIn.${kind}`, { period: label })}
                to={transactionsPath({
                  type: kind,
                  from: period.start,
                  to: period.end,
                  account,
                  member,
                })}
              />
            </TableCell>
          );
        })}
        <TableCell align="right" stack="end">
          <FigureLink
            amount={total}
            currency={currency}
            description={t(`categories.figure.allWhole.${kind}`)}
            to={transactionsPath({
              type: kind,
              from: request.from,
              to: request.to,
              account,
              member,
            })}
          />
        </TableCell>
        <TableCell align="right" stackLabel={t('average')} className="tabular-nums">
          {money(Math.round((total / count) * 100) / 100, currency)}
        </TableCell>
        <TableCell align="right" stackLabel={t('vsPrevious')} className="tabular-nums">
          {previous
            ? formatComparison(
                total,
                sumMoney(previous.categories.map((row) => row.total)),
                currency,
                format,
              )
            : '—'}
        </TableCell>
      </TableRow>
    </Table>
  );
}
