import type {
  CreatedInvitation,
  Household,
  HouseholdRole,
  Invitation,
} from '@moneta/shared/household-schemas';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { QueryState } from '@/components/ui/QueryState';
import { SelectField } from '@/components/ui/SelectField';
import { Skeleton } from '@/components/ui/Skeleton';
import { TextField } from '@/components/ui/TextField';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/i18n/use-format';
import { toast } from '@/lib/toast';
import { useCreateInvitation, useInvitations, useRevokeInvitation } from '../api/invitations';
import { SectionCard } from '@/components/ui/SectionCard';

const INVITED_ROLES: readonly HouseholdRole[] = ['editor', 'viewer', 'owner'];

/** Where an invitation stands: waiting, used, revoked or expired. */
function stateOf(invitation: Invitation, now: number) {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.revokedAt) return 'revoked';
  return Date.parse(invitation.expiresAt) <= now ? 'expired' : 'open';
}

/** The link made just now, shown this once with a Copy button. */
function NewLink({ invitation }: { invitation: CreatedInvitation }) {
  const { t } = useTranslation('households');
  const link = new URL(invitation.url, window.location.origin).href;
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('invitations.copied'));
    } catch {
      toast.error(t('invitations.copyFailed'));
    }
  }
  return (
    <Alert tone="success" className="mt-4">
      <p>{t('invitations.shownOnce')}</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          readOnly
          aria-label={t('invitations.link')}
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-neutral-300 bg-white px-2 py-1.5 font-mono text-xs text-neutral-900 dark:border-neutral-700 dark:bg-neutral-950 dark:text-neutral-100"
        />
        <Button size="sm" variant="secondary" onClick={() => void copy()}>
          {t('invitations.copy')}
        </Button>
      </div>
    </Alert>
  );
}

/** The owner's invitations: make one (a role, optionally bound to an e-mail), list, revoke. */
export function InvitationsSection({ household }: { household: Household }) {
  const { t } = useTranslation('households');
  const format = useFormat();
  const invitations = useInvitations(household._id, true);
  const create = useCreateInvitation(household._id);
  const revoke = useRevokeInvitation(household._id);
  const [role, setRole] = useState<HouseholdRole>('editor');
  const [email, setEmail] = useState('');
  // Expired or not as of the page's opening: good enough for a list checked at a glance.
  const [now] = useState(() => Date.now());

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ role, email: email.trim() === '' ? null : email.trim() });
  }

  return (
    <SectionCard title={t('invitations.title')} description={t('invitations.description')}>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
        <SelectField
          label={t('invitations.role')}
          value={role}
          onChange={(event) => setRole(event.target.value as HouseholdRole)}
        >
          {INVITED_ROLES.map((one) => (
            <option key={one} value={one}>
              {t(`roles.${one}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('invitations.email')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('invitations.busy') : t('invitations.create')}
        </Button>
      </form>
      {create.isError ? (
        <Alert className="mt-3">{errorMessage(create.error, t('invitations.failed'))}</Alert>
      ) : null}
      {create.data ? <NewLink invitation={create.data} /> : null}
      <QueryState
        query={invitations}
        loading={
          <div role="status" className="mt-4">
            <span className="sr-only">{t('invitations.loading')}</span>
            <Skeleton className="h-10 w-full" />
          </div>
        }
        failureMessage={(error) => errorMessage(error, t('invitations.listFailed'))}
        failureClassName="mt-4"
        isEmpty={(list) => list.length === 0}
        empty={
          <p className="mt-4 text-sm text-neutral-600 dark:text-neutral-400">
            {t('invitations.none')}
          </p>
        }
      >
        {(list) => (
          <ul
            aria-label={t('invitations.list')}
            className="mt-4 divide-y divide-neutral-200 dark:divide-neutral-800"
          >
            {list.map((invitation) => {
              const state = stateOf(invitation, now);
              return (
                <li key={invitation._id} className="flex flex-wrap items-center gap-3 py-3 text-sm">
                  <span className="min-w-0 flex-1 break-all text-neutral-900 dark:text-white">
                    {invitation.email ?? t('invitations.anyone')}
                    <span className="ml-2 text-neutral-500">{t(`roles.${invitation.role}`)}</span>
                  </span>
                  <span className="text-neutral-600 dark:text-neutral-400">
                    {t(`invitations.state.${state}`, {
                      date: format.date(invitation.expiresAt.slice(0, 10)),
                    })}
                  </span>
                  {state === 'open' ? (
                    <Button
                      size="sm"
                      variant="ghost-danger"
                      disabled={revoke.isPending}
                      onClick={() =>
                        revoke.mutate(invitation._id, {
                          onSuccess: () => toast.success(t('invitations.revoked')),
                        })
                      }
                    >
                      {t('invitations.revoke')}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      {revoke.isError ? (
        <Alert className="mt-3">{errorMessage(revoke.error, t('invitations.revokeFailed'))}</Alert>
      ) : null}
    </SectionCard>
  );
}
