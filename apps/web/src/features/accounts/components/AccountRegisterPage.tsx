import type { RegisterEntry } from '@moneta/shared/account-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from '@/lib/toast';
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
import { useFormat } from '@/lib/i18n/use-format';
import { useRegister } from '../api/get-register';
import { Balance } from './Balance';
import { useCategoryName } from '@/lib/categories/category-name';

const COLUMNS: TableColumn[] = [
  { header: 'date' },
  { header: 'name' },
  { header: 'category' },
  { header: 'amount', align: 'right' },
  { header: 'balance', align: 'right' },
  { header: 'actions', align: 'right' },
];

/** One account: its balance, then its transactions and transfers, newest first. */
export function AccountRegisterPage() {
  const { t } = useTranslation('accounts');
  const categoryName = useCategoryName();
  const format = useFormat();
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
      {t('register.allAccounts')}
    </Link>
  );

  if (accounts.isSuccess && !account) {
    return (
      <ContentLayout title={t('register.notFound')}>
        {back}
        <p className="text-neutral-700 dark:text-neutral-300">{t('register.notFoundBody')}</p>
      </ContentLayout>
    );
  }

  return (
    <ContentLayout
      title={account?.name ?? t('register.account')}
      description={
        account ? (
          <>
            {account.isArchived
              ? t('register.summaryArchived', { type: t(`types.${account.type}`) })
              : t('register.summary', { type: t(`types.${account.type}`) })}{' '}
            <Balance account={account} baseCurrency={currency} />
          </>
        ) : null
      }
      actions={
        <Button variant="secondary" onClick={() => setIsTransferOpen(true)}>
          {t('transfer')}
        </Button>
      }
    >
      {back}
      <div aria-busy={register.isFetching}>
        <QueryState
          query={register}
          loading={<SectionSpinner label={t('register.loading')} />}
          failureMessage={(error) => errorMessage(error, t('register.errors.load'))}
          isEmpty={(data) => data.entries.length === 0}
          empty={
            <EmptyState title={t('register.empty.title')}>{t('register.empty.body')}</EmptyState>
          }
        >
          {(data) => (
            <>
              <Table
                label={t('register.table.label')}
                columns={COLUMNS.map((column) => ({
                  ...column,
                  header: t(`register.table.${column.header}`),
                }))}
                minWidthClass="sm:min-w-[600px]"
              >
                {data.entries.map((entry) => (
                  <TableRow key={`${entry.kind}-${entry._id}`}>
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
                      </div>
                    </TableRowHeader>
                    <TableCell className="text-neutral-700 dark:text-neutral-300">
                      {entry.category ? categoryName(entry.category) : '—'}
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
                        {format.money(Math.abs(entry.amount), entry.currency)}
                      </span>
                    </TableCell>
                    <TableCell
                      align="right"
                      stackLabel={t('register.table.balance')}
                      className="whitespace-nowrap text-neutral-700 tabular-nums dark:text-neutral-300"
                    >
                      {format.money(entry.balance, account?.currency ?? entry.currency)}
                    </TableCell>
                    <TableCell align="right" stack="menu">
                      {entry.kind === 'transfer' ? (
                        <RowActions
                          label={t('register.transferActions', { date: format.date(entry.date) })}
                          actions={[
                            {
                              label: t('actions.delete'),
                              onSelect: () => setDeleting(entry),
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
        title={t('register.deleteDialog.title')}
        description={(entry) =>
          t(
            entry.amount < 0
              ? 'register.deleteDialog.descriptionTo'
              : 'register.deleteDialog.descriptionFrom',
            { amount: format.money(Math.abs(entry.amount), entry.currency), name: entry.name },
          )
        }
        onDelete={(entry) => deleteTransfer.mutateAsync(entry._id)}
        onDeleted={() => {
          setDeleting(null);
          toast.success(t('register.toast.deleted'));
        }}
        onClose={() => setDeleting(null)}
        failureMessage={(error) => errorMessage(error, t('register.errors.delete'))}
      />
    </ContentLayout>
  );
}
