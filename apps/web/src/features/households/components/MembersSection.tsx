import {
  HOUSEHOLD_ROLES,
  type Household,
  type HouseholdMember,
  type HouseholdRole,
} from '@moneta/shared/household-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { QueryState } from '@/components/ui/QueryState';
import { Skeleton } from '@/components/ui/Skeleton';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useMembers } from '@/lib/households/get-members';
import { useIsOwner } from '@/lib/households/use-can-write';
import { useRemoveMember, useSetMemberRole } from '../api/members';
import { RoleHint } from './RoleHint';
import { SectionCard } from '@/components/ui/SectionCard';

type MembersSectionProps = { household: Household; userId: string };

/** Who belongs to the household and with which role; its owners change roles and remove. */
export function MembersSection({ household, userId }: MembersSectionProps) {
  const { t } = useTranslation('households');
  const members = useMembers(household._id);
  const isOwner = useIsOwner();
  const setRole = useSetMemberRole(household._id);
  const remove = useRemoveMember(household._id);
  const [removing, setRemoving] = useState<HouseholdMember | null>(null);
  const failure = setRole.error ?? null;

  function changeRole(member: HouseholdMember, role: HouseholdRole) {
    setRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () =>
          toast.success(
            t('members.roleChanged', { email: member.email, role: t(`roles.${role}`) }),
          ),
      },
    );
  }

  return (
    <SectionCard title={t('members.title')}>
      <QueryState
        query={members}
        loading={
          <div role="status" className="space-y-2">
            <span className="sr-only">{t('members.loading')}</span>
            <Skeleton className="h-12 w-full" />
          </div>
        }
        failureMessage={(error) => errorMessage(error, t('members.failed'))}
      >
        {(list) => (
          <ul
            aria-label={t('members.title')}
            className="divide-y divide-neutral-200 dark:divide-neutral-800"
          >
            {list.map((member) => (
              <li key={member.userId} className="flex flex-wrap items-center gap-3 py-3">
                <span className="min-w-0 flex-1 break-all text-neutral-900 dark:text-white">
                  {member.email}
                  {member.userId === userId ? (
                    <span className="ml-2 text-sm text-neutral-500">{t('members.you')}</span>
                  ) : null}
                </span>
                {isOwner ? (
                  <label className="flex items-center gap-2 text-sm">
                    <span className="sr-only">{t('members.roleOf', { email: member.email })}</span>
                    <select
                      value={member.role}
                      disabled={setRole.isPending}
                      onChange={(event) => changeRole(member, event.target.value as HouseholdRole)}
                      className="rounded-lg border border-neutral-300 bg-white px-2 py-1.5 text-sm dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
                    >
                      {HOUSEHOLD_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {t(`roles.${role}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : (
                  <Badge tone={member.role === 'owner' ? 'violet' : 'neutral'}>
                    {t(`roles.${member.role}`)}
                  </Badge>
                )}
                {isOwner && member.userId !== userId ? (
                  <Button
                    variant="ghost-danger"
                    size="sm"
                    aria-label={t('members.removeOne', { email: member.email })}
                    onClick={() => setRemoving(member)}
                  >
                    {t('members.remove')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {!isOwner ? <RoleHint>{t('members.ownerOnly')}</RoleHint> : null}
      {failure ? (
        <Alert className="mt-3">{errorMessage(failure, t('members.roleFailed'))}</Alert>
      ) : null}
      <ConfirmDialog
        isOpen={removing !== null}
        title={t('members.removeTitle')}
        description={t('members.removeText', { email: removing?.email ?? '' })}
        confirmLabel={t('members.remove')}
        busyLabel={t('members.removing')}
        isBusy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('members.removeFailed')) : null}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.userId, {
            onSuccess: () => {
              toast.success(t('members.removed', { email: removing.email }));
              setRemoving(null);
            },
          })
        }
        onCancel={() => {
          remove.reset();
          setRemoving(null);
        }}
      />
    </SectionCard>
  );
}
