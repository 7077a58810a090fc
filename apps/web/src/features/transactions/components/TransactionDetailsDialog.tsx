import { formatMoney } from '@moneta/shared/money';
import type { Transaction } from '@moneta/shared/transaction-schemas';
import { useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { useCurrency } from '@/lib/auth/use-currency';
import { formatCalendarDate } from '@/lib/calendar-date-format';
import { SignedAmount } from './SignedAmount';
import { TransactionAttachments } from './TransactionAttachments';

/** Everything about one transaction, its note in full. */
export function TransactionDetailsDialog({
  transaction,
  onClose,
}: {
  transaction: Transaction | null;
  onClose: () => void;
}) {
  const currency = useCurrency();
  const accounts = useAccounts().data ?? [];
  const accountName = (id: string | undefined) =>
    accounts.find((account) => account._id === id)?.name ?? '—';
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      isOpen={transaction !== null}
      onClose={onClose}
      title="Transaction Details"
      initialFocusRef={closeRef}
    >
      {transaction ? (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
          <Detail label="Type">
            {transaction.isTransfer
              ? 'Transfer (neither income nor expense)'
              : transaction.isIncome
                ? 'Income'
                : 'Expense'}
          </Detail>
          <Detail label="Name/Description">{transaction.name}</Detail>
          <Detail label="Category">{transaction.category}</Detail>
          {transaction.splits?.length ? (
            <Detail label="Split">
              <ul className="space-y-1">
                {transaction.splits.map((part, index) => (
                  <li key={index}>
                    {part.category}: {formatMoney(part.amount, transaction.currency)}
                    {part.note ? ` — ${part.note}` : null}
                  </li>
                ))}
              </ul>
            </Detail>
          ) : null}
          <Detail label="Account">
            {transaction.isTransfer
              ? `${accountName(transaction.accountId)} ${transaction.isIncome ? '←' : '→'} ${accountName(transaction.transferAccountId)}`
              : accountName(transaction.accountId)}
          </Detail>
          {(transaction.tags ?? []).length > 0 ? (
            <Detail label="Tags">{(transaction.tags ?? []).join(', ')}</Detail>
          ) : null}
          <Detail label="Amount">
            <SignedAmount transaction={transaction} baseCurrency={currency} />
          </Detail>
          <Detail label="Date">{formatCalendarDate(transaction.addedOn)}</Detail>
          <Detail label="Note">
            {transaction.note ? (
              <span className="whitespace-pre-wrap">{transaction.note}</span>
            ) : (
              <span className="text-neutral-600 italic dark:text-neutral-400">
                No note provided.
              </span>
            )}
          </Detail>
        </dl>
      ) : null}
      {/* A transfer leg is not a transaction of its own: it holds no files. */}
      {transaction && !transaction.isTransfer ? (
        <TransactionAttachments transactionId={transaction._id} />
      ) : null}
      <div className="mt-6 flex justify-end">
        <Button ref={closeRef} variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-neutral-600 dark:text-neutral-400">{label}</dt>
      <dd className="min-w-0 break-words text-neutral-900 dark:text-neutral-100">{children}</dd>
    </>
  );
}
