import { ACCOUNT_TYPE_LABELS, type RegisterEntry } from '@moneta/shared/account-schemas';
import { formatMoney } from '@moneta/shared/money';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { TransferFormDialog } from '@/components/TransferFormDialog';
import { ChevronLeftIcon } from '@/components/ui/action-icons';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Pager } from '@/components/ui/Pager';
import { QueryState } from '@/components/ui/QueryState';
import { RowActions } from '@/components/ui/RowActions';
import { SectionSpinner } from '@/components/ui/Spinner';
import {
  Table,
  TableCell,
  TableRow,
  TableRowHeader,
  type TableColumn,
} from '@/components/ui/Table';
import { paths } from '@/config/paths';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { useDeleteTransfer } from '@/lib/accounts/transfers';
import { errorMessage } from '@/lib/api-client';
import { useCurrency } from '@/lib/auth/use-currency';
import { formatCalendarDate } from '@/lib/calendar-date-format';
import { useRegister } from '../api/get-register';
import { Balance } from './Balance';

const COLUMNS: TableColumn[] = [
  { header: 'Date' },
  { header: 'Name' },
  { header: 'Category' },
  { header: 'Amount', align: 'right' },
  { header: 'Balance', align: 'right' },
  { header: 'Actions', align: 'right' },
];

/** One account: its balance, then its transactions and transfers, newest first. */
export function AccountRegisterPage() {
  const { accountId = '' } = useParams();
  const currency = useCurrency();
  const accounts = useAccounts();
  const [page, setPage] = useState(1);
  const register = useRegister(accountId, page);
  const deleteTransfer = useDeleteTransfer();
  const [isTransferOpen, setIsTransferOpen] = useState(false);
  const [deleting, setDeleting] = useState<RegisterEntry | null>(null);
  const account = accounts.data?.find((candidate) => candidate._id === accountId);

  const back = (
    <Link
      to={paths.accounts}
      className="mb-4 inline-flex items-center gap-1 text-sm text-emerald-800 hover:underline dark:text-emerald-300"
    >
      <ChevronLeftIcon className="size-4" />
      All accounts
    </Link>
  );

  if (accounts.isSuccess && !account) {
    return (
      <ContentLayout title="Account not found">
        {back}
        <p className="text-neutral-700 dark:text-neutral-300">
          This account does not exist, or it was deleted.
        </p>
      </ContentLayout>
    );
  }

  return (
    <ContentLayout
      title={account?.name ?? 'Account'}
      description={
        account ? (
          <>
            {ACCOUNT_TYPE_LABELS[account.type]}
            {account.isArchived ? ' · archived' : ''} · balance{' '}
            <Balance account={account} baseCurrency={currency} />
          </>
        ) : null
      }
      actions={
        <Button variant="secondary" onClick={() => setIsTransferOpen(true)}>
          Transfer
        </Button>
      }
    >
      {back}
      <div aria-busy={register.isFetching}>
        <QueryState
          query={register}
          loading={<SectionSpinner label="Loading the account's entries…" />}
          failureMessage={(error) =>
            errorMessage(error, 'Failed to load this account. Please try again.')
          }
          isEmpty={(data) => data.entries.length === 0}
          empty={
            <EmptyState title="Nothing recorded in this account yet.">
              Add a transaction in it, or move money here with a transfer.
            </EmptyState>
          }
        >
          {(data) => (
            <>
              <Table label="Account entries" columns={COLUMNS} minWidthClass="sm:min-w-[600px]">
                {data.entries.map((entry) => (
                  <TableRow key={`${entry.kind}-${entry._id}`}>
                    <TableCell className="whitespace-nowrap text-neutral-700 dark:text-neutral-300">
                      {formatCalendarDate(entry.date)}
                    </TableCell>
                    <TableRowHeader>
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="max-w-[16rem] truncate max-sm:line-clamp-2 max-sm:max-w-full max-sm:whitespace-normal">
                          {entry.kind === 'transfer'
                            ? `${entry.amount < 0 ? 'To' : 'From'} ${entry.name}`
                            : entry.name}
                        </span>
                        {entry.kind === 'transfer' ? <Badge tone="sky">Transfer</Badge> : null}
                      </div>
                    </TableRowHeader>
                    <TableCell className="text-neutral-700 dark:text-neutral-300">
                      {entry.category ?? '—'}
                    </TableCell>
                    <TableCell align="right" stack="end" className="whitespace-nowrap">
                      <span
                        className={`font-medium tabular-nums ${
                          entry.amount < 0
                            ? 'text-red-700 dark:text-red-400'
                            : 'text-emerald-700 dark:text-emerald-400'
                        }`}
                      >
                        {entry.amount < 0 ? '-' : '+'}
                        {formatMoney(Math.abs(entry.amount), entry.currency)}
                      </span>
                    </TableCell>
                    <TableCell
                      align="right"
                      stackLabel="Balance"
                      className="whitespace-nowrap text-neutral-700 tabular-nums dark:text-neutral-300"
                    >
                      {formatMoney(entry.balance, account?.currency ?? entry.currency)}
                    </TableCell>
                    <TableCell align="right" stack="menu">
                      {entry.kind === 'transfer' ? (
                        <RowActions
                          label={`Actions for the transfer of ${formatCalendarDate(entry.date)}`}
                          actions={[
                            { label: 'Delete', onSelect: () => setDeleting(entry), isDanger: true },
                          ]}
                        />
                      ) : (
                        // Keeps the amounts of all rows in one column on phones.
                        <span className="inline-block size-9 sm:hidden" />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </Table>
              <Pager page={page} totalPages={data.totalPages} onPageChange={setPage} />
            </>
          )}
        </QueryState>
      </div>
      <TransferFormDialog
        isOpen={isTransferOpen}
        onClose={() => setIsTransferOpen(false)}
        fromAccountId={account && !account.isArchived ? account._id : undefined}
      />
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete this transfer?"
        description={(entry) =>
          `The transfer of ${formatMoney(Math.abs(entry.amount), entry.currency)} ${entry.amount < 0 ? 'to' : 'from'} ${entry.name} will be deleted, and both balances change back.`
        }
        onDelete={(entry) => deleteTransfer.mutateAsync(entry._id)}
        onDeleted={() => {
          setDeleting(null);
          toast.success('Transfer deleted.');
        }}
        onClose={() => setDeleting(null)}
        failureMessage={(error) =>
          errorMessage(error, 'Failed to delete the transfer. Please try again.')
        }
      />
    </ContentLayout>
  );
}
