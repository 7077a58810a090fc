import type { Budget } from '@moneta/shared/budget-schemas';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { QueryState } from '@/components/ui/QueryState';
import { SectionSpinner } from '@/components/ui/Spinner';
import { useQueuedSearchParams } from '@/hooks/use-queued-search-params';
import { errorMessage } from '@/lib/api-client';
import { useToday } from '@/lib/auth/use-today';
import { useCopyBudgets } from '../api/copy-budgets';
import { useDeleteBudget } from '../api/delete-budget';
import { useBudgetSummary } from '../api/get-budget-summary';
import { useBudgets } from '../api/get-budgets';
import {
  budgetMonthName,
  budgetMonthOf,
  formatBudgetMonth,
  parseMonthValue,
  previousBudgetMonth,
  toMonthValue,
} from '../utils/budget-month';
import { BudgetForm } from './BudgetForm';
import { BudgetTotals } from './BudgetTotals';
import { GoalsSection } from './GoalsSection';
import { BudgetsTable } from './BudgetsTable';
import { MonthPicker, type MonthChange } from './MonthPicker';

type FormState = { mode: 'add' } | { mode: 'edit'; budget: Budget } | null;

/**
 * Monthly budgets per expense category with what has been spent (docs/architecture.md, Product
 * rules, issue 4).
 */
export function BudgetsPage() {
  const [searchParams, updateSearchParams] = useQueuedSearchParams();
  const today = useToday();
  const currentMonth = budgetMonthOf(today);
  const viewed = parseMonthValue(searchParams.get('month')) ?? currentMonth;
  const budgetsQuery = useBudgets(viewed);
  const summaryQuery = useBudgetSummary(viewed);
  const copyMutation = useCopyBudgets();
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<Budget | null>(null);
  const deleteMutation = useDeleteBudget();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const monthName = budgetMonthName(viewed);

  // A step (Previous, Next) counts from the month last asked for, even before it is shown: two
  // quick clicks go back two months.
  function view(change: MonthChange) {
    updateSearchParams(
      (params) => {
        const shown = parseMonthValue(params.get('month')) ?? currentMonth;
        params.set('month', toMonthValue(typeof change === 'function' ? change(shown) : change));
      },
      { replace: true },
    );
  }

  function copyLastMonth() {
    const from = previousBudgetMonth(viewed);
    copyMutation.mutate(
      { fromMonth: from.month, fromYear: from.year, toMonth: viewed.month, toYear: viewed.year },
      {
        onSuccess: ({ created }) =>
          toast.success(
            `Copied ${created} ${created === 1 ? 'budget' : 'budgets'} from ${budgetMonthName(from)}.`,
          ),
        onError: (error) =>
          toast.error(errorMessage(error, 'Could not copy the budgets. Please try again.')),
      },
    );
  }

  function onSaved(budget: Budget) {
    setForm(null);
    // Show the month the budget belongs to, which may not be the one on screen.
    view({ year: budget.year, month: budget.month });
  }

  return (
    <ContentLayout
      title="Budgets"
      description="Set a monthly limit per expense category and see how much of it is spent."
      actions={
        <Button ref={addButtonRef} onClick={() => setForm({ mode: 'add' })}>
          Add Budget
        </Button>
      }
    >
      <div className="mb-6">
        <MonthPicker value={viewed} currentMonth={currentMonth} onChange={view} />
      </div>
      <QueryState
        query={budgetsQuery}
        loading={<SectionSpinner label="Loading budgets…" />}
        failureMessage={() => 'Could not load the budgets. Please try again.'}
        isEmpty={(budgets) => budgets.length === 0}
        empty={
          <EmptyState title="No budgets found.">
            {`There are no budgets for ${monthName} yet.`}
            <span className="mt-4 block">
              <Button variant="secondary" onClick={copyLastMonth} disabled={copyMutation.isPending}>
                {copyMutation.isPending ? 'Copying…' : 'Copy last month'}
              </Button>
            </span>
          </EmptyState>
        }
      >
        {(budgets) => (
          <>
            {summaryQuery.data ? (
              <BudgetTotals summary={summaryQuery.data} monthName={monthName} />
            ) : null}
            <BudgetsTable
              budgets={budgets}
              caption={`Budgets for ${monthName}`}
              onEdit={(budget) => setForm({ mode: 'edit', budget })}
              onDelete={setDeleting}
            />
          </>
        )}
      </QueryState>
      <GoalsSection />
      <Dialog
        isOpen={form !== null}
        onClose={() => setForm(null)}
        title={form?.mode === 'edit' ? 'Edit Budget' : 'Add Budget'}
      >
        <BudgetForm
          budget={form?.mode === 'edit' ? form.budget : null}
          defaultMonth={viewed}
          onSaved={onSaved}
          onCancel={() => setForm(null)}
        />
      </Dialog>
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete budget?"
        description={(budget) =>
          budget.repeatedFrom
            ? `The ${budget.category} budget of ${budgetMonthName(budget.repeatedFrom)} will stop repeating from ${budgetMonthName(budget)} on. Earlier months keep it, and your transactions stay as they are.`
            : budget.repeat
              ? `The ${budget.category} budget for ${formatBudgetMonth(budget)} will be deleted, with the later months it repeats into. Your transactions stay as they are.`
              : `The ${budget.category} budget for ${formatBudgetMonth(budget)} will be deleted. Your transactions stay as they are.`
        }
        onDelete={(budget) =>
          deleteMutation.mutateAsync({
            budgetId: budget._id,
            from: budget.repeatedFrom ? { month: budget.month, year: budget.year } : undefined,
          })
        }
        failureMessage={(error) =>
          errorMessage(error, 'Could not delete the budget. Please try again.')
        }
        onClose={() => setDeleting(null)}
        onDeleted={() => setDeleting(null)}
        focusAfterDeleting={addButtonRef}
      />
    </ContentLayout>
  );
}
