import {
  DEFAULT_TOKEN_DAYS,
  MAX_TOKEN_DAYS,
  MAX_TOKEN_NAME_LENGTH,
  SECURITY_MESSAGES,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@moneta/shared/security-schemas';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { QueryState } from '@/components/ui/QueryState';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { inputClasses } from '@/components/ui/input-styles';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { formatDateTime } from '@/lib/date-time-format';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens';
import { copyText } from '../utils/copy-text';
import { ListEmpty, ListLoading, SettingsSection } from './SettingsSection';

const LOAD_FAILED = 'Your API tokens could not be loaded.';
const CREATE_FAILED = 'The token could not be created. Please try again.';

const SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read only',
  write: 'Read and write',
};

/**
 * Tokens for scripts (docs/architecture.md, Security): read or read-and-write, with an expiry,
 * shown once. No token can manage account security or delete the account.
 */
export function ApiTokens() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const createButtonRef = useRef<HTMLButtonElement>(null);
  const { user } = useUser();

  return (
    <SettingsSection
      title="API tokens"
      description="Let a script read or change your data. Tokens cannot change security settings or delete the account."
    >
      <div className="space-y-5">
        <QueryState
          query={tokens}
          loading={<ListLoading label="Loading API tokens..." />}
          failureMessage={(error) => errorMessage(error, LOAD_FAILED)}
          isEmpty={(list) => list.length === 0}
          empty={<ListEmpty>No API tokens yet.</ListEmpty>}
        >
          {(list) => (
            <ul
              aria-label="API tokens"
              className="divide-y divide-neutral-200 dark:divide-neutral-800"
            >
              {list.map((token) => {
                // Expired as of when the list was read.
                const isExpired = new Date(token.expiresAt).getTime() <= tokens.dataUpdatedAt;
                return (
                  <li
                    key={token._id}
                    className="flex flex-wrap items-center justify-between gap-3 py-3"
                  >
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 font-medium text-neutral-900 dark:text-white">
                        <span className="break-words">{token.name}</span>
                        <Badge tone={token.scope === 'write' ? 'violet' : 'sky'}>
                          {SCOPE_LABELS[token.scope]}
                        </Badge>
                      </p>
                      <p className="mt-0.5 text-sm text-neutral-600 dark:text-neutral-400">
                        {isExpired ? 'Expired' : 'Expires'}{' '}
                        {formatDateTime(token.expiresAt, user?.timeZone)} · Created{' '}
                        {formatDateTime(token.createdAt, user?.timeZone)} ·{' '}
                        {token.lastUsedAt
                          ? `Last used ${formatDateTime(token.lastUsedAt, user?.timeZone)}`
                          : 'Never used'}
                      </p>
                    </div>
                    <Button
                      variant="ghost-danger"
                      size="sm"
                      aria-label={`Revoke token ${token.name}`}
                      onClick={() => setRevoking(token)}
                    >
                      Revoke
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
        {created ? (
          <NewTokenSecret token={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateTokenForm buttonRef={createButtonRef} onCreated={setCreated} />
        )}
      </div>
      <ConfirmDeleteDialog
        item={revoking}
        title="Revoke this token?"
        description={(token: ApiToken) =>
          `Scripts using "${token.name}" will stop working at once. This cannot be undone.`
        }
        onDelete={(token) => revoke.mutateAsync(token._id)}
        onDeleted={(_result, token) => {
          setRevoking(null);
          toast.success(`Token "${token.name}" revoked.`);
        }}
        onClose={() => setRevoking(null)}
        failureMessage={(error) =>
          errorMessage(error, 'The token could not be revoked. Please try again.')
        }
        failureIn="dialog"
        focusAfterDeleting={createButtonRef}
        confirmLabel="Revoke"
        busyLabel="Revoking..."
      />
    </SettingsSection>
  );
}

type FormErrors = { name?: string; expiresInDays?: string };

function CreateTokenForm({
  buttonRef,
  onCreated,
}: {
  buttonRef: React.RefObject<HTMLButtonElement | null>;
  onCreated: (token: CreatedApiToken) => void;
}) {
  const create = useCreateApiToken();
  const nameRef = useRef<HTMLInputElement>(null);
  const daysRef = useRef<HTMLInputElement>(null);
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [errors, setErrors] = useState<FormErrors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = nameRef.current?.value.trim() ?? '';
    const days = Number(daysRef.current?.value);
    const found: FormErrors = {
      name: name ? undefined : SECURITY_MESSAGES.tokenNameRequired,
      expiresInDays:
        Number.isInteger(days) && days >= 1 && days <= MAX_TOKEN_DAYS
          ? undefined
          : SECURITY_MESSAGES.tokenExpiryInvalid,
    };
    setErrors(found);
    if (found.name || found.expiresInDays) {
      (found.name ? nameRef : daysRef).current?.focus();
      return;
    }
    create.mutate({ name, scope, expiresInDays: days }, { onSuccess: onCreated });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create an API token">
      <h3 className="font-semibold text-neutral-900 dark:text-white">Create a token</h3>
      {create.isError ? <Alert>{errorMessage(create.error, CREATE_FAILED)}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          ref={nameRef}
          label="Token name"
          name="tokenName"
          placeholder="e.g. Backup script"
          maxLength={MAX_TOKEN_NAME_LENGTH}
          autoComplete="off"
          required
          error={errors.name}
        />
        <SelectField
          label="Access"
          name="scope"
          value={scope}
          onChange={(event) => setScope(event.target.value === 'write' ? 'write' : 'read')}
        >
          <option value="read">{SCOPE_LABELS.read}</option>
          <option value="write">{SCOPE_LABELS.write}</option>
        </SelectField>
        <TextField
          ref={daysRef}
          label="Expires in (days)"
          name="expiresInDays"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TOKEN_DAYS}
          step={1}
          defaultValue={DEFAULT_TOKEN_DAYS}
          required
          error={errors.expiresInDays}
        />
      </div>
      <Button ref={buttonRef} type="submit" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create token'}
      </Button>
    </form>
  );
}

/** The new token's secret, this once, with a way to copy it. */
function NewTokenSecret({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const secretRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    secretRef.current?.focus();
    secretRef.current?.select();
  }, []);
  return (
    <div className="space-y-4">
      <h3 className="font-semibold text-neutral-900 dark:text-white">
        Token &ldquo;{token.name}&rdquo; created
      </h3>
      <Alert tone="success">
        Copy this token now. It will not be shown again: if you lose it, revoke it and create a new
        one. Anyone with the token can {token.scope === 'write' ? 'read and change' : 'read'} your
        data.
      </Alert>
      <div>
        <label htmlFor="new-token-secret" className="sr-only">
          New API token
        </label>
        <input
          ref={secretRef}
          id="new-token-secret"
          readOnly
          value={token.token}
          className={`${inputClasses} font-mono`}
          spellCheck={false}
        />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="secondary"
          onClick={() =>
            void copyText(token.token).then((ok) =>
              ok ? toast.success('Token copied.') : toast.error('The token could not be copied.'),
            )
          }
        >
          Copy
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
