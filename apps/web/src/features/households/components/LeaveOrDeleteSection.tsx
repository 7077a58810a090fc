import type { Household } from '@moneta/shared/household-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHouseholdName } from '@/lib/households/household-name';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useIsOwner } from '@/lib/households/use-can-write';
import { toast } from '@/lib/toast';
import { useDeleteHousehold } from '../api/households';
import { useLeaveHousehold } from '../api/members';
import { SectionCard } from '@/components/ui/SectionCard';

type LeaveOrDeleteSectionProps = { household: Household; userId: string };

/** Leaving the household (anyone), and deleting it with all of its data (an owner). */
export function LeaveOrDeleteSection({ household, userId }: LeaveOrDeleteSectionProps) {
  const { t } = useTranslation('households');
  const nameOf = useHouseholdName();
  const navigate = useNavigate();
  const leave = useLeaveHousehold(household._id, userId);
  const remove = useDeleteHousehold();
  const isOwner = useIsOwner();
  const [asking, setAsking] = useState<'leave' | 'delete' | null>(null);
  const action = asking === 'delete' ? remove : leave;

  function close() {
    leave.reset();
    remove.reset();
    setAsking(null);
  }

  function confirm() {
    const done = (message: string) => {
      toast.success(message);
      setAsking(null);
      void navigate(paths.dashboard);
    };
    if (asking === 'delete') {
      remove.mutate(household._id, {
        onSuccess: () => done(t('leave.deleted', { name: nameOf(household) })),
      });
    } else {
      leave.mutate(undefined, {
        onSuccess: () => done(t('leave.left', { name: nameOf(household) })),
      });
    }
  }

  return (
    <SectionCard title={t('leave.title')}>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setAsking('leave')}>
          {t('leave.leave')}
        </Button>
        {isOwner ? (
          <Button variant="danger" onClick={() => setAsking('delete')}>
            {t('leave.delete')}
          </Button>
        ) : null}
      </div>
      {!isOwner ? (
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          {t('leave.deleteOwnerOnly')}
        </p>
      ) : null}
      <ConfirmDialog
        isOpen={asking !== null}
        title={asking === 'delete' ? t('leave.deleteTitle') : t('leave.leaveTitle')}
        description={
          asking === 'delete'
            ? t('leave.deleteText', { name: nameOf(household) })
            : t('leave.leaveText', { name: nameOf(household) })
        }
        confirmLabel={asking === 'delete' ? t('leave.delete') : t('leave.leave')}
        busyLabel={t('leave.busy')}
        isBusy={action.isPending}
        error={action.isError ? errorMessage(action.error, t('leave.failed')) : null}
        onConfirm={confirm}
        onCancel={close}
      />
    </SectionCard>
  );
}
