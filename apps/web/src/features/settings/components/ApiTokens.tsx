import {
  DEFAULT_TOKEN_DAYS,
  MAX_TOKEN_DAYS,
  MAX_TOKEN_NAME_LENGTH,
  SECURITY_MESSAGES,
  type ApiTokenScope,
} from '@moneta/shared/security-limits';
import type { ApiToken, CreatedApiToken } from '@moneta/shared/security-schemas';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
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
import { useFormat } from '@/lib/i18n/use-format';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens';
import { copyText } from '../utils/copy-text';
import { knownMessage } from '../utils/known-message';
import { ListEmpty, ListLoading } from './ListStates';
import { SectionCard } from '@/components/ui/SectionCard';

/** A scope's words: `apiTokens.scopes.<scope>`. */
const scopeKey = (scope: ApiTokenScope) => `apiTokens.scopes.${scope}` as const;

/**
 * Tokens for scripts (docs/architecture.md, Security): read or read-and-write, with an expiry,
 * shown once. No token can manage account security or delete the account.
 */
export function ApiTokens() {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const createButtonRef = useRef<HTMLButtonElement>(null);
  const { user } = useUser();

  return (
    <SectionCard title={t('apiTokens.title')} description={t('apiTokens.description')}>
      <div className="space-y-5">
        <QueryState
          query={tokens}
          loading={<ListLoading label={t('apiTokens.loading')} />}
          failureMessage={(error) => errorMessage(error, t('apiTokens.loadFailed'))}
          isEmpty={(list) => list.length === 0}
          empty={<ListEmpty>{t('apiTokens.empty')}</ListEmpty>}
        >
          {(list) => (
            <ul
              aria-label={t('apiTokens.title')}
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
                          {t(scopeKey(token.scope))}
                        </Badge>
                      </p>
                      <p className="mt-0.5 text-sm text-neutral-600 dark:text-neutral-400">
                        {t(isExpired ? 'apiTokens.expired' : 'apiTokens.expires', {
                          date: format.dateTime(token.expiresAt, user?.timeZone),
                        })}{' '}
                        ·{' '}
                        {t('apiTokens.created', {
                          date: format.dateTime(token.createdAt, user?.timeZone),
                        })}{' '}
                        ·{' '}
                        {token.lastUsedAt
                          ? t('lastUsed', {
                              date: format.dateTime(token.lastUsedAt, user?.timeZone),
                            })
                          : t('neverUsed')}
                      </p>
                    </div>
                    <Button
                      variant="ghost-danger"
                      size="sm"
                      aria-label={t('apiTokens.revokeLabel', { name: token.name })}
                      onClick={() => setRevoking(token)}
                    >
                      {t('apiTokens.revoke')}
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
        title={t('apiTokens.revokeTitle')}
        description={(token: ApiToken) => t('apiTokens.revokeDescription', { name: token.name })}
        onDelete={(token) => revoke.mutateAsync(token._id)}
        onDeleted={(_result, token) => {
          setRevoking(null);
          toast.success(t('apiTokens.revoked', { name: token.name }));
        }}
        onClose={() => setRevoking(null)}
        failureMessage={(error) => errorMessage(error, t('apiTokens.revokeFailed'))}
        failureIn="dialog"
        focusAfterDeleting={createButtonRef}
        confirmLabel={t('apiTokens.revoke')}
        busyLabel={t('apiTokens.revoking')}
      />
    </SectionCard>
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
  const { t } = useTranslation('settings');
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
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-label={t('apiTokens.createForm')}
    >
      <h3 className="font-semibold text-neutral-900 dark:text-white">
        {t('apiTokens.createTitle')}
      </h3>
      {create.isError ? (
        <Alert>{errorMessage(create.error, t('apiTokens.createFailed'))}</Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          ref={nameRef}
          label={t('apiTokens.name')}
          name="tokenName"
          placeholder={t('apiTokens.namePlaceholder')}
          maxLength={MAX_TOKEN_NAME_LENGTH}
          autoComplete="off"
          required
          error={knownMessage(t, errors.name)}
        />
        <SelectField
          label={t('apiTokens.access')}
          name="scope"
          value={scope}
          onChange={(event) => setScope(event.target.value === 'write' ? 'write' : 'read')}
        >
          <option value="read">{t(scopeKey('read'))}</option>
          <option value="write">{t(scopeKey('write'))}</option>
        </SelectField>
        <TextField
          ref={daysRef}
          label={t('apiTokens.expiresIn')}
          name="expiresInDays"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TOKEN_DAYS}
          step={1}
          defaultValue={DEFAULT_TOKEN_DAYS}
          required
          error={knownMessage(t, errors.expiresInDays)}
        />
      </div>
      <Button ref={buttonRef} type="submit" disabled={create.isPending}>
        {create.isPending ? t('apiTokens.creating') : t('apiTokens.create')}
      </Button>
    </form>
  );
}

/** The new token's secret, this once, with a way to copy it. */
function NewTokenSecret({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const secretRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    secretRef.current?.focus();
    secretRef.current?.select();
  }, []);
  return (
    <div className="space-y-4">
      <h3 className="font-semibold text-neutral-900 dark:text-white">
        {t('apiTokens.createdTitle', { name: token.name })}
      </h3>
      <Alert tone="success">
        {t(token.scope === 'write' ? 'apiTokens.copyNowWrite' : 'apiTokens.copyNowRead')}
      </Alert>
      <div>
        <label htmlFor="new-token-secret" className="sr-only">
          {t('apiTokens.newToken')}
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
              ok ? toast.success(t('apiTokens.copied')) : toast.error(t('apiTokens.copyFailed')),
            )
          }
        >
          {t('copy')}
        </Button>
        <Button onClick={onDone}>{t('apiTokens.done')}</Button>
      </div>
    </div>
  );
}
