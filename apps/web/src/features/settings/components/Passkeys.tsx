import { MAX_PASSKEY_NAME_LENGTH, type Passkey } from '@moneta/shared/security-schemas';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { QueryState } from '@/components/ui/QueryState';
import { TextField } from '@/components/ui/TextField';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { formatDateTime } from '@/lib/date-time-format';
import { browserHasWebAuthn, passkeyErrorMessage } from '@/lib/passkeys/webauthn';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import { ListEmpty, ListLoading, SettingsSection } from './SettingsSection';

const LOAD_FAILED = 'Your passkeys could not be loaded.';
const ADD_FAILED = 'The passkey could not be added. Please try again.';

/** Passkeys (WebAuthn): sign in with the phone's or computer's lock instead of a password. */
export function Passkeys() {
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const { user } = useUser();

  return (
    <SettingsSection
      title="Passkeys"
      description="Sign in with your fingerprint, face or screen lock instead of your password."
    >
      <div className="space-y-5">
        <QueryState
          query={passkeys}
          loading={<ListLoading label="Loading passkeys..." />}
          failureMessage={(error) => errorMessage(error, LOAD_FAILED)}
          isEmpty={(list) => list.length === 0}
          empty={<ListEmpty>No passkeys yet.</ListEmpty>}
        >
          {(list) => (
            <ul
              aria-label="Passkeys"
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
                      Added {formatDateTime(passkey.createdAt, user?.timeZone)} ·{' '}
                      {passkey.lastUsedAt
                        ? `Last used ${formatDateTime(passkey.lastUsedAt, user?.timeZone)}`
                        : 'Never used'}
                    </p>
                  </div>
                  <Button
                    variant="ghost-danger"
                    size="sm"
                    aria-label={`Delete passkey ${passkey.name}`}
                    onClick={() => setRemoving(passkey)}
                  >
                    Delete
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
        title="Delete this passkey?"
        description={(passkey: Passkey) =>
          `"${passkey.name}" will no longer sign you in. Remove it from your device's passkeys too.`
        }
        onDelete={(passkey) => remove.mutateAsync(passkey._id)}
        onDeleted={(_result, passkey) => {
          setRemoving(null);
          toast.success(`Passkey "${passkey.name}" deleted.`);
        }}
        onClose={() => setRemoving(null)}
        failureMessage={(error) =>
          errorMessage(error, 'The passkey could not be deleted. Please try again.')
        }
        failureIn="dialog"
        focusAfterDeleting={addButtonRef}
      />
    </SettingsSection>
  );
}

function AddPasskey({ buttonRef }: { buttonRef: React.RefObject<HTMLButtonElement | null> }) {
  const add = useAddPasskey();
  const nameRef = useRef<HTMLInputElement>(null);
  const [isSupported] = useState(browserHasWebAuthn);

  if (!isSupported) {
    return (
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        This browser cannot use passkeys.
      </p>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    add.mutate(nameRef.current?.value ?? '', {
      onSuccess: (passkey) => {
        toast.success(`Passkey "${passkey.name}" added.`);
        if (nameRef.current) nameRef.current.value = '';
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {add.isError ? <Alert>{passkeyErrorMessage(add.error, ADD_FAILED)}</Alert> : null}
      <TextField
        ref={nameRef}
        label="Passkey name (optional)"
        name="passkeyName"
        placeholder="e.g. Work laptop"
        maxLength={MAX_PASSKEY_NAME_LENGTH}
        autoComplete="off"
        className="max-w-sm"
      />
      <Button ref={buttonRef} type="submit" disabled={add.isPending}>
        {add.isPending ? 'Waiting for your passkey...' : 'Add a passkey'}
      </Button>
    </form>
  );
}
