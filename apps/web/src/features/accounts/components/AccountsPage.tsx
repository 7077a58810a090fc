import type { Account } from '@moneta/shared/account-schemas';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '@/hooks/use-opened-once';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { PlusIcon } from '@/components/ui/action-icons';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
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
import { accountPath, paths } from '@/config/paths';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { errorMessage } from '@/lib/api-client';
import { useCurrency } from '@/lib/auth/use-currency';
import { useCanWrite } from '@/lib/households/use-can-write';
import { useDeleteAccount } from '../api/delete-account';
import { useArchiveAccount } from '../hooks/use-archive-account';
import { Balance } from './Balance';
import { NetWorthSummary } from './NetWorthSummary';

type FormState = { account: Account | null } | null;

// The forms, and zod with them, load when each is first opened (docs/decisions.md, WEB-42).
const AccountFormDialog = lazy(async () => ({
  default: (await import('./AccountFormDialog')).AccountFormDialog,
}));
const TransferFormDialog = lazy(async () => ({
  default: (await import('@/components/TransferFormDialog')).TransferFormDialog,
}));

/**
 * Where the money is: every account with its balance, and their sum (docs/architecture.md,
 * Accounts).
 */
export function AccountsPage() {
  const { t } = useTranslation('accounts');
  const canWrite = useCanWrite();
  const columns: TableColumn[] = [
    { header: t('table.account'), isSticky: true },
    { header: t('table.type') },
    { header: t('table.balance'), align: 'right' },
    ...(canWrite ? [{ header: t('table.actions'), align: 'right' as const }] : []),
  ];
  const currency = useCurrency();
  const accounts = useAccounts();
  const { setArchived, isArchiving } = useArchiveAccount();
  const deleteAccount = useDeleteAccount();
  const [form, setForm] = useState<FormState>(null);
  const [isTransferOpen, setIsTransferOpen] = useState(false);
  const hasOpenedForm = useOpenedOnce(form !== null);
  const hasOpenedTransfer = useOpenedOnce(isTransferOpen);
  const [deleting, setDeleting] = useState<Account | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  return (
    <ContentLayout
      title={t('title')}
      description={t('description')}
      actions={
        <>
          {canWrite ? (
            <>
              <Button ref={addButtonRef} onClick={() => setForm({ account: null })}>
                <PlusIcon />
                {t('addAccount')}
              </Button>
              <Button variant="secondary" onClick={() => setIsTransferOpen(true)}>
                {t('transfer')}
              </Button>
            </>
          ) : null}
          <Link to={paths.rates} className={buttonClasses({ variant: 'secondary' })}>
            {t('exchangeRates')}
          </Link>
        </>
      }
    >
      <QueryState
        query={accounts}
        loading={<SectionSpinner label={t('loading')} />}
        failureMessage={(error) => errorMessage(error, t('errors.load'))}
      >
        {(list) => (
          <>
            <NetWorthSummary accounts={list} currency={currency} />
            <Table label={t('table.label')} columns={columns} minWidthClass="sm:min-w-[480px]">
              {list.map((account) => (
                <TableRow key={account._id}>
                  <TableRowHeader isSticky>
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={accountPath(account._id)}
                        className="text-emerald-800 underline-offset-2 hover:underline dark:text-emerald-300"
                      >
                        {account.name}
                      </Link>
                      {account.isArchived ? <Badge>{t('archived')}</Badge> : null}
                    </div>
                  </TableRowHeader>
                  <TableCell className="text-neutral-700 dark:text-neutral-300">
                    {t(`types.${account.type}`)}
                  </TableCell>
                  <TableCell align="right" stack="end" className="whitespace-nowrap">
                    <Balance account={account} baseCurrency={currency} />
                  </TableCell>
                  {canWrite ? (
                    <TableCell align="right" stack="menu">
                      <RowActions
                        label={t('table.actionsFor', { name: account.name })}
                        actions={[
                          { label: t('actions.edit'), onSelect: () => setForm({ account }) },
                          {
                            label: account.isArchived ? t('actions.restore') : t('actions.archive'),
                            onSelect: () => setArchived(account, !account.isArchived),
                            isDisabled: isArchiving,
                          },
                          {
                            label: t('actions.delete'),
                            onSelect: () => setDeleting(account),
                            isDanger: true,
                          },
                        ]}
                      />
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </Table>
          </>
        )}
      </QueryState>

      {hasOpenedForm ? (
        <Suspense fallback={null}>
          <AccountFormDialog
            isOpen={form !== null}
            account={form?.account}
            onClose={() => setForm(null)}
          />
        </Suspense>
      ) : null}
      {hasOpenedTransfer ? (
        <Suspense fallback={null}>
          <TransferFormDialog isOpen={isTransferOpen} onClose={() => setIsTransferOpen(false)} />
        </Suspense>
      ) : null}
      <ConfirmDeleteDialog
        item={deleting}
        title={(account) => t('deleteDialog.title', { name: account.name })}
        description={t('deleteDialog.description')}
        onDelete={(account) => deleteAccount.mutateAsync(account._id)}
        onDeleted={(_result, account) => {
          setDeleting(null);
          toast.success(t('toast.deleted', { name: account.name }));
        }}
        onClose={() => setDeleting(null)}
        failureMessage={(error) => errorMessage(error, t('errors.delete'))}
        failureIn="dialog"
        focusAfterDeleting={addButtonRef}
      />
    </ContentLayout>
  );
}
