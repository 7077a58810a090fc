import type { Transaction } from '@moneta/shared/transaction-schemas';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { useCurrency } from '@/lib/auth/use-currency';
import { useFormat } from '@/lib/i18n/use-format';
import { SignedAmount } from './SignedAmount';
import { TransactionAttachments } from './TransactionAttachments';
import { useCategoryName } from '@/lib/categories/category-name';

/** Everything about one transaction, its note in full. */
export function TransactionDetailsDialog({
  transaction,
  onClose,
}: {
  transaction: Transaction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('transactions');
  const categoryName = useCategoryName();
  const format = useFormat();
  const currency = useCurrency();
  const accounts = useAccounts().data ?? [];
  const accountName = (id: string | undefined) =>
    accounts.find((account) => account._id === id)?.name ?? '—';
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      isOpen={transaction !== null}
      onClose={onClose}
      title={t('details.title')}
      initialFocusRef={closeRef}
    >
      {transaction ? (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
          <Detail label={t('details.type')}>
            {transaction.isTransfer
              ? t('details.transfer')
              : transaction.isIncome
                ? t('income')
                : t('expense')}
          </Detail>
          <Detail label={t('details.name')}>{transaction.name}</Detail>
          <Detail label={t('details.category')}>{categoryName(transaction.category)}</Detail>
          {transaction.splits?.length ? (
            <Detail label={t('details.split')}>
              <ul className="space-y-1">
                {transaction.splits.map((part, index) => (
                  <li key={index}>
                    {t('details.splitPart', {
                      category: categoryName(part.category),
                      amount: format.money(part.amount, transaction.currency ?? currency),
                    })}
                    {part.note ? ` — ${part.note}` : null}
                  </li>
                ))}
              </ul>
            </Detail>
          ) : null}
          <Detail label={t('details.account')}>
            {transaction.isTransfer
              ? `${accountName(transaction.accountId)} ${transaction.isIncome ? '←' : '→'} ${accountName(transaction.transferAccountId)}`
              : accountName(transaction.accountId)}
          </Detail>
          {(transaction.tags ?? []).length > 0 ? (
            <Detail label={t('details.tags')}>{(transaction.tags ?? []).join(', ')}</Detail>
          ) : null}
          <Detail label={t('details.amount')}>
            <SignedAmount transaction={transaction} baseCurrency={currency} />
          </Detail>
          <Detail label={t('details.date')}>{format.date(transaction.addedOn)}</Detail>
          <Detail label={t('details.note')}>
            {transaction.note ? (
              <span className="whitespace-pre-wrap">{transaction.note}</span>
            ) : (
              <span className="text-neutral-600 italic dark:text-neutral-400">
                {t('details.noNote')}
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
          {t('close')}
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
