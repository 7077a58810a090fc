import { formatMoney } from '@moneta/shared/money';

/** A balance, red when it is a debt. */
export function Balance({ amount, currency }: { amount: number; currency: string }) {
  return (
    <span
      className={`font-medium tabular-nums ${
        amount < 0 ? 'text-red-700 dark:text-red-400' : 'text-neutral-900 dark:text-neutral-100'
      }`}
    >
      {formatMoney(amount, currency)}
    </span>
  );
}
