import type { Goal } from '@moneta/shared/goal-schemas';
import { formatMoney } from '@moneta/shared/money';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { QueryState } from '@/components/ui/QueryState';
import { RowActions } from '@/components/ui/RowActions';
import { SectionSpinner } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api-client';
import { useDeleteGoal, useGoals } from '../api/goals';
import { GoalForm } from './GoalForm';

type FormState = { mode: 'add' } | { mode: 'edit'; goal: Goal } | null;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "Mar 31, 2027" for a calendar date. */
function formatDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}

function GoalCard({
  goal,
  onEdit,
  onDelete,
}: {
  goal: Goal;
  onEdit: () => void;
  onDelete: () => void;
}) {
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
              ? `No rate to show what is saved in ${goal.currency}`
              : `${formatMoney(goal.saved, goal.currency)} of ${formatMoney(goal.targetAmount, goal.currency)}`}
            {goal.targetDate ? ` · by ${formatDate(goal.targetDate)}` : ''}
          </p>
        </div>
        <RowActions
          label={`Actions for the ${goal.name} goal`}
          actions={[
            { label: 'Edit', onSelect: onEdit },
            { label: 'Delete', onSelect: onDelete, isDanger: true },
          ]}
        />
      </div>
      <div className="mt-3 flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={`${goal.name} saved`}
          aria-valuemin={0}
          aria-valuemax={Math.max(100, goal.percent ?? 0)}
          aria-valuenow={goal.percent ?? 0}
          aria-valuetext={goal.percent === null ? 'unknown' : `${goal.percent}%`}
          className="h-2.5 flex-1 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-700"
        >
          <div
            className="h-full rounded-full bg-emerald-600 dark:bg-emerald-500"
            style={{ width: `${width}%` }}
          />
        </div>
        <span className="w-12 text-right text-sm font-medium text-neutral-800 tabular-nums dark:text-neutral-200">
          {goal.percent === null ? '–' : `${goal.percent}%`}
        </span>
      </div>
      <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
        {isReached ? (
          <span className="font-semibold text-emerald-700 dark:text-emerald-400">Goal reached</span>
        ) : goal.monthlyNeeded !== null ? (
          `${formatMoney(goal.monthlyNeeded, goal.currency)} a month to reach it in time`
        ) : goal.targetDate === null ? (
          'No target date'
        ) : null}
      </p>
    </li>
  );
}

/** Savings goals (DESIGN §6.7): what is saved, the percent, what each month needs. */
export function GoalsSection() {
  const goalsQuery = useGoals();
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<Goal | null>(null);
  const deleteMutation = useDeleteGoal();
  const addButtonRef = useRef<HTMLButtonElement>(null);

  return (
    <section aria-labelledby="goals-heading" className="mt-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="goals-heading" className="text-lg font-semibold text-neutral-900 dark:text-white">
          Goals
        </h2>
        <Button ref={addButtonRef} variant="secondary" onClick={() => setForm({ mode: 'add' })}>
          Add Goal
        </Button>
      </div>
      <QueryState
        query={goalsQuery}
        loading={<SectionSpinner label="Loading goals…" />}
        failureMessage={() => 'Could not load the goals. Please try again.'}
        isEmpty={(goals) => goals.length === 0}
        empty={
          <EmptyState title="No goals yet.">
            Save towards something: a trip, a cushion, a new bike.
          </EmptyState>
        }
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
      <Dialog
        isOpen={form !== null}
        onClose={() => setForm(null)}
        title={form?.mode === 'edit' ? 'Edit Goal' : 'Add Goal'}
      >
        <GoalForm
          goal={form?.mode === 'edit' ? form.goal : null}
          onSaved={() => setForm(null)}
          onCancel={() => setForm(null)}
        />
      </Dialog>
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete goal?"
        description={(goal) =>
          `The goal ${goal.name} will be deleted. Your accounts and their money stay as they are.`
        }
        onDelete={(goal) => deleteMutation.mutateAsync(goal._id)}
        failureMessage={(error) =>
          errorMessage(error, 'Could not delete the goal. Please try again.')
        }
        onClose={() => setDeleting(null)}
        onDeleted={() => setDeleting(null)}
        focusAfterDeleting={addButtonRef}
      />
    </section>
  );
}
