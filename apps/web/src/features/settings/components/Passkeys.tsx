import { MAX_PASSKEY_NAME_LENGTH } from '@moneta/shared/security-limits';
import type { Passkey } from '@moneta/shared/security-schemas';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { QueryState } from '@/components/ui/QueryState';
import { TextField } from '@/components/ui/TextField';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { useFormat } from '@/lib/i18n/use-format';
import { browserHasWebAuthn, passkeyErrorMessage } from '@/lib/passkeys/webauthn';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import { knownMessage } from '../utils/known-message';
import { ListEmpty, ListLoading } from './ListStates';
import { SectionCard } from '@/components/ui/SectionCard';

/** Passkeys (WebAuthn): sign in with the phone's or computer's lock instead of a password. */
export function Passkeys() {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const { user } = useUser();

  return (
    <SectionCard title={t('passkeys.title')} description={t('passkeys.description')}>
      <div className="space-y-5">
        <QueryState
          query={passkeys}
          loading={<ListLoading label={t('passkeys.loading')} />}
          failureMessage={(error) => errorMessage(error, t('passkeys.loadFailed'))}
          isEmpty={(list) => list.length === 0}
          empty={<ListEmpty>{t('passkeys.empty')}</ListEmpty>}
        >
          {(list) => (
            <ul
              aria-label={t('passkeys.title')}
              className="divide-y divide-neutral-200 dark:divide-neutral-800"
            >
              {list.map((passkey) => (
                <li
                  key={passkey._id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                >
                  <div className="min-w-0">
                    <p className="font-medium break-words text-neutral-900 dark:text-white">
                      {passkey.name}
                    </p>
                    <p className="mt-0.5 text-sm text-neutral-600 dark:text-neutral-400">
                      {t('passkeys.added', {
                        date: format.dateTime(passkey.createdAt, user?.timeZone),
                      })}{' '}
                      ·{' '}
                      {passkey.lastUsedAt
                        ? t('lastUsed', {
                            date: format.dateTime(passkey.lastUsedAt, user?.timeZone),
                          })
                        : t('neverUsed')}
                    </p>
                  </div>
                  <Button
                    variant="ghost-danger"
                    size="sm"
                    aria-label={t('passkeys.deleteLabel', { name: passkey.name })}
                    onClick={() => setRemoving(passkey)}
                  >
                    {t('passkeys.delete')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <AddPasskey buttonRef={addButtonRef} />
      </div>
      <ConfirmDeleteDialog
        item={removing}
        title={t('passkeys.deleteTitle')}
        description={(passkey: Passkey) => t('passkeys.deleteDescription', { name: passkey.name })}
        onDelete={(passkey) => remove.mutateAsync(passkey._id)}
        onDeleted={(_result, passkey) => {
          setRemoving(null);
          toast.success(t('passkeys.deleted', { name: passkey.name }));
        }}
        onClose={() => setRemoving(null)}
        failureMessage={(error) => errorMessage(error, t('passkeys.deleteFailed'))}
        failureIn="dialog"
        focusAfterDeleting={addButtonRef}
      />
    </SectionCard>
  );
}

function AddPasskey({ buttonRef }: { buttonRef: React.RefObject<HTMLButtonElement | null> }) {
  const { t } = useTranslation('settings');
  const add = useAddPasskey();
  const nameRef = useRef<HTMLInputElement>(null);
  const [isSupported] = useState(browserHasWebAuthn);

  if (!isSupported) {
    return (
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('passkeys.unsupported')}</p>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    add.mutate(nameRef.current?.value ?? '', {
      onSuccess: (passkey) => {
        toast.success(t('passkeys.addedToast', { name: passkey.name }));
        if (nameRef.current) nameRef.current.value = '';
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {add.isError ? (
        <Alert>{knownMessage(t, passkeyErrorMessage(add.error, t('passkeys.addFailed')))}</Alert>
      ) : null}
      <TextField
        ref={nameRef}
        label={t('passkeys.nameLabel')}
        name="passkeyName"
        placeholder={t('passkeys.namePlaceholder')}
        maxLength={MAX_PASSKEY_NAME_LENGTH}
        autoComplete="off"
        className="max-w-sm"
      />
      <Button ref={buttonRef} type="submit" disabled={add.isPending}>
        {add.isPending ? t('passkeys.waiting') : t('passkeys.add')}
      </Button>
    </form>
  );
}
