import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { errorMessage } from '@/lib/api-client';
import { OWN_RATE_FIELD_ID } from '../hooks/use-own-rate';

type OwnRateFormProps = {
  base: string;
  currency: string;
  date: string;
  onDateChange: (date: string) => void;
  rateText: string;
  onRateTextChange: (text: string) => void;
  onSubmit: (event: FormEvent) => void;
  isSaving: boolean;
  saveError: Error | null;
};

/** The user's own rate of a day: the day, the rate in the base currency, and Save. */
export function OwnRateForm({
  base,
  currency,
  date,
  onDateChange,
  rateText,
  onRateTextChange,
  onSubmit,
  isSaving,
  saveError,
}: OwnRateFormProps) {
  const { t } = useTranslation('rates');
  return (
    <form
      onSubmit={onSubmit}
      aria-label={t('form.label')}
      className="mb-8 flex flex-wrap items-end gap-3 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <TextField
        label={t('form.date')}
        type="date"
        required
        min="1999-01-01"
        value={date}
        onChange={(event) => onDateChange(event.target.value)}
      />
      <TextField
        id={OWN_RATE_FIELD_ID}
        label={t('form.rate', { base, currency })}
        inputMode="decimal"
        autoComplete="off"
        required
        value={rateText}
        onChange={(event) => onRateTextChange(event.target.value)}
      />
      <Button type="submit" disabled={isSaving}>
        {isSaving ? t('form.saving') : t('form.save')}
      </Button>
      {saveError ? (
        <Alert className="basis-full">{errorMessage(saveError, t('errors.save'))}</Alert>
      ) : null}
    </form>
  );
}
