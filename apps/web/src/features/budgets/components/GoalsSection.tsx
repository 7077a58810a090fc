import type { Goal } from '@moneta/shared/goal-schemas';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { QueryState } from '@/components/ui/QueryState';
import { RowActions } from '@/components/ui/RowActions';
import { SectionSpinner } from '@/components/ui/Spinner';
import { useOpenedOnce } from '@/hooks/use-opened-once';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/i18n/use-format';
import { useDeleteGoal, useGoals } from '../api/goals';
import { useCanWrite } from '@/lib/households/use-can-write';

type FormState = { mode: 'add' } | { mode: 'edit'; goal: Goal } | null;

// The form, and zod with it, loads when first opened (docs/decisions.md, WEB-42).
const GoalForm = lazy(async () => ({ default: (await import('./GoalForm')).GoalForm }));

function GoalCard({
  goal,
  onEdit,
  onDelete,
}: {
  goal: Goal;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('budgets');
  const format = useFormat();
  const canWrite = useCanWrite();
  const percentText = goal.percent === null ? null : format.percent(goal.percent / 100);
  const isReached = goal.percent !== null && goal.percent >= 100;
  const width = Math.min(100, Math.max(0, goal.percent ?? 0));
  return (
    <li
      aria-label={goal.name}
      className="rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-medium break-words text-neutral-900 dark:text-white">{goal.name}</h3>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {goal.saved === null
              ? t('goals.noRate', { currency: goal.currency })
              : t('goals.savedOf', {
                  saved: format.money(goal.saved, goal.currency),
                  target: format.money(goal.targetAmount, goal.currency),
                })}
            {goal.targetDate ? t('goals.by', { date: format.date(goal.targetDate) }) : ''}
          </p>
        </div>
        {canWrite ? (
          <RowActions
            label={t('goals.actionsFor', { name: goal.name })}
            actions={[
              { label: t('goals.edit'), onSelect: onEdit },
              { label: t('goals.delete'), onSelect: onDelete, isDanger: true },
            ]}
          />
        ) : null}
      </div>
      <div className="mt-3 flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={t('goals.progressLabel', { name: goal.name })}
          aria-valuemin={0}
          aria-valuemax={Math.max(100, goal.percent ?? 0)}
          aria-valuenow={goal.percent ?? 0}
          aria-valuetext={percentText ?? t('goals.unknown')}
          className="h-2.5 flex-1 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-700"
        >
          <div
            className="h-full rounded-full bg-emerald-600 dark:bg-emerald-500"
            style={{ width: `${width}%` }}
          />
        </div>
        <span className="w-12 text-right text-sm font-medium text-neutral-800 tabular-nums dark:text-neutral-200">
          {percentText ?? '–'}
        </span>
      </div>
      <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
        {isReached ? (
          <span className="font-semibold text-emerald-700 dark:text-emerald-400">
            {t('goals.reached')}
          </span>
        ) : goal.monthlyNeeded !== null ? (
          t('goals.monthlyNeeded', { amount: format.money(goal.monthlyNeeded, goal.currency) })
        ) : goal.targetDate === null ? (
          t('goals.noTargetDate')
        ) : null}
      </p>
    </li>
  );
}

/** Savings goals (docs/api.md, Goals): what is saved, the percent, what each month needs. */
export function GoalsSection() {
  const { t } = useTranslation('budgets');
  const goalsQuery = useGoals();
  const [form, setForm] = useState<FormState>(null);
  const hasOpenedForm = useOpenedOnce(form !== null);
  const [deleting, setDeleting] = useState<Goal | null>(null);
  const deleteMutation = useDeleteGoal();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const canWrite = useCanWrite();

  return (
    <section aria-labelledby="goals-heading" className="mt-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="goals-heading" className="text-lg font-semibold text-neutral-900 dark:text-white">
          {t('goals.title')}
        </h2>
        {canWrite ? (
          <Button ref={addButtonRef} variant="secondary" onClick={() => setForm({ mode: 'add' })}>
            {t('goals.add')}
          </Button>
        ) : null}
      </div>
      <QueryState
        query={goalsQuery}
        loading={<SectionSpinner label={t('goals.loading')} />}
        failureMessage={() => t('goals.loadFailed')}
        isEmpty={(goals) => goals.length === 0}
        empty={<EmptyState title={t('goals.emptyTitle')}>{t('goals.emptyBody')}</EmptyState>}
      >
        {(goals) => (
          <ul className="grid gap-4 sm:grid-cols-2">
            {goals.map((goal) => (
              <GoalCard
                key={goal._id}
                goal={goal}
                onEdit={() => setForm({ mode: 'edit', goal })}
                onDelete={() => setDeleting(goal)}
              />
            ))}
          </ul>
        )}
      </QueryState>
      {hasOpenedForm ? (
        <Suspense fallback={null}>
          <Dialog
            isOpen={form !== null}
            onClose={() => setForm(null)}
            title={form?.mode === 'edit' ? t('goalForm.editTitle') : t('goalForm.addTitle')}
          >
            <GoalForm
              goal={form?.mode === 'edit' ? form.goal : null}
              onSaved={() => setForm(null)}
              onCancel={() => setForm(null)}
            />
          </Dialog>
        </Suspense>
      ) : null}
      <ConfirmDeleteDialog
        item={deleting}
        title={t('goals.deleteDialog.title')}
        description={(goal) => t('goals.deleteDialog.description', { name: goal.name })}
        onDelete={(goal) => deleteMutation.mutateAsync(goal._id)}
        failureMessage={(error) => errorMessage(error, t('goals.deleteDialog.failed'))}
        onClose={() => setDeleting(null)}
        onDeleted={() => setDeleting(null)}
        focusAfterDeleting={addButtonRef}
      />
    </section>
  );
}
