import { FALLBACK_CATEGORY, isBuiltInCategory } from '@moneta/shared/categories';
import { MAX_CATEGORY_LENGTH } from '@moneta/shared/limits';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/Alert';
import { TrashIcon } from '@/components/ui/action-icons';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { Dialog } from '@/components/ui/Dialog';
import { SelectField } from '@/components/ui/SelectField';
import { Spinner } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { errorMessage } from '@/lib/api-client';
import { useCreateCategory } from '@/lib/categories/create-category';
import { useDeleteCategory } from '@/lib/categories/delete-category';
import { useCategories } from '@/lib/categories/get-categories';

const DELETE_FAILED = 'Failed to delete the category. Please try again.';

/**
 * The user's own expense and income categories (the lists minus the built-ins): a new one can be
 * added here before any transaction uses it, and each can be deleted.
 */
export function ManageCategoriesDialog({
  isOpen,
  onClose,
}: {
  isOpen: boolean;
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const expense = useCategories('expense');
  const income = useCategories('income');
  const deleteMutation = useDeleteCategory();
  const [toDelete, setToDelete] = useState<string | null>(null);

  const customExpense = (expense.data ?? []).filter((name) => !isBuiltInCategory(name, false));
  const customIncome = (income.data ?? []).filter((name) => !isBuiltInCategory(name, true));
  const isLoading = expense.isPending || income.isPending;
  const loadError = expense.error ?? income.error;
  const isEmpty = customExpense.length === 0 && customIncome.length === 0;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Manage Custom Categories"
      initialFocusRef={closeRef}
    >
      <div className="mt-4">
        {isLoading ? (
          <Spinner label="Loading categories…" />
        ) : loadError ? (
          <Alert>{errorMessage(loadError, 'Failed to load categories. Please try again.')}</Alert>
        ) : isEmpty ? (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            You haven&apos;t added any custom categories yet.
          </p>
        ) : (
          <div className="space-y-5">
            <CategoryList title="Expense categories" names={customExpense} onDelete={setToDelete} />
            <CategoryList title="Income categories" names={customIncome} onDelete={setToDelete} />
          </div>
        )}
      </div>
      <AddCategoryForm />
      <div className="mt-6 flex justify-end">
        <Button ref={closeRef} variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      <ConfirmDeleteDialog
        item={toDelete}
        title={(name) => `Delete the category "${name}"?`}
        description={`Its transactions will move to ${FALLBACK_CATEGORY}. This cannot be undone.`}
        onDelete={(name) => deleteMutation.mutateAsync(name)}
        onDeleted={({ movedCount }, name) => {
          setToDelete(null);
          toast.success(
            `Category "${name}" deleted. ${movedCount} transaction${movedCount === 1 ? '' : 's'} moved to ${FALLBACK_CATEGORY}.`,
          );
        }}
        onClose={() => setToDelete(null)}
        failureMessage={(error) => errorMessage(error, DELETE_FAILED)}
        failureIn="dialog"
      />
    </Dialog>
  );
}

function CategoryList({
  title,
  names,
  onDelete,
}: {
  title: string;
  names: string[];
  onDelete: (name: string) => void;
}) {
  if (names.length === 0) return null;
  return (
    <section>
      <h3 className="text-sm font-semibold text-neutral-800 dark:text-neutral-200">{title}</h3>
      <ul className="mt-2 divide-y divide-neutral-200 rounded-lg border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
        {names.map((name) => (
          <li key={name} className="flex items-center justify-between gap-3 px-3 py-2">
            <span className="min-w-0 truncate text-sm text-neutral-900 dark:text-neutral-100">
              {name}
            </span>
            <Button variant="ghost-danger" size="sm" onClick={() => onDelete(name)}>
              <TrashIcon />
              Delete<span className="sr-only"> {name}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

const ADD_FAILED = 'Failed to add the category. Please try again.';

/** A name and its kind; the server says when the name is a built-in or taken already. */
function AddCategoryForm() {
  const createMutation = useCreateCategory();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'expense' | 'income'>('expense');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Please enter a name for the category.');
      return;
    }
    setError(null);
    createMutation.mutate(
      { name: trimmed, isIncome: kind === 'income' },
      {
        onSuccess: (created) => {
          setName('');
          toast.success(`Category "${created.name}" added.`);
        },
        onError: (failure) => setError(errorMessage(failure, ADD_FAILED)),
      },
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Add a category"
      className="mt-6 border-t border-neutral-200 pt-4 dark:border-neutral-800"
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <TextField
          label="New category"
          autoComplete="off"
          maxLength={MAX_CATEGORY_LENGTH}
          value={name}
          error={error ?? undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField
          label="Kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as 'expense' | 'income')}
        >
          <option value="expense">Expense</option>
          <option value="income">Income</option>
        </SelectField>
      </div>
      <div className="mt-3 flex justify-end">
        <Button type="submit" disabled={createMutation.isPending}>
          {createMutation.isPending ? 'Adding...' : 'Add Category'}
        </Button>
      </div>
    </form>
  );
}
