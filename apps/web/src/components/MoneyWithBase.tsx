import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';

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
 * base one: "$40.00 · €36.71" (docs/currencies.md). Without a rate, a muted "no rate" says why the
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
  const { t } = useTranslation();
  const format = useFormat();
  const own = `${sign}${format.money(amount, currency)}`;
  if (currency === baseCurrency) return <>{own}</>;
  return (
    <>
      {own}
      <span className="text-neutral-500 dark:text-neutral-400">{' · '}</span>
      {baseAmount === null ? (
        <span
          title={t('money.noRateTitle', { currency: baseCurrency })}
          className="text-xs font-normal text-neutral-600 italic dark:text-neutral-400"
        >
          {t('money.noRate')}
          <span className="sr-only">{t('money.noRateExplained', { currency: baseCurrency })}</span>
        </span>
      ) : (
        <span className="font-normal text-neutral-600 dark:text-neutral-400">
          {`${sign}${format.money(baseAmount, baseCurrency)}`}
        </span>
      )}
    </>
  );
}
