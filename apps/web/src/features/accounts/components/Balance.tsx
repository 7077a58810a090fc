import type { Account } from '@moneta/shared/account-schemas';
import { MoneyWithBase } from '@/components/MoneyWithBase';

/**
 * An account's balance, red when it is a debt: in the account's own currency, then in the base
 * currency when that is another one ("$40.00 · €36.71").
 */
export function Balance({
  account,
  baseCurrency,
}: {
  account: Pick<Account, 'balance' | 'currency' | 'baseBalance'>;
  baseCurrency: string;
}) {
  return (
    <span
      className={`font-medium tabular-nums ${
        account.balance < 0
          ? 'text-red-700 dark:text-red-400'
          : 'text-neutral-900 dark:text-neutral-100'
      }`}
    >
      <MoneyWithBase
        amount={account.balance}
        currency={account.currency}
        baseAmount={account.baseBalance}
        baseCurrency={baseCurrency}
      />
    </span>
  );
}
