import type { Recurring } from '@moneta/shared/recurring-schemas';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { useCanWrite } from '@/lib/households/use-can-write';

type FormState = { mode: 'add' } | { mode: 'edit'; recurring: Recurring } | null;

/**
 * Rules that record a transaction every day, week, month or year (docs/architecture.md, Product
 * rules).
 */
export function RecurringTransactionsPage() {
  const { t } = useTranslation('recurring-transactions');
  const recurringQuery = useRecurring();
  const [form, setForm] = useState<FormState>(null);
  const [deleting, setDeleting] = useState<Recurring | null>(null);
  const deleteMutation = useDeleteRecurring();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const canWrite = useCanWrite();

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
      <QueryState
        query={recurringQuery}
        loading={<SectionSpinner label={t('page.loading')} />}
        failureMessage={() => t('page.loadFailed')}
        isEmpty={(rules) => rules.length === 0}
        empty={<EmptyState title={t('page.emptyTitle')}>{t('page.emptyBody')}</EmptyState>}
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
        title={form?.mode === 'edit' ? t('dialog.editTitle') : t('dialog.addTitle')}
      >
        <RecurringForm
          recurring={form?.mode === 'edit' ? form.recurring : null}
          onSaved={() => setForm(null)}
          onCancel={() => setForm(null)}
        />
      </Dialog>
      <ConfirmDeleteDialog
        item={deleting}
        title={t('deleteDialog.title')}
        description={(recurring) => t('deleteDialog.description', { name: recurring.name })}
        onDelete={(recurring) => deleteMutation.mutateAsync(recurring._id)}
        failureMessage={(error) => errorMessage(error, t('deleteDialog.failed'))}
        onClose={() => setDeleting(null)}
        onDeleted={() => setDeleting(null)}
        focusAfterDeleting={addButtonRef}
      />
    </ContentLayout>
  );
}
