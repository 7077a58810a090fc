import { ACCOUNT_TYPE_LABELS, type Account } from '@moneta/shared/account-schemas';
import { formatMoney } from '@moneta/shared/money';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { TransferFormDialog } from '@/components/TransferFormDialog';
import { PlusIcon } from '@/components/ui/action-icons';
import { Badge } from '@/components/ui/Badge';
import { UnconvertedNotice } from '@/components/UnconvertedNotice';
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
import { netWorth, useAccounts } from '@/lib/accounts/get-accounts';
import { errorMessage } from '@/lib/api-client';
import { useCurrency } from '@/lib/auth/use-currency';
import { useDeleteAccount } from '../api/delete-account';
import { useSaveAccount } from '../api/save-account';
import { AccountFormDialog } from './AccountFormDialog';
import { Balance } from './Balance';

type FormState = { account: Account | null } | null;

const COLUMNS: TableColumn[] = [
  { header: 'Account', isSticky: true },
  { header: 'Type' },
  { header: 'Balance', align: 'right' },
  { header: 'Actions', align: 'right' },
];

/**
 * Where the money is: every account with its balance, and their sum (docs/architecture.md,
 * Accounts).
 */
export function AccountsPage() {
  const currency = useCurrency();
  const accounts = useAccounts();
  const saveAccount = useSaveAccount();
  const deleteAccount = useDeleteAccount();
  const [form, setForm] = useState<FormState>(null);
  const [isTransferOpen, setIsTransferOpen] = useState(false);
  const [deleting, setDeleting] = useState<Account | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  function setArchived(account: Account, isArchived: boolean) {
    saveAccount.mutate(
      {
        id: account._id,
        input: {
          name: account.name,
          type: account.type,
          openingBalance: account.openingBalance,
          isArchived,
        },
      },
      {
        onSuccess: () =>
          toast.success(
            isArchived
              ? `"${account.name}" archived: it keeps its history but is no longer offered for new transactions.`
              : `"${account.name}" restored.`,
          ),
        onError: (error) =>
          toast.error(errorMessage(error, 'Failed to update the account. Please try again.')),
      },
    );
  }

  return (
    <ContentLayout
      title="Accounts"
      description="Where your money is: each account's balance, and what they add up to."
      actions={
        <>
          <Button ref={addButtonRef} onClick={() => setForm({ account: null })}>
            <PlusIcon />
            Add Account
          </Button>
          <Button variant="secondary" onClick={() => setIsTransferOpen(true)}>
            Transfer
          </Button>
          <Link to={paths.rates} className={buttonClasses({ variant: 'secondary' })}>
            Exchange rates
          </Link>
        </>
      }
    >
      <QueryState
        query={accounts}
        loading={<SectionSpinner label="Loading accounts…" />}
        failureMessage={(error) =>
          errorMessage(error, 'Failed to load your accounts. Please try again.')
        }
      >
        {(list) => {
          const worth = netWorth(list);
          return (
            <>
              <section
                aria-labelledby="net-worth-heading"
                className="mb-6 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
              >
                <h2
                  id="net-worth-heading"
                  className="text-sm font-medium text-neutral-600 dark:text-neutral-400"
                >
                  Net worth
                </h2>
                <p className="mt-1 text-2xl font-semibold tabular-nums text-neutral-900 dark:text-white">
                  {formatMoney(worth.total, currency)}
                </p>
                <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
                  The sum of all {list.length} account{list.length === 1 ? '' : 's'}, archived ones
                  included, in {currency} at the latest rate.
                </p>
                <UnconvertedNotice
                  count={worth.withoutRate.length}
                  noun="account"
                  currency={worth.withoutRate[0]?.currency}
                  className="mt-1"
                />
              </section>
              <Table label="Accounts table" columns={COLUMNS} minWidthClass="sm:min-w-[480px]">
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
                        {account.isArchived ? <Badge>Archived</Badge> : null}
                      </div>
                    </TableRowHeader>
                    <TableCell className="text-neutral-700 dark:text-neutral-300">
                      {ACCOUNT_TYPE_LABELS[account.type]}
                    </TableCell>
                    <TableCell align="right" stack="end" className="whitespace-nowrap">
                      <Balance account={account} baseCurrency={currency} />
                    </TableCell>
                    <TableCell align="right" stack="menu">
                      <RowActions
                        label={`Actions for ${account.name}`}
                        actions={[
                          { label: 'Edit', onSelect: () => setForm({ account }) },
                          {
                            label: account.isArchived ? 'Restore' : 'Archive',
                            onSelect: () => setArchived(account, !account.isArchived),
                            isDisabled: saveAccount.isPending,
                          },
                          { label: 'Delete', onSelect: () => setDeleting(account), isDanger: true },
                        ]}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </Table>
            </>
          );
        }}
      </QueryState>

      <AccountFormDialog
        isOpen={form !== null}
        account={form?.account}
        onClose={() => setForm(null)}
      />
      <TransferFormDialog isOpen={isTransferOpen} onClose={() => setIsTransferOpen(false)} />
      <ConfirmDeleteDialog
        item={deleting}
        title={(account) => `Delete the account "${account.name}"?`}
        description="Only an account without transactions or transfers can be deleted. To hide one with history, archive it instead."
        onDelete={(account) => deleteAccount.mutateAsync(account._id)}
        onDeleted={(_result, account) => {
          setDeleting(null);
          toast.success(`Account "${account.name}" deleted.`);
        }}
        onClose={() => setDeleting(null)}
        failureMessage={(error) =>
          errorMessage(error, 'Failed to delete the account. Please try again.')
        }
        failureIn="dialog"
        focusAfterDeleting={addButtonRef}
      />
    </ContentLayout>
  );
}
