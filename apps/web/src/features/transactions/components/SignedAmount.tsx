import { formatMoney } from '@moneta/shared/money';

/** An amount signed and coloured by kind: green "+" for income, red "-" for an expense. */
export function SignedAmount({
  amount,
  isIncome,
  currency,
}: {
  amount: number;
  isIncome: boolean;
  currency: string;
}) {
  return (
    <span
      className={`font-medium tabular-nums ${
        isIncome ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'
      }`}
    >
      {isIncome ? '+' : '-'}
      {formatMoney(amount, currency)}
    </span>
  );
}
