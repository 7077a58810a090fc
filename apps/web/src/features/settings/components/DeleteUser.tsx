import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useLogout } from '@/lib/auth/use-logout';
import { useDeleteUser } from '../api/delete-user';

/** The Danger Zone: deleting the user's account after an explicit confirmation, then logging out. */
export function DeleteUser() {
  const { t } = useTranslation('settings');
  const [isConfirming, setIsConfirming] = useState(false);
  const deleteMutation = useDeleteUser();
  const logout = useLogout({ endSession: false, notice: 'account-deleted' });

  function close() {
    setIsConfirming(false);
    deleteMutation.reset();
  }

  function confirm() {
    deleteMutation.mutate(undefined, {
      onSuccess: () => {
        setIsConfirming(false);
        logout();
      },
    });
  }

  return (
    <section
      aria-labelledby="danger-zone-heading"
      className="rounded-2xl border border-red-200 bg-white p-4 sm:p-6 dark:border-red-900/70 dark:bg-neutral-900"
    >
      <h2 id="danger-zone-heading" className="text-lg font-semibold text-red-700 dark:text-red-300">
        {t('dangerZone.title')}
      </h2>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {t('dangerZone.description')}
        </p>
        <Button variant="danger" className="shrink-0" onClick={() => setIsConfirming(true)}>
          {t('dangerZone.delete')}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('dangerZone.confirmTitle')}
        description={t('dangerZone.confirmDescription')}
        confirmLabel={t('dangerZone.delete')}
        busyLabel={t('dangerZone.deleting')}
        isBusy={deleteMutation.isPending}
        error={deleteMutation.isError ? t('dangerZone.failed') : null}
        onConfirm={confirm}
        onCancel={close}
      />
    </section>
  );
}
