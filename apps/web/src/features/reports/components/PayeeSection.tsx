import type { PayeeReport } from '@moneta/shared/report-schemas';
import { useTranslation } from 'react-i18next';
import { Table, TableCell, TableRow, TableRowHeader } from '@/components/ui/Table';
import { UnconvertedNotice } from '@/components/UnconvertedNotice';
import { transactionsPath } from '@/config/paths';
import { useFormat } from '@/lib/i18n/use-format';
import { usePayeeReport } from '../api/get-payee-report';
import { reportQuery, type ReportRequest } from '../api/report-query';
import type { ReportKind } from '../hooks/use-report-params';
import { KindSelect } from './KindSelect';
import { FigureLink, ReportSection } from './ReportSection';
import { reportMoney } from './report-format';

type PayeeSectionProps = {
  request: ReportRequest;
  kind: ReportKind;
  onKindChange: (kind: ReportKind) => void;
  currency: string;
};

/**
 * Who the money went to (or came from) most over the whole range. A total opens the transactions
 * found by searching the payee's name, which may also find others that contain it.
 */
export function PayeeSection({ request, kind, onKindChange, currency }: PayeeSectionProps) {
  const { t } = useTranslation('reports');
  const isIncome = kind === 'income';
  const report = usePayeeReport(request, isIncome);
  const title = isIncome ? t('payees.incomeTitle') : t('payees.expenseTitle');
  return (
    <ReportSection
      title={title}
      description={isIncome ? t('payees.incomeDescription') : t('payees.expenseDescription')}
      query={report}
      csv={{ name: 'payees', query: reportQuery(request, { isIncome: String(isIncome) }) }}
      controls={<KindSelect label={t('payees.kindLabel')} value={kind} onChange={onKindChange} />}
      isEmpty={(data) => data.payees.length === 0}
    >
      {(data) => (
        <PayeeTable data={data} request={request} kind={kind} title={title} currency={currency} />
      )}
    </ReportSection>
  );
}

function PayeeTable({
  data,
  request,
  kind,
  title,
  currency,
}: {
  data: PayeeReport;
  request: ReportRequest;
  kind: ReportKind;
  title: string;
  currency: string;
}) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  return (
    <>
      <UnconvertedNotice count={data.unconverted} className="mb-3" />
      <Table
        label={t('tableLabel', { title })}
        caption={title}
        minWidthClass="sm:min-w-[32rem]"
        columns={[
          { header: t('payees.payee') },
          { header: t('payees.transactions'), align: 'right' },
          { header: t('average'), align: 'right' },
          { header: t('total'), align: 'right' },
        ]}
      >
        {data.payees.map((payee) => (
          <TableRow key={payee.name}>
            <TableRowHeader className="break-words">{payee.name}</TableRowHeader>
            <TableCell align="right" stackLabel={t('payees.transactions')} className="tabular-nums">
              {format.number(payee.count)}
            </TableCell>
            <TableCell align="right" stackLabel={t('average')} className="tabular-nums">
              {reportMoney(format)(
                Math.round((payee.total / Math.max(payee.count, 1)) * 100) / 100,
                currency,
              )}
            </TableCell>
            <TableCell align="right" stack="end" className="font-semibold">
              <FigureLink
                amount={payee.total}
                currency={currency}
                description={payee.name}
                to={transactionsPath({
                  search: payee.name,
                  type: kind,
                  from: request.from,
                  to: request.to,
                  account: request.accountId,
                  member: request.createdBy,
                })}
              />
            </TableCell>
          </TableRow>
        ))}
      </Table>
    </>
  );
}
