import { useTranslation } from 'react-i18next';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { Skeleton } from '@/components/ui/Skeleton';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { useHouseholds } from '@/lib/households/get-households';
import { useIsOwner } from '@/lib/households/use-can-write';
import { HouseholdNameSection } from './HouseholdNameSection';
import { InvitationsSection } from './InvitationsSection';
import { LeaveOrDeleteSection } from './LeaveOrDeleteSection';
import { MembersSection } from './MembersSection';

/**
 * Settings → Household: the active household's name, members and their roles, invitations, and
 * leaving or deleting it. What the user's role does not allow is not offered, and said so.
 */
export function HouseholdPage() {
  const { t } = useTranslation('households');
  const { user } = useUser();
  const query = useHouseholds();
  const { active } = query;
  const isOwner = useIsOwner();

  return (
    <ContentLayout title={t('page.title')} description={t('page.description')}>
      <div className="max-w-3xl min-w-0 space-y-6">
        {query.isError ? (
          <RetryAlert
            message={errorMessage(query.error, t('page.failed'))}
            onRetry={() => void query.refetch()}
          />
        ) : !active || !user ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">{t('page.loading')}</span>
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : (
          <>
            <HouseholdNameSection household={active} />
            <MembersSection household={active} userId={user._id} />
            {isOwner ? <InvitationsSection household={active} /> : null}
            <LeaveOrDeleteSection household={active} userId={user._id} />
          </>
        )}
      </div>
    </ContentLayout>
  );
}
