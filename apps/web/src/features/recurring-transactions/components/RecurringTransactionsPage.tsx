import type { Recurring } from '@moneta/shared/recurring-schemas';
import { useRef, useState } from 'react';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { QueryState } from '@/components/ui/QueryState';
import { SectionSpinner } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api-client';
import { useDeleteRecurring } from '../api/delete-recurring';
import { useRecurring } from '../api/get-recurring';
import { RecurringForm } from './RecurringForm';
import { RecurringTable } from './RecurringTable';

type FormState = { mode: 'add' } | { mode: 'edit'; recurring: Recurring } | null;

/**
 * Rules that record a transaction every day, week, month or year (docs/architecture.md, Product
 * rules, issue 4).
 */
export function RecurringTransactionsPage() {
  const recurringQuery = useRecurring();
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<Recurring | null>(null);
  const deleteMutation = useDeleteRecurring();
  const addButtonRef = useRef<HTMLButtonElement>(null);

  return (
    <ContentLayout
      title="Recurring Transactions"
      description="Income and expenses that repeat are recorded for you when they fall due."
      actions={
        <Button ref={addButtonRef} onClick={() => setForm({ mode: 'add' })}>
          Add Recurring
        </Button>
      }
    >
      <QueryState
        query={recurringQuery}
        loading={<SectionSpinner label="Loading recurring transactions…" />}
        failureMessage={() => 'Could not load the recurring transactions. Please try again.'}
        isEmpty={(rules) => rules.length === 0}
        empty={
          <EmptyState title="No recurring transactions.">
            Add rent, a salary or a subscription once and it is recorded every time it falls due.
          </EmptyState>
        }
      >
        {(recurringRules) => (
          <RecurringTable
            recurringRules={recurringRules}
            onEdit={(recurring) => setForm({ mode: 'edit', recurring })}
            onDelete={setDeleting}
          />
        )}
      </QueryState>
      <Dialog
        isOpen={form !== null}
        onClose={() => setForm(null)}
        title={form?.mode === 'edit' ? 'Edit Recurring Transaction' : 'Add Recurring Transaction'}
      >
        <RecurringForm
          recurring={form?.mode === 'edit' ? form.recurring : null}
          onSaved={() => setForm(null)}
          onCancel={() => setForm(null)}
        />
      </Dialog>
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete recurring transaction?"
        description={(recurring) =>
          `“${recurring.name}” will no longer be recorded. The transactions it already created are kept.`
        }
        onDelete={(recurring) => deleteMutation.mutateAsync(recurring._id)}
        failureMessage={(error) =>
          errorMessage(error, 'Could not delete the recurring transaction. Please try again.')
        }
        onClose={() => setDeleting(null)}
        onDeleted={() => setDeleting(null)}
        focusAfterDeleting={addButtonRef}
      />
    </ContentLayout>
  );
}
