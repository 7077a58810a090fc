import type { TrashedTransaction } from '@moneta/shared/transaction-schemas';
import { formatMoney } from '@moneta/shared/money';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
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
import { formatCalendarDate } from '@/lib/calendar-date-format';
import { useRestoreFromTrash, useTrash } from '../api/register-actions';

const columns: TableColumn[] = [
  { header: 'Name' },
  { header: 'Category' },
  { header: 'Amount', align: 'right' },
  { header: 'Date' },
  { header: 'Kept until' },
  { header: 'Actions', align: 'right' },
];

/**
 * The Trash: deleted transactions, each restorable for 30 days after its deletion (docs/api.md,
 * Trash), the latest deleted first.
 */
export function TrashPage() {
  const [page, setPage] = useState(1);
  const trash = useTrash(page);
  const restore = useRestoreFromTrash();

  function restoreRows(rows: TrashedTransaction[]) {
    restore.mutate(
      rows.map((row) => row._id),
      {
        onSuccess: ({ restoredCount }) =>
          toast.success(`${restoredCount} transaction${restoredCount === 1 ? '' : 's'} restored.`),
        onError: (error) =>
          toast.error(errorMessage(error, 'Failed to restore. Please try again.')),
      },
    );
  }

  return (
    <ContentLayout
      title="Trash"
      actions={
        <Link to={paths.transactions} className={buttonClasses({ variant: 'secondary' })}>
          Back to Transactions
        </Link>
      }
    >
      <p className="mb-4 text-sm text-neutral-700 dark:text-neutral-300">
        Deleted transactions stay here for 30 days. Restore one to put it back exactly as it was.
      </p>
      <div aria-busy={trash.isFetching}>
        <QueryState
          query={trash}
          loading={<SectionSpinner label="Loading the trash…" />}
          failureMessage={(error) =>
            errorMessage(error, 'Failed to load the trash. Please try again.')
          }
          isEmpty={(data) => data.transactions.length === 0}
          empty={
            <EmptyState title="The trash is empty.">Deleted transactions show here.</EmptyState>
          }
        >
          {(data) => (
            <>
              <div className="mb-3 flex justify-end">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={restore.isPending}
                  onClick={() => restoreRows(data.transactions)}
                >
                  {`Restore all ${data.transactions.length} on this page`}
                </Button>
              </div>
              <Table
                label="Deleted transactions"
                columns={columns}
                minWidthClass="sm:min-w-[640px]"
              >
                {data.transactions.map((row) => (
                  <TableRow key={row._id}>
                    <TableRowHeader>
                      <span className="text-neutral-900 dark:text-neutral-100">{row.name}</span>
                    </TableRowHeader>
                    <TableCell className="text-neutral-700 dark:text-neutral-300">
                      {row.category}
                    </TableCell>
                    <TableCell align="right" stack="end" className="whitespace-nowrap tabular-nums">
                      {`${row.isIncome ? '+' : '-'}${formatMoney(row.cost, row.currency)}`}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatCalendarDate(row.addedOn)}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatCalendarDate(row.purgeOn)}
                    </TableCell>
                    <TableCell align="right" stack="menu">
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={restore.isPending}
                        aria-label={`Restore ${row.name}`}
                        onClick={() => restoreRows([row])}
                      >
                        Restore
                      </Button>
                    </TableCell>
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
