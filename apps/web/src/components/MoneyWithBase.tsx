import { formatMoney } from '@moneta/shared/money';

type MoneyWithBaseProps = {
  /** The amount in its own currency (a transaction's cost, an account's balance), unsigned. */
  amount: number;
  currency: string;
  /** The same amount in the base currency; null when no rate converts it. */
  baseAmount: number | null;
  baseCurrency: string;
  /** Written before each amount: "+" for income, "-" for an expense or a debt. */
  sign?: string;
};

/**
 * An amount in its own currency and, when that is not the base currency, the same amount in the
 * base one: "$40.00 · €36.71" (DESIGN §6.5). Without a rate, a muted "no rate" says why the
 * amount is missing from the totals. The own amount keeps the colour of where it is shown; the
 * base one is quieter, as the second reading of one amount.
 */
export function MoneyWithBase({
  amount,
  currency,
  baseAmount,
  baseCurrency,
  sign = '',
}: MoneyWithBaseProps) {
  const own = `${sign}${formatMoney(amount, currency)}`;
  if (currency === baseCurrency) return <>{own}</>;
  return (
    <>
      {own}
      <span className="text-neutral-500 dark:text-neutral-400">{' · '}</span>
      {baseAmount === null ? (
        <span
          title={`No exchange rate for this day: left out of totals in ${baseCurrency}.`}
          className="text-xs font-normal text-neutral-600 italic dark:text-neutral-400"
        >
          no rate
          <span className="sr-only">
            {`: no exchange rate for this day, so it is left out of totals in ${baseCurrency}`}
          </span>
        </span>
      ) : (
        <span className="font-normal text-neutral-600 dark:text-neutral-400">
          {`${sign}${formatMoney(baseAmount, baseCurrency)}`}
        </span>
      )}
    </>
  );
}
