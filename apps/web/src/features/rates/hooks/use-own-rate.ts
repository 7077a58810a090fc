import type { Rate } from '@moneta/shared/rate-schemas';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { todayInUserZone } from '@/lib/time-zone';
import { toast } from '@/lib/toast';
import { useDeleteRate, useSetRate } from '../api/rates';
import { rateFromText } from '../components/rate-format';

/** The id of the own rate's field, which Set and Change in the list give the focus to. */
export const OWN_RATE_FIELD_ID = 'own-rate';

/**
 * The user's own rate of a currency: the form's day and rate as typed, its saving, and the
 * list's Set, Change and Delete of a day's rate.
 */
export function useOwnRate(currency: string) {
  const { t } = useTranslation('rates');
  const { user } = useUser();
  const setRate = useSetRate();
  const deleteRate = useDeleteRate();
  const [date, setDate] = useState(() => todayInUserZone(user?.timeZone));
  const [rateText, setRateText] = useState('');

  /** Takes a day of the list into the form. */
  function change(rate: Rate) {
    setDate(rate.date);
    setRateText(String(rate.rate));
    document.getElementById(OWN_RATE_FIELD_ID)?.focus();
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

  return {
    date,
    setDate,
    rateText,
    setRateText,
    change,
    remove,
    save,
    isSaving: setRate.isPending,
    saveError: setRate.isError ? setRate.error : null,
    resetSave: setRate.reset,
    isDeleting: deleteRate.isPending,
  };
}
