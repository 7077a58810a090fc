import { CURRENCY_CATALOGUE, isCatalogueCurrency } from '@moneta/shared/currency-catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { EmptyState } from '@/components/ui/EmptyState';
import { QueryState } from '@/components/ui/QueryState';
import { SelectField } from '@/components/ui/SelectField';
import { SectionSpinner } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { useCurrency } from '@/lib/auth/use-currency';
import { runningI18n } from '@/lib/i18n/current';
import { useFormat } from '@/lib/i18n/use-format';
import { todayInUserZone } from '@/lib/time-zone';
import { useCanWrite } from '@/lib/households/use-can-write';
import { useRates } from '../api/rates';
import { useOwnRate } from '../hooks/use-own-rate';
import { OwnRateForm } from './OwnRateForm';
import { currencyName } from './rate-format';
import { RatesTable } from './RatesTable';
import { RateWindowNav } from './RateWindowNav';

/**
 * Exchange rates (docs/currencies.md): for one currency at a time, the European Central Bank's rate
 * of each business day in the user's base currency, and their own, which they can set for any day
 * and which counts instead of the ECB's on that day.
 */
export function RatesPage() {
  const { t } = useTranslation('rates');
  const format = useFormat();
  const oldCurrencyName = (code: string) =>
    runningI18n().exists(`rates:currencyNames.${code}`) ? t(`currencyNames.${code}`) : undefined;
  const base = useCurrency();
  const { user } = useUser();
  const canWrite = useCanWrite();
  const others = CURRENCY_CATALOGUE.filter((currency) => currency.code !== base);
  // A notice of amounts without a rate opens the page on their currency (?currency=USD).
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('currency');
  const [currency, setCurrency] = useState(() =>
    asked && asked !== base && isCatalogueCurrency(asked) ? asked : base === 'EUR' ? 'USD' : 'EUR',
  );
  const today = todayInUserZone(user?.timeZone);
  // The window's last day; undefined while it ends today (the list's first question is unchanged).
  const [windowEnd, setWindowEnd] = useState<string>();
  const rates = useRates(currency, windowEnd);
  const ownRate = useOwnRate(currency);

  return (
    <ContentLayout title={t('title')} description={t('description', { base })}>
      <div className="mb-6 max-w-sm">
        <SelectField
          label={t('ratesOf')}
          value={currency}
          onChange={(event) => {
            setCurrency(event.target.value);
            ownRate.resetSave();
          }}
        >
          {others.map((option) => (
            <option key={option.code} value={option.code}>
              {option.code} —{' '}
              {currencyName(option.code, option.name, format.locale, oldCurrencyName)}
            </option>
          ))}
        </SelectField>
      </div>

      {canWrite ? (
        <OwnRateForm
          base={base}
          currency={currency}
          date={ownRate.date}
          onDateChange={ownRate.setDate}
          rateText={ownRate.rateText}
          onRateTextChange={ownRate.setRateText}
          onSubmit={ownRate.save}
          isSaving={ownRate.isSaving}
          saveError={ownRate.saveError}
        />
      ) : null}

      <RateWindowNav
        end={windowEnd ?? today}
        today={today}
        onChange={(end) => setWindowEnd(end === today ? undefined : end)}
      />

      <QueryState
        query={rates}
        loading={<SectionSpinner label={t('loading')} />}
        failureMessage={(error) => errorMessage(error, t('errors.load'))}
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState title={t('empty.title')}>{t('empty.body', { currency })}</EmptyState>}
      >
        {(list) => (
          <RatesTable
            rates={list}
            currency={currency}
            base={base}
            onChange={ownRate.change}
            onRemove={ownRate.remove}
            isDeleting={ownRate.isDeleting}
          />
        )}
      </QueryState>
    </ContentLayout>
  );
}
