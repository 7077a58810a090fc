import type { Recurring } from '@moneta/shared';
import { useEffect, useRef, useState } from 'react';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { useRecurring } from '../api/get-recurring';
import { DeleteRecurringDialog } from './DeleteRecurringDialog';
import { RecurringForm } from './RecurringForm';
import { RecurringTable } from './RecurringTable';

type FormState = { mode: 'add' } | { mode: 'edit'; recurring: Recurring } | null;

/** Rules that record a transaction every day, week, month or year (SPEC §2, issue 4). */
export function RecurringTransactionsPage() {
  const recurringQuery = useRecurring();
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<Recurring | null>(null);
  const shouldFocusAddRef = useRef(false);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  // After a deletion the row's button is gone: focus goes to a control that stays.
  // (This runs after the dialog has handed focus back, to the removed button.)
  useEffect(() => {
    if (deleting !== null || !shouldFocusAddRef.current) return;
    shouldFocusAddRef.current = false;
    addButtonRef.current?.focus();
  }, [deleting]);

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
          rules={recurringQuery.data}
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
      <DeleteRecurringDialog
        recurring={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          shouldFocusAddRef.current = true;
          setDeleting(null);
        }}
      />
    </ContentLayout>
  );
}
