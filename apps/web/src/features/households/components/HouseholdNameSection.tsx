import { HOUSEHOLD_LIMITS, type Household } from '@moneta/shared/household-schemas';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHouseholdName } from '@/lib/households/household-name';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { errorMessage } from '@/lib/api-client';
import { useIsOwner } from '@/lib/households/use-can-write';
import { toast } from '@/lib/toast';
import { useRenameHousehold } from '../api/households';
import { RoleHint } from './RoleHint';
import { SectionCard } from '@/components/ui/SectionCard';

/** The household's name and base currency; its owners rename it. */
export function HouseholdNameSection({ household }: { household: Household }) {
  const { t } = useTranslation('households');
  const nameOf = useHouseholdName();
  const isOwner = useIsOwner();
  const [name, setName] = useState(household.name);
  const rename = useRenameHousehold();
  const trimmed = name.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    rename.mutate(
      { id: household._id, name: trimmed },
      { onSuccess: (renamed) => toast.success(t('name.done', { name: renamed.name })) },
    );
  }

  return (
    <SectionCard
      title={t('name.title')}
      description={t('name.description', { currency: household.baseCurrency })}
    >
      {isOwner ? (
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <TextField
            className="min-w-0 flex-1"
            label={t('name.label')}
            value={name}
            required
            maxLength={HOUSEHOLD_LIMITS.nameMax}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
          <Button
            type="submit"
            disabled={rename.isPending || trimmed === '' || trimmed === household.name}
          >
            {rename.isPending ? t('name.busy') : t('name.submit')}
          </Button>
        </form>
      ) : (
        <>
          <p className="font-medium break-words text-neutral-900 dark:text-white">
            {nameOf(household)}
          </p>
          <RoleHint>{t('name.ownerOnly')}</RoleHint>
        </>
      )}
      {rename.isError ? (
        <Alert className="mt-3">{errorMessage(rename.error, t('name.failed'))}</Alert>
      ) : null}
    </SectionCard>
  );
}
