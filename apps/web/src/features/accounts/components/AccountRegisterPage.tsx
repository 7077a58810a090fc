import type { RegisterEntry } from '@moneta/shared/account-schemas';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { ChevronLeftIcon } from '@/components/ui/action-icons';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Pager } from '@/components/ui/Pager';
import { QueryState } from '@/components/ui/QueryState';
import { SectionSpinner } from '@/components/ui/Spinner';
import { Table, type TableColumn } from '@/components/ui/Table';
import { paths } from '@/config/paths';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { useDeleteTransfer } from '@/lib/accounts/transfers';
import { errorMessage } from '@/lib/api-client';
import { useCurrency } from '@/lib/auth/use-currency';
import { useCanWrite } from '@/lib/households/use-can-write';
import { useFormat } from '@/lib/i18n/use-format';
import { useRegister } from '../api/get-register';
import { BankSource } from './BankSource';
import { Balance } from './Balance';
import { RegisterEntryRow } from './RegisterEntryRow';

// The transfer form, and zod with it, load when it is first opened: built with the page, they
// were main-thread time before the register could show anything (docs/decisions.md, WEB-42).
const TransferFormDialog = lazy(async () => ({
  default: (await import('@/components/TransferFormDialog')).TransferFormDialog,
}));

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
  const format = useFormat();
  const { accountId = '' } = useParams();
  const currency = useCurrency();
  const accounts = useAccounts();
  const [page, setPage] = useState(1);
  const register = useRegister(accountId, page);
  const deleteTransfer = useDeleteTransfer();
  const [isTransferOpen, setIsTransferOpen] = useState(false);
  const [hasOpenedTransfer, setHasOpenedTransfer] = useState(false);
  const [deleting, setDeleting] = useState<RegisterEntry | null>(null);
  const account = accounts.data?.find((candidate) => candidate._id === accountId);
  const canWrite = useCanWrite();

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
      // Words the page's HTML frame holds too (build/page-shell.ts): the account's name and
      // balance are the user's data, which the frame may not hold (docs/decisions.md, WEB-64).
      description={t('register.description')}
      actions={
        canWrite ? (
          <Button
            variant="secondary"
            onClick={() => {
              setHasOpenedTransfer(true);
              setIsTransferOpen(true);
            }}
          >
            {t('transfer')}
          </Button>
        ) : null
      }
    >
      {account ? (
        <p className="mb-4 text-neutral-700 dark:text-neutral-300">
          {account.isArchived
            ? t('register.summaryArchived', { type: t(`types.${account.type}`) })
            : t('register.summary', { type: t(`types.${account.type}`) })}{' '}
          <Balance account={account} baseCurrency={currency} />
        </p>
      ) : null}
      {back}
      <BankSource accountId={accountId} />
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
                  <RegisterEntryRow
                    key={`${entry.kind}-${entry._id}`}
                    entry={entry}
                    balanceCurrency={account?.currency ?? entry.currency}
                    onDelete={setDeleting}
                  />
                ))}
              </Table>
              <Pager page={page} totalPages={data.totalPages} onPageChange={setPage} />
            </>
          )}
        </QueryState>
      </div>
      {hasOpenedTransfer ? (
        <Suspense fallback={null}>
          <TransferFormDialog
            isOpen={isTransferOpen}
            onClose={() => setIsTransferOpen(false)}
            fromAccountId={account && !account.isArchived ? account._id : undefined}
          />
        </Suspense>
      ) : null}
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
