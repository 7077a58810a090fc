import type { TrashedTransaction } from '@moneta/shared/transaction-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/EmptyState';
import { Pager } from '@/components/ui/Pager';
import { QueryState } from '@/components/ui/QueryState';
import { SectionSpinner } from '@/components/ui/Spinner';
import {
  Table,
  TableCell,
  TableRow,
  TableRowHeader,
  type TableColumn,
} from '@/components/ui/Table';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/i18n/use-format';
import { useRestoreFromTrash, useTrash } from '../api/register-actions';
import { useCategoryName } from '@/lib/categories/category-name';
import { useCanWrite } from '@/lib/households/use-can-write';

/**
 * The Trash: deleted transactions, each restorable for 30 days after its deletion (docs/api.md,
 * Trash), the latest deleted first.
 */
export function TrashPage() {
  const { t } = useTranslation('transactions');
  const categoryName = useCategoryName();
  const format = useFormat();
  const canWrite = useCanWrite();
  const columns: TableColumn[] = [
    { header: t('trash.table.name') },
    { header: t('trash.table.category') },
    { header: t('trash.table.amount'), align: 'right' },
    { header: t('trash.table.date') },
    { header: t('trash.table.keptUntil') },
    ...(canWrite ? [{ header: t('trash.table.actions'), align: 'right' as const }] : []),
  ];
  const [page, setPage] = useState(1);
  const trash = useTrash(page);
  const restore = useRestoreFromTrash();

  function restoreRows(rows: TrashedTransaction[]) {
    restore.mutate(
      rows.map((row) => row._id),
      {
        onSuccess: ({ restoredCount }) =>
          toast.success(t('trash.toast.restored', { count: restoredCount })),
        onError: (error) => toast.error(errorMessage(error, t('trash.errors.restore'))),
      },
    );
  }

  return (
    <ContentLayout
      title={t('trash.title')}
      actions={
        <Link to={paths.transactions} className={buttonClasses({ variant: 'secondary' })}>
          {t('trash.back')}
        </Link>
      }
    >
      <p className="mb-4 text-sm text-neutral-700 dark:text-neutral-300">{t('trash.intro')}</p>
      <div aria-busy={trash.isFetching}>
        <QueryState
          query={trash}
          loading={<SectionSpinner label={t('trash.loading')} />}
          failureMessage={(error) => errorMessage(error, t('trash.errors.load'))}
          isEmpty={(data) => data.transactions.length === 0}
          empty={<EmptyState title={t('trash.empty.title')}>{t('trash.empty.body')}</EmptyState>}
        >
          {(data) => (
            <>
              {canWrite ? (
                <div className="mb-3 flex justify-end">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={restore.isPending}
                    onClick={() => restoreRows(data.transactions)}
                  >
                    {t('trash.restorePage', { count: data.transactions.length })}
                  </Button>
                </div>
              ) : null}
              <Table
                label={t('trash.table.label')}
                columns={columns}
                minWidthClass="sm:min-w-[640px]"
              >
                {data.transactions.map((row) => (
                  <TableRow key={row._id}>
                    <TableRowHeader>
                      <span className="text-neutral-900 dark:text-neutral-100">{row.name}</span>
                    </TableRowHeader>
                    <TableCell className="text-neutral-700 dark:text-neutral-300">
                      {categoryName(row.category)}
                    </TableCell>
                    <TableCell align="right" stack="end" className="whitespace-nowrap tabular-nums">
                      {`${row.isIncome ? '+' : '-'}${format.money(row.cost, row.currency)}`}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{format.date(row.addedOn)}</TableCell>
                    <TableCell
                      className="whitespace-nowrap"
                      stackLabel={t('trash.table.keptUntil')}
                    >
                      {format.date(row.purgeOn)}
                    </TableCell>
                    {canWrite ? (
                      <TableCell align="right" stack="menu">
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={restore.isPending}
                          aria-label={t('trash.restoreRow', { name: row.name })}
                          onClick={() => restoreRows([row])}
                        >
                          {t('trash.restore')}
                        </Button>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </Table>
              <Pager page={page} totalPages={data.totalPages} onPageChange={setPage} />
            </>
          )}
        </QueryState>
      </div>
    </ContentLayout>
  );
}
