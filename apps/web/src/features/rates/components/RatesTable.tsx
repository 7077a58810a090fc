import type { Rate } from '@moneta/shared/rate-schemas';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import {
  Table,
  TableCell,
  TableRow,
  TableRowHeader,
  type TableColumn,
} from '@/components/ui/Table';
import { useFormat } from '@/lib/i18n/use-format';
import { useCanWrite } from '@/lib/households/use-can-write';
import { formatRate } from './rate-format';

type RatesTableProps = {
  rates: Rate[];
  currency: string;
  base: string;
  onChange: (rate: Rate) => void;
  onRemove: (rate: Rate) => void;
  isDeleting: boolean;
};

/** Each day's ECB rate and the user's own, with Set or Change, and Delete for an own rate. */
export function RatesTable({
  rates,
  currency,
  base,
  onChange,
  onRemove,
  isDeleting,
}: RatesTableProps) {
  const { t } = useTranslation('rates');
  const format = useFormat();
  const canWrite = useCanWrite();
  const columns: TableColumn[] = [
    { header: t('table.date') },
    { header: t('table.ecbRate'), align: 'right' },
    { header: t('table.yourRate'), align: 'right' },
    ...(canWrite
      ? [{ header: <span className="sr-only">{t('table.actions')}</span>, align: 'right' as const }]
      : []),
  ];
  return (
    <Table
      label={t('table.label', { currency, base })}
      caption={t('table.caption', { currency, base })}
      columns={columns}
      minWidthClass="sm:min-w-[32rem]"
    >
      {rates.map((rate) => (
        <TableRow key={rate.date}>
          <TableRowHeader>{format.date(rate.date)}</TableRowHeader>
          <TableCell align="right" stack="meta" stackLabel={t('table.ecbShort')}>
            {rate.ecbRate === null ? '—' : formatRate(rate.ecbRate, format)}
          </TableCell>
          <TableCell align="right" stack="end" stackLabel={t('table.yoursShort')}>
            {rate.ownRate === null ? '—' : formatRate(rate.ownRate, format)}
          </TableCell>
          {canWrite ? (
            <TableCell align="right" stack="menu">
              <Button variant="ghost" size="sm" onClick={() => onChange(rate)}>
                {rate.ownRate === null ? t('table.set') : t('table.change')}
                <span className="sr-only"> {t('table.yourRateFor', { date: rate.date })}</span>
              </Button>
              {rate.ownRate === null ? null : (
                <Button
                  variant="ghost-danger"
                  size="sm"
                  disabled={isDeleting}
                  onClick={() => onRemove(rate)}
                >
                  {t('table.delete')}
                  <span className="sr-only"> {t('table.yourRateFor', { date: rate.date })}</span>
                </Button>
              )}
            </TableCell>
          ) : null}
        </TableRow>
      ))}
    </Table>
  );
}
