import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

type UnconvertedNoticeProps = {
  /** How many amounts (or accounts) a total left out for lack of an exchange rate. */
  count: number;
  noun?: 'amount' | 'account';
  /** The currency missing a rate, when one is known: the rates page opens on it. */
  currency?: string;
  className?: string;
};

/**
 * Says that a total leaves some amounts out because no exchange rate converts them
 * (docs/currencies.md: never a rate of 1 between different currencies), with the way to fix it: "3
 * amounts without a rate — add one", linking to the rates page. Nothing when every amount is
 * counted.
 */
export function UnconvertedNotice({
  count,
  noun = 'amount',
  currency,
  className = '',
}: UnconvertedNoticeProps) {
  if (count <= 0) return null;
  const to = currency ? `${paths.rates}?currency=${encodeURIComponent(currency)}` : paths.rates;
  return (
    <p className={`text-xs text-amber-800 dark:text-amber-300 ${className}`}>
      <Trans
        i18nKey={noun === 'account' ? 'unconverted.account' : 'unconverted.amount'}
        count={count}
        components={{
          action: (
            <Link to={to} className="font-medium underline underline-offset-2 hover:no-underline" />
          ),
        }}
      />
    </p>
  );
}
