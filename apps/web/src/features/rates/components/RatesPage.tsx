import { CURRENCY_CATALOGUE, isCatalogueCurrency } from '@moneta/shared/currency-catalogue';
import type { Rate } from '@moneta/shared/rate-schemas';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
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
import { formatCalendarDate } from '@/lib/calendar-date-format';
import { todayInUserZone } from '@/lib/time-zone';
import { useDeleteRate, useRates, useSetRate } from '../api/rates';
import { formatRate, rateFromText } from './rate-format';

const COLUMNS = [
  { header: 'Date' },
  { header: 'ECB rate', align: 'right' },
  { header: 'Your rate', align: 'right' },
  { header: <span className="sr-only">Actions</span>, align: 'right' },
] as const;

/**
 * Exchange rates (DESIGN §6.5): for one currency at a time, the European Central Bank's rate of
 * each business day in the user's base currency, and their own, which they can set for any day
 * and which counts instead of the ECB's on that day.
 */
export function RatesPage() {
  const base = useCurrency();
  const { user } = useUser();
  const others = CURRENCY_CATALOGUE.filter((currency) => currency.code !== base);
  // A notice of amounts without a rate opens the page on their currency (?currency=USD).
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('currency');
  const [currency, setCurrency] = useState(() =>
    asked && asked !== base && isCatalogueCurrency(asked) ? asked : base === 'EUR' ? 'USD' : 'EUR',
  );
  const rates = useRates(currency);
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
          toast.success(`Your rate for ${rate.currency} on ${rate.date} is deleted.`),
        onError: (error) =>
          toast.error(errorMessage(error, 'Failed to delete the rate. Please try again.')),
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
          toast.success(`Your rate for ${saved.currency} on ${saved.date} is saved.`);
        },
      },
    );
  }

  return (
    <ContentLayout
      title="Exchange Rates"
      description={`How many ${base} one unit of another currency is worth: the European Central Bank's rate of each business day, and your own, which counts instead on its day.`}
    >
      <div className="mb-6 max-w-sm">
        <SelectField
          label="Rates of"
          value={currency}
          onChange={(event) => {
            setCurrency(event.target.value);
            setRate.reset();
          }}
        >
          {others.map((option) => (
            <option key={option.code} value={option.code}>
              {option.code} — {option.name}
            </option>
          ))}
        </SelectField>
      </div>

      <form
        onSubmit={save}
        aria-label="Set your own rate"
        className="mb-8 flex flex-wrap items-end gap-3 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
      >
        <TextField
          label="Date"
          type="date"
          required
          min="1999-01-01"
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <TextField
          id="own-rate"
          label={`Your rate (${base} per 1 ${currency})`}
          inputMode="decimal"
          autoComplete="off"
          required
          value={rateText}
          onChange={(event) => setRateText(event.target.value)}
        />
        <Button type="submit" disabled={setRate.isPending}>
          {setRate.isPending ? 'Saving…' : 'Save rate'}
        </Button>
        {setRate.isError ? (
          <Alert className="basis-full">
            {errorMessage(setRate.error, 'Failed to save the rate. Please try again.')}
          </Alert>
        ) : null}
      </form>

      <QueryState
        query={rates}
        loading={<SectionSpinner label="Loading rates…" />}
        failureMessage={(error) =>
          errorMessage(error, 'Failed to load the rates. Please try again.')
        }
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState title="No rates in the last 30 days.">
            The European Central Bank has published none for {currency} lately. You can set your own
            above.
          </EmptyState>
        }
      >
        {(list) => (
          <Table
            label={`${currency} in ${base}, last 30 days`}
            caption={`${currency} in ${base}, newest day first`}
            columns={COLUMNS}
            minWidthClass="sm:min-w-[32rem]"
          >
            {list.map((rate) => (
              <TableRow key={rate.date}>
                <TableRowHeader>{formatCalendarDate(rate.date)}</TableRowHeader>
                <TableCell align="right" stack="meta" stackLabel="ECB">
                  {rate.ecbRate === null ? '—' : formatRate(rate.ecbRate)}
                </TableCell>
                <TableCell align="right" stack="end" stackLabel="Yours">
                  {rate.ownRate === null ? '—' : formatRate(rate.ownRate)}
                </TableCell>
                <TableCell align="right" stack="menu">
                  <Button variant="ghost" size="sm" onClick={() => change(rate)}>
                    {rate.ownRate === null ? 'Set' : 'Change'}
                    <span className="sr-only"> your rate for {rate.date}</span>
                  </Button>
                  {rate.ownRate === null ? null : (
                    <Button
                      variant="ghost-danger"
                      size="sm"
                      disabled={deleteRate.isPending}
                      onClick={() => remove(rate)}
                    >
                      Delete<span className="sr-only"> your rate for {rate.date}</span>
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
