import type { User } from '@moneta/shared/auth-schemas';
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  isCurrencyCode,
  type CurrencyCode,
} from '@moneta/shared/currencies';
import { regionCurrencyOf } from '@moneta/shared/locale-currency';
import type { SupportedLocale } from '@moneta/shared/locales';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyFlag } from '@/components/CurrencyFlag';
import { LocaleSelect } from '@/components/LocaleSelect';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { useUpdateSetup } from '@/lib/auth/update-setup';
import { currentLocale, switchLocale } from '@/lib/i18n/current';
import { useCurrencyName } from '@/lib/i18n/currency-name';

/** The currency of the locale's country when setup offers it (not CHF or MXN). */
function offeredRegionCurrency(locale: SupportedLocale): CurrencyCode | undefined {
  const code = regionCurrencyOf(locale);
  return code !== undefined && isCurrencyCode(code) ? code : undefined;
}

/**
 * The first-time setup: the user picks the currency amounts are shown in, and their language and
 * formats, the browser's offered first (the page is already in it). A choice shows at once. The
 * currency starts as the one of the locale's country and names are in the chosen language.
 */
export function SetupForm({ user, onSuccess }: { user: User; onSuccess: () => void }) {
  const { t } = useTranslation('auth');
  const [locale, setLocale] = useState<SupportedLocale>(currentLocale);
  const currencyName = useCurrencyName();
  const [currency, setCurrency] = useState<CurrencyCode>(
    // A base already chosen (not the default every account starts with) stays; else the one of the
    // locale's country. Setup offers the seven original currencies; a base chosen later from the
    // whole catalogue is not one.
    () =>
      isCurrencyCode(user.defaultCurrency) && user.defaultCurrency !== DEFAULT_CURRENCY
        ? user.defaultCurrency
        : (offeredRegionCurrency(currentLocale()) ?? DEFAULT_CURRENCY),
  );
  // Until the person picks a currency, it follows the country of the language they choose.
  const [hasChosenCurrency, setHasChosenCurrency] = useState(false);
  const setupMutation = useUpdateSetup();
  const isBusy = setupMutation.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setupMutation.mutate({ defaultCurrency: currency, locale }, { onSuccess });
  }

  function onLocaleChange(next: SupportedLocale) {
    setLocale(next);
    const regionCurrency = offeredRegionCurrency(next);
    if (!hasChosenCurrency && regionCurrency) setCurrency(regionCurrency);
    void switchLocale(next);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      {setupMutation.isError ? (
        <Alert>{errorMessage(setupMutation.error, t('setup.failed'))}</Alert>
      ) : null}
      <LocaleSelect value={locale} onChange={onLocaleChange} isBusy={isBusy} />
      <fieldset className="min-w-0">
        <legend className="text-base font-semibold text-neutral-900 dark:text-white">
          {t('setup.chooseCurrency')}
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
                  onChange={() => {
                    setCurrency(option.code);
                    setHasChosenCurrency(true);
                  }}
                  className="size-4 accent-emerald-700"
                />
                <CurrencyFlag code={option.code} width={30} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-neutral-900 dark:text-white">
                    {currencyName(option)}
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
        {isBusy ? t('setup.settingUp') : t('setup.saveAndContinue')}
      </Button>
      <p className="text-center text-sm text-neutral-600 dark:text-neutral-400">
        {t('setup.changeLater')}
      </p>
    </form>
  );
}
