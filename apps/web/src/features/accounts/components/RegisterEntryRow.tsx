import type { RegisterEntry } from '@moneta/shared/account-schemas';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/Badge';
import { RowActions } from '@/components/ui/RowActions';
import { TableCell, TableRow, TableRowHeader } from '@/components/ui/Table';
import { useCategoryName } from '@/lib/categories/category-name';
import { useCanWrite } from '@/lib/households/use-can-write';
import { useFormat } from '@/lib/i18n/use-format';

type RegisterEntryRowProps = {
  entry: RegisterEntry;
  /** The account's currency, in which the running balance is kept. */
  balanceCurrency: string;
  onDelete: (entry: RegisterEntry) => void;
};

/** One transaction or transfer of the register, with the account's balance after it. */
export function RegisterEntryRow({ entry, balanceCurrency, onDelete }: RegisterEntryRowProps) {
  const { t } = useTranslation('accounts');
  const categoryName = useCategoryName();
  const format = useFormat();
  const canWrite = useCanWrite();
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap text-neutral-700 dark:text-neutral-300">
        {format.date(entry.date)}
      </TableCell>
      <TableRowHeader>
        <div className="flex flex-wrap items-center gap-2">
          <span className="max-w-[16rem] truncate max-sm:line-clamp-2 max-sm:max-w-full max-sm:whitespace-normal">
            {entry.kind === 'transfer'
              ? entry.amount < 0
                ? t('register.transferTo', { name: entry.name })
                : t('register.transferFrom', { name: entry.name })
              : entry.name}
          </span>
          {entry.kind === 'transfer' ? (
            <Badge tone="sky">{t('register.transferBadge')}</Badge>
          ) : null}
          {entry.isPending ? (
            <span title={t('register.pendingHint')}>
              <Badge>{t('register.pendingBadge')}</Badge>
            </span>
          ) : null}
        </div>
      </TableRowHeader>
      <TableCell className="text-neutral-700 dark:text-neutral-300">
        {entry.category ? categoryName(entry.category) : '—'}
      </TableCell>
      <TableCell align="right" stack="end" className="whitespace-nowrap">
        <span
          className={`font-medium tabular-nums ${
            // A pending amount moves no balance yet: shown without the colour of money moved.
            entry.isPending
              ? 'text-neutral-600 dark:text-neutral-400'
              : entry.amount < 0
                ? 'text-red-700 dark:text-red-400'
                : 'text-emerald-700 dark:text-emerald-400'
          }`}
        >
          {entry.amount < 0 ? '-' : '+'}
          {format.money(Math.abs(entry.amount), entry.currency)}
        </span>
      </TableCell>
      <TableCell
        align="right"
        stackLabel={t('register.table.balance')}
        className="whitespace-nowrap text-neutral-700 tabular-nums dark:text-neutral-300"
      >
        {format.money(entry.balance, balanceCurrency)}
      </TableCell>
      <TableCell align="right" stack="menu">
        {entry.kind === 'transfer' && canWrite ? (
          <RowActions
            label={t('register.transferActions', { date: format.date(entry.date) })}
            actions={[
              {
                label: t('actions.delete'),
                onSelect: () => onDelete(entry),
                isDanger: true,
              },
            ]}
          />
        ) : (
          // Keeps the amounts of all rows in one column on phones.
          <span className="inline-block size-9 sm:hidden" />
        )}
      </TableCell>
    </TableRow>
  );
}
