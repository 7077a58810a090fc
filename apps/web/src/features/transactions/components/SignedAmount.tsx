import type { Transaction } from '@moneta/shared/transaction-schemas';
import { MoneyWithBase } from '@/components/MoneyWithBase';

/**
 * A transaction's amount signed and coloured by kind: green "+" for income, red "-" for an
 * expense; in its own currency, then in the base one when they differ.
 */
export function SignedAmount({
  transaction,
  baseCurrency,
}: {
  transaction: Pick<Transaction, 'cost' | 'isIncome' | 'currency' | 'baseCost'>;
  baseCurrency: string;
}) {
  const { isIncome } = transaction;
  return (
    <span
      className={`font-medium tabular-nums ${
        isIncome ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'
      }`}
    >
      <MoneyWithBase
        amount={transaction.cost}
        currency={transaction.currency}
        baseAmount={transaction.baseCost}
        baseCurrency={baseCurrency}
        sign={isIncome ? '+' : '-'}
      />
    </span>
  );
}
