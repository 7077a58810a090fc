import { CURRENCIES, isCurrencyCode } from '@moneta/shared';
import { useId, type ChangeEvent } from 'react';
import { toast } from 'react-toastify';
import { inputClasses } from '@/components/ui/input-styles';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { useCurrency } from '@/lib/auth/use-currency';
import { useUpdateSetup } from '@/lib/auth/update-setup';

/** Changes the user's default currency; it is saved on the server so it persists (SPEC §4). */
export function CurrencyPicker({
  className = '',
  showLabel = false,
}: {
  className?: string;
  showLabel?: boolean;
}) {
  const id = useId();
  const currency = useCurrency();
  const { user } = useUser();
  const updateMutation = useUpdateSetup();
  const shownCurrency = updateMutation.isPending
    ? (updateMutation.variables?.defaultCurrency ?? currency)
    : currency;

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const code = event.target.value;
    if (!isCurrencyCode(code) || code === currency) return;
    updateMutation.mutate(
      // The time zone chosen stays as it is.
      { defaultCurrency: code, timeZone: user?.timeZone },
      {
        onError: (error) => {
          toast.error(errorMessage(error, 'Could not change the currency. Please try again.'));
        },
      },
    );
  }

  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={
          showLabel
            ? 'mb-1.5 block text-sm font-medium text-neutral-800 dark:text-neutral-200'
            : 'sr-only'
        }
      >
        Currency
      </label>
      <select
        id={id}
        value={shownCurrency}
        onChange={onChange}
        disabled={updateMutation.isPending}
        aria-busy={updateMutation.isPending}
        className={`${inputClasses} h-10 py-0 pr-8`}
      >
        {CURRENCIES.map((option) => (
          <option key={option.code} value={option.code}>
            {`${option.flag} ${option.code} (${option.symbol})`}
          </option>
        ))}
      </select>
    </div>
  );
}
