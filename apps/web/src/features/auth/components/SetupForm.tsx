import type { User } from '@moneta/shared/auth-schemas';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  isCurrencyCode,
  type CurrencyCode,
} from '@moneta/shared/currencies';
import { useState, type FormEvent } from 'react';
import { CurrencyFlag } from '@/components/CurrencyFlag';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { useUpdateSetup } from '@/lib/auth/update-setup';

const SETUP_FAILED = 'Setup failed. Please try again.';

/** The first-time setup: the user picks the currency amounts are shown in. */
export function SetupForm({ user, onSuccess }: { user: User; onSuccess: () => void }) {
  const [currency, setCurrency] = useState<CurrencyCode>(
    // SPEC's setup offers its seven; a base chosen later from the whole catalogue is not one.
    isCurrencyCode(user.defaultCurrency) ? user.defaultCurrency : DEFAULT_CURRENCY,
  );
  const setupMutation = useUpdateSetup();
  const isBusy = setupMutation.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setupMutation.mutate({ defaultCurrency: currency }, { onSuccess });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      {setupMutation.isError ? (
        <Alert>{errorMessage(setupMutation.error, SETUP_FAILED)}</Alert>
      ) : null}
      <fieldset className="min-w-0">
        <legend className="text-base font-semibold text-neutral-900 dark:text-white">
          Choose your default currency
        </legend>
        <div className="mt-3 max-h-80 space-y-2 overflow-y-auto rounded-xl border border-neutral-200 p-2 dark:border-neutral-800">
          {CURRENCIES.map((option) => {
            const isSelected = option.code === currency;
            return (
              <label
                key={option.code}
                className={`flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-600 ${
                  isSelected
                    ? 'border-emerald-600 bg-emerald-50 dark:border-emerald-500 dark:bg-emerald-950/50'
                    : 'border-transparent hover:bg-neutral-100 dark:hover:bg-neutral-800'
                }`}
              >
                <input
                  type="radio"
                  name="defaultCurrency"
                  value={option.code}
                  checked={isSelected}
                  onChange={() => setCurrency(option.code)}
                  className="size-4 accent-emerald-700"
                />
                <CurrencyFlag code={option.code} width={30} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-neutral-900 dark:text-white">
                    {option.name}
                  </span>
                  <span className="block text-sm text-neutral-600 dark:text-neutral-400">
                    {option.code}
                  </span>
                </span>
                <span className="w-8 text-right text-lg font-semibold text-neutral-700 dark:text-neutral-300">
                  {option.symbol}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
        {isBusy ? 'Setting up...' : 'Save and Continue'}
      </Button>
      <p className="text-center text-sm text-neutral-600 dark:text-neutral-400">
        You can change your currency preference later in settings.
      </p>
    </form>
  );
}
