import type { Budget } from '@moneta/shared/budget-schemas';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { QueryState } from '@/components/ui/QueryState';
import { SectionSpinner } from '@/components/ui/Spinner';
import { useOpenedOnce } from '@/hooks/use-opened-once';
import { useQueuedSearchParams } from '@/hooks/use-queued-search-params';
import { errorMessage } from '@/lib/api-client';
import { useToday } from '@/lib/auth/use-today';
import { useFormat } from '@/lib/i18n/use-format';
import { useCopyBudgets } from '../api/copy-budgets';
import { useDeleteBudget } from '../api/delete-budget';
import { useBudgetSummary } from '../api/get-budget-summary';
import { useBudgets } from '../api/get-budgets';
import {
  budgetMonthOf,
  formatBudgetMonth,
  parseMonthValue,
  previousBudgetMonth,
  toMonthValue,
} from '../utils/budget-month';
import { BudgetTotals } from './BudgetTotals';
import { GoalsSection } from './GoalsSection';
import { BudgetsTable } from './BudgetsTable';
import { MonthPicker, type MonthChange } from './MonthPicker';
import { useCanWrite } from '@/lib/households/use-can-write';

type FormState = { mode: 'add' } | { mode: 'edit'; budget: Budget } | null;

// The form, and zod with it, loads when first opened (docs/decisions.md, WEB-42).
const BudgetForm = lazy(async () => ({ default: (await import('./BudgetForm')).BudgetForm }));

/**
 * Monthly budgets per expense category with what has been spent (docs/architecture.md, Product
 * rules).
 */
export function BudgetsPage() {
  const { t } = useTranslation('budgets');
  const format = useFormat();
  const [searchParams, updateSearchParams] = useQueuedSearchParams();
  const today = useToday();
  const currentMonth = budgetMonthOf(today);
  const viewed = parseMonthValue(searchParams.get('month')) ?? currentMonth;
  const budgetsQuery = useBudgets(viewed);
  const summaryQuery = useBudgetSummary(viewed);
  const copyMutation = useCopyBudgets();
  const [form, setForm] = useState<FormState>(null);
  const hasOpenedForm = useOpenedOnce(form !== null);
  const [deleting, setDeleting] = useState<Budget | null>(null);
  const deleteMutation = useDeleteBudget();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const monthName = format.monthYear(viewed.year, viewed.month);
  const canWrite = useCanWrite();

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
            t('page.copied', { count: created, month: format.monthYear(from.year, from.month) }),
          ),
        onError: (error) => toast.error(errorMessage(error, t('page.copyFailed'))),
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
      title={t('page.title')}
      description={t('page.description')}
      actions={
        canWrite ? (
          <Button ref={addButtonRef} onClick={() => setForm({ mode: 'add' })}>
            {t('page.add')}
          </Button>
        ) : null
      }
    >
      <div className="mb-6">
        <MonthPicker value={viewed} currentMonth={currentMonth} onChange={view} />
      </div>
      <QueryState
        query={budgetsQuery}
        loading={<SectionSpinner label={t('page.loading')} />}
        failureMessage={() => t('page.loadFailed')}
        isEmpty={(budgets) => budgets.length === 0}
        empty={
          <EmptyState title={t('page.emptyTitle')}>
            {t('page.emptyBody', { month: monthName })}
            {canWrite ? (
              <span className="mt-4 block">
                <Button
                  variant="secondary"
                  onClick={copyLastMonth}
                  disabled={copyMutation.isPending}
                >
                  {copyMutation.isPending ? t('page.copying') : t('page.copyLastMonth')}
                </Button>
              </span>
            ) : null}
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
              caption={t('table.caption', { month: monthName })}
              onEdit={(budget) => setForm({ mode: 'edit', budget })}
              onDelete={setDeleting}
            />
          </>
        )}
      </QueryState>
      <GoalsSection />
      {hasOpenedForm ? (
        <Suspense fallback={null}>
          <Dialog
            isOpen={form !== null}
            onClose={() => setForm(null)}
            title={form?.mode === 'edit' ? t('form.editTitle') : t('form.addTitle')}
          >
            <BudgetForm
              budget={form?.mode === 'edit' ? form.budget : null}
              defaultMonth={viewed}
              onSaved={onSaved}
              onCancel={() => setForm(null)}
            />
          </Dialog>
        </Suspense>
      ) : null}
      <ConfirmDeleteDialog
        item={deleting}
        title={t('deleteDialog.title')}
        description={(budget) =>
          budget.repeatedFrom
            ? t('deleteDialog.repeated', {
                category: budget.category,
                from: format.monthYear(budget.repeatedFrom.year, budget.repeatedFrom.month),
                month: format.monthYear(budget.year, budget.month),
              })
            : t(budget.repeat ? 'deleteDialog.repeating' : 'deleteDialog.single', {
                category: budget.category,
                month: formatBudgetMonth(budget),
              })
        }
        onDelete={(budget) =>
          deleteMutation.mutateAsync({
            budgetId: budget._id,
            from: budget.repeatedFrom ? { month: budget.month, year: budget.year } : undefined,
          })
        }
        failureMessage={(error) => errorMessage(error, t('deleteDialog.failed'))}
        onClose={() => setDeleting(null)}
        onDeleted={() => setDeleting(null)}
        focusAfterDeleting={addButtonRef}
      />
    </ContentLayout>
  );
}
