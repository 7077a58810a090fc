import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import type { commitPlan } from '../utils/row-choices';

/**
 * The commit button, saying what it creates, and the progress while the import runs (heard as
 * well as seen).
 */
export function ImportCommitBar({
  plan,
  isBusy,
  isBlocked,
  onSubmit,
}: {
  plan: ReturnType<typeof commitPlan>;
  /** The commit is under way. */
  isBusy: boolean;
  /** The file is being read again, or the mapping has a problem: nothing to commit yet. */
  isBlocked: boolean;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('imports');
  const toCreate = plan.transactions + plan.transfers;
  const what =
    plan.transfers > 0
      ? t('counts.transactionsAndTransfers', {
          transactions: t('counts.transactions', { count: plan.transactions }),
          transfers: t('counts.transfers', { count: plan.transfers }),
        })
      : t('counts.transactions', { count: plan.transactions });
  return (
    <div className="mt-6 flex flex-col gap-3 border-t border-neutral-200 pt-4 sm:flex-row sm:items-center sm:justify-end dark:border-neutral-800">
      {isBusy ? (
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div
            role="progressbar"
            aria-label={t('preview.importing')}
            aria-valuetext={t('preview.importingWhat', { what })}
            className="h-2 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
          >
            <div className="h-full w-1/3 animate-indeterminate rounded-full bg-emerald-600 motion-reduce:w-full motion-reduce:animate-none dark:bg-emerald-400" />
          </div>
        </div>
      ) : null}
      <p role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
        {isBusy ? t('preview.importingStatus', { what }) : ''}
      </p>
      <Button size="lg" onClick={onSubmit} disabled={isBusy || isBlocked || toCreate === 0}>
        {t('preview.submit', { what })}
      </Button>
    </div>
  );
}
