import type { Recurring } from '@moneta/shared/recurring-schemas';
import { useRef, useState } from 'react';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api-client';
import { useDeleteRecurring } from '../api/delete-recurring';
import { useRecurring } from '../api/get-recurring';
import { RecurringForm } from './RecurringForm';
import { RecurringTable } from './RecurringTable';

type FormState = { mode: 'add' } | { mode: 'edit'; recurring: Recurring } | null;

/** Rules that record a transaction every day, week, month or year (SPEC §2, issue 4). */
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
      {recurringQuery.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading recurring transactions…" />
        </div>
      ) : recurringQuery.isError ? (
        <Alert>
          <p>Could not load the recurring transactions. Please try again.</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => void recurringQuery.refetch()}
          >
            Try again
          </Button>
        </Alert>
      ) : recurringQuery.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-neutral-300 bg-white px-6 py-12 text-center dark:border-neutral-700 dark:bg-neutral-900">
          <p className="font-medium text-neutral-900 dark:text-white">No recurring transactions.</p>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
            Add rent, a salary or a subscription once and it is recorded every time it falls due.
          </p>
        </div>
      ) : (
        <RecurringTable
          recurringRules={recurringQuery.data}
          onEdit={(recurring) => setForm({ mode: 'edit', recurring })}
          onDelete={setDeleting}
        />
      )}
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
