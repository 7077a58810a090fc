import { CURRENCY_CATALOGUE, isCatalogueCurrency } from '@moneta/shared/currency-catalogue';
import type { Rate } from '@moneta/shared/rate-schemas';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { QueryState } from '@/components/ui/QueryState';
import { SelectField } from '@/components/ui/SelectField';
import { SectionSpinner } from '@/components/ui/Spinner';
import { Table, TableCell, TableRow, TableRowHeader } from '@/components/ui/Table';
import { TextField } from '@/components/ui/TextField';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { useCurrency } from '@/lib/auth/use-currency';
import { runningI18n } from '@/lib/i18n/current';
import { useFormat } from '@/lib/i18n/use-format';
import { todayInUserZone } from '@/lib/time-zone';
import { useDeleteRate, useRates, useSetRate } from '../api/rates';
import { currencyName, formatRate, rateFromText } from './rate-format';
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
  const columns = [
    { header: t('table.date') },
    { header: t('table.ecbRate'), align: 'right' },
    { header: t('table.yourRate'), align: 'right' },
    { header: <span className="sr-only">{t('table.actions')}</span>, align: 'right' },
  ] as const;
  const base = useCurrency();
  const { user } = useUser();
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
  const setRate = useSetRate();
  const deleteRate = useDeleteRate();
  const [date, setDate] = useState(() => todayInUserZone(user?.timeZone));
  const [rateText, setRateText] = useState('');

  function change(rate: Rate) {
    setDate(rate.date);
    setRateText(String(rate.rate));
    document.getElementById('own-rate')?.focus();
  }

  function remove(rate: Rate) {
    deleteRate.mutate(
      { currency: rate.currency, date: rate.date },
      {
        onSuccess: () =>
          toast.success(t('toast.deleted', { currency: rate.currency, date: rate.date })),
        onError: (error) => toast.error(errorMessage(error, t('errors.delete'))),
      },
    );
  }

  function save(event: FormEvent) {
    event.preventDefault();
    setRate.mutate(
      { currency, date, rate: rateFromText(rateText) },
      {
        onSuccess: (saved) => {
          setRateText('');
          toast.success(t('toast.saved', { currency: saved.currency, date: saved.date }));
        },
      },
    );
  }

  return (
    <ContentLayout title={t('title')} description={t('description', { base })}>
      <div className="mb-6 max-w-sm">
        <SelectField
          label={t('ratesOf')}
          value={currency}
          onChange={(event) => {
            setCurrency(event.target.value);
            setRate.reset();
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

      <form
        onSubmit={save}
        aria-label={t('form.label')}
        className="mb-8 flex flex-wrap items-end gap-3 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
      >
        <TextField
          label={t('form.date')}
          type="date"
          required
          min="1999-01-01"
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <TextField
          id="own-rate"
          label={t('form.rate', { base, currency })}
          inputMode="decimal"
          autoComplete="off"
          required
          value={rateText}
          onChange={(event) => setRateText(event.target.value)}
        />
        <Button type="submit" disabled={setRate.isPending}>
          {setRate.isPending ? t('form.saving') : t('form.save')}
        </Button>
        {setRate.isError ? (
          <Alert className="basis-full">{errorMessage(setRate.error, t('errors.save'))}</Alert>
        ) : null}
      </form>

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
          <Table
            label={t('table.label', { currency, base })}
            caption={t('table.caption', { currency, base })}
            columns={columns}
            minWidthClass="sm:min-w-[32rem]"
          >
            {list.map((rate) => (
              <TableRow key={rate.date}>
                <TableRowHeader>{format.date(rate.date)}</TableRowHeader>
                <TableCell align="right" stack="meta" stackLabel={t('table.ecbShort')}>
                  {rate.ecbRate === null ? '—' : formatRate(rate.ecbRate, format)}
                </TableCell>
                <TableCell align="right" stack="end" stackLabel={t('table.yoursShort')}>
                  {rate.ownRate === null ? '—' : formatRate(rate.ownRate, format)}
                </TableCell>
                <TableCell align="right" stack="menu">
                  <Button variant="ghost" size="sm" onClick={() => change(rate)}>
                    {rate.ownRate === null ? t('table.set') : t('table.change')}
                    <span className="sr-only"> {t('table.yourRateFor', { date: rate.date })}</span>
                  </Button>
                  {rate.ownRate === null ? null : (
                    <Button
                      variant="ghost-danger"
                      size="sm"
                      disabled={deleteRate.isPending}
                      onClick={() => remove(rate)}
                    >
                      {t('table.delete')}
                      <span className="sr-only">
                        {' '}
                        {t('table.yourRateFor', { date: rate.date })}
                      </span>
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </Table>
        )}
      </QueryState>
    </ContentLayout>
  );
}
