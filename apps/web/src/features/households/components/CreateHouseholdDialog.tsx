import { HOUSEHOLD_LIMITS } from '@moneta/shared/household-schemas';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { TextField } from '@/components/ui/TextField';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { toast } from '@/lib/toast';
import { useCreateHousehold } from '../api/households';

type CreateHouseholdDialogProps = { isOpen: boolean; onClose: () => void };

/** Names a new household, in the base currency the user has now; the app moves to it. */
export function CreateHouseholdDialog({ isOpen, onClose }: CreateHouseholdDialogProps) {
  // Mounted only while open, so every opening starts afresh.
  return isOpen ? <OpenDialog onClose={onClose} /> : null;
}

function OpenDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('households');
  const { user } = useUser();
  const [name, setName] = useState('');
  const create = useCreateHousehold();
  const baseCurrency = user?.defaultCurrency ?? 'USD';

  function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    create.mutate(
      { name: name.trim(), baseCurrency },
      {
        onSuccess: (household) => {
          toast.success(t('create.done', { name: household.name }));
          onClose();
        },
      },
    );
  }

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('create.title')}
      description={t('create.description', { currency: baseCurrency })}
    >
      <form onSubmit={submit} className="mt-4 space-y-6">
        <TextField
          label={t('create.name')}
          value={name}
          required
          maxLength={HOUSEHOLD_LIMITS.nameMax}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
        {create.isError ? <Alert>{errorMessage(create.error, t('create.failed'))}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending || name.trim() === ''}>
            {create.isPending ? t('create.busy') : t('create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
