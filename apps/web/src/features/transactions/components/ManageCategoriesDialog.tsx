import { FALLBACK_CATEGORY } from '@moneta/shared/categories';
import type { ManagedCategory } from '@moneta/shared/category-schemas';
import { MAX_CATEGORY_LENGTH } from '@moneta/shared/limits';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/Alert';
import { PencilIcon, TrashIcon } from '@/components/ui/action-icons';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { Dialog } from '@/components/ui/Dialog';
import { SelectField } from '@/components/ui/SelectField';
import { Spinner } from '@/components/ui/Spinner';
import { TextField } from '@/components/ui/TextField';
import { errorMessage } from '@/lib/api-client';
import { useCreateCategory } from '@/lib/categories/create-category';
import { useDeleteCategory } from '@/lib/categories/delete-category';
import {
  managedCategoriesQueryOptions,
  useChangeCategory,
  useSetCategoryHidden,
} from '@/lib/categories/manage-categories';

const DELETE_FAILED = 'Failed to delete the category. Please try again.';

const transactionsText = (count: number) => `${count} transaction${count === 1 ? '' : 's'}`;

/**
 * The user's categories: their own expense and income ones (add, rename or merge, hide, delete)
 * and the built-in ones (merge into another, hide from the pickers; they cannot be deleted).
 */
export function ManageCategoriesDialog({
  isOpen,
  onClose,
}: {
  isOpen: boolean;
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  // Read only while open: the page itself never needs the counts.
  const categories = useQuery({ ...managedCategoriesQueryOptions(), enabled: isOpen });
  const deleteMutation = useDeleteCategory();
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [toChange, setToChange] = useState<ManagedCategory | null>(null);

  const all = categories.data ?? [];
  const customExpense = all.filter((category) => !category.isBuiltIn && !category.isIncome);
  const customIncome = all.filter((category) => !category.isBuiltIn && category.isIncome);
  const builtIn = all.filter((category) => category.isBuiltIn);
  const isEmpty = customExpense.length === 0 && customIncome.length === 0;
  const actions = { onDelete: setToDelete, onChange: setToChange };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Manage Custom Categories"
      initialFocusRef={closeRef}
    >
      <div className="mt-4">
        {categories.isPending ? (
          <Spinner label="Loading categories…" />
        ) : categories.isError ? (
          <Alert>
            {errorMessage(categories.error, 'Failed to load categories. Please try again.')}
          </Alert>
        ) : (
          <div className="space-y-5">
            {isEmpty ? (
              <p className="text-sm text-neutral-600 dark:text-neutral-400">
                You haven&apos;t added any custom categories yet.
              </p>
            ) : (
              <>
                <CategoryList title="Expense categories" categories={customExpense} {...actions} />
                <CategoryList title="Income categories" categories={customIncome} {...actions} />
              </>
            )}
            <details className="group rounded-lg border border-neutral-200 dark:border-neutral-800">
              <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-neutral-800 dark:text-neutral-200">
                Built-in categories
              </summary>
              <p className="px-3 pb-2 text-xs text-neutral-600 dark:text-neutral-400">
                Built-in categories cannot be renamed or deleted. Hide one you do not use, or merge
                it into another category.
              </p>
              <CategoryList title="Built-in categories" categories={builtIn} {...actions} isBare />
            </details>
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
            `Category "${name}" deleted. ${transactionsText(movedCount)} moved to ${FALLBACK_CATEGORY}.`,
          );
        }}
        onClose={() => setToDelete(null)}
        failureMessage={(error) => errorMessage(error, DELETE_FAILED)}
        failureIn="dialog"
      />
      <ChangeCategoryDialog category={toChange} all={all} onClose={() => setToChange(null)} />
    </Dialog>
  );
}

function CategoryList({
  title,
  categories,
  onDelete,
  onChange,
  isBare = false,
}: {
  title: string;
  categories: ManagedCategory[];
  onDelete: (name: string) => void;
  onChange: (category: ManagedCategory) => void;
  /** Inside a section that names it already. */
  isBare?: boolean;
}) {
  const visibility = useSetCategoryHidden();
  if (categories.length === 0) return null;

  function toggleHidden(category: ManagedCategory) {
    visibility.mutate(
      { name: category.name, isIncome: category.isIncome, hidden: !category.hidden },
      {
        onSuccess: (changed) =>
          toast.success(
            changed.hidden
              ? `"${changed.name}" is hidden from the category lists.`
              : `"${changed.name}" is offered again.`,
          ),
        onError: (failure) =>
          toast.error(errorMessage(failure, 'Failed to change the category. Please try again.')),
      },
    );
  }

  return (
    <section aria-label={title}>
      {isBare ? null : (
        <h3 className="text-sm font-semibold text-neutral-800 dark:text-neutral-200">{title}</h3>
      )}
      <ul
        className={`divide-y divide-neutral-200 dark:divide-neutral-800 ${isBare ? 'border-t border-neutral-200 dark:border-neutral-800' : 'mt-2 rounded-lg border border-neutral-200 dark:border-neutral-800'}`}
      >
        {categories.map((category) => (
          <li
            key={`${category.isIncome}|${category.name}`}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2"
          >
            <span className="flex min-w-0 flex-1 flex-wrap items-center gap-2 text-sm text-neutral-900 dark:text-neutral-100">
              <span className="min-w-0 truncate">{category.name}</span>
              {isBare ? (
                <Badge tone={category.isIncome ? 'sky' : 'neutral'}>
                  {category.isIncome ? 'Income' : 'Expense'}
                </Badge>
              ) : null}
              {category.hidden ? <Badge tone="violet">Hidden</Badge> : null}
              <span className="text-xs text-neutral-600 dark:text-neutral-400">
                {transactionsText(category.transactionCount)}
              </span>
            </span>
            <span className="flex flex-wrap gap-1">
              <Button variant="ghost" size="sm" onClick={() => onChange(category)}>
                <PencilIcon />
                {category.isBuiltIn ? 'Merge' : 'Rename'}
                <span className="sr-only"> {category.name}</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => toggleHidden(category)}
                disabled={visibility.isPending}
              >
                {category.hidden ? 'Show' : 'Hide'}
                <span className="sr-only"> {category.name}</span>
              </Button>
              {category.isBuiltIn ? null : (
                <Button variant="ghost-danger" size="sm" onClick={() => onDelete(category.name)}>
                  <TrashIcon />
                  Delete<span className="sr-only"> {category.name}</span>
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Renames a category, or merges it into one of the same kind that exists already: the merge is
 * confirmed first, saying how many transactions move (their budgets, rules and recurring
 * transactions follow).
 */
function ChangeCategoryDialog({
  category,
  all,
  onClose,
}: {
  category: ManagedCategory | null;
  all: ManagedCategory[];
  onClose: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const change = useChangeCategory();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [mergeInto, setMergeInto] = useState<ManagedCategory | null>(null);

  const sameKind = category
    ? all.filter((other) => other.isIncome === category.isIncome && other.name !== category.name)
    : [];

  function close() {
    if (change.isPending) return;
    setName('');
    setError(null);
    setMergeInto(null);
    change.reset();
    onClose();
  }

  function send(from: ManagedCategory, to: string) {
    change.mutate(
      { from: from.name, to, isIncome: from.isIncome },
      {
        onSuccess: (result) => {
          toast.success(
            result.merged
              ? `"${from.name}" merged into "${result.name}": ${transactionsText(result.moved.transactions)} moved.`
              : `"${from.name}" renamed to "${result.name}".`,
          );
          close();
        },
        onError: (failure) =>
          setError(errorMessage(failure, 'Failed to change the category. Please try again.')),
      },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!category) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Please enter a name for the category.');
      return;
    }
    if (trimmed === category.name) {
      setError('A category cannot be merged into itself: choose another name.');
      return;
    }
    setError(null);
    const target = sameKind.find((other) => other.name === trimmed);
    if (target) {
      setMergeInto(target);
      return;
    }
    if (category.isBuiltIn) {
      setError(
        'Built-in categories cannot be renamed. Choose an existing category to merge it into.',
      );
      return;
    }
    send(category, trimmed);
  }

  const kind = category?.isIncome ? 'income' : 'expense';
  return (
    <Dialog
      isOpen={category !== null}
      onClose={close}
      title={
        mergeInto && category
          ? `Merge "${category.name}" into "${mergeInto.name}"?`
          : `${category?.isBuiltIn ? 'Merge' : 'Rename or merge'} "${category?.name ?? ''}"`
      }
      initialFocusRef={inputRef}
    >
      {category && mergeInto ? (
        <div className="mt-4 space-y-4 text-sm text-neutral-700 dark:text-neutral-300">
          <p>
            {transactionsText(category.transactionCount)} will move from &quot;{category.name}
            &quot; to &quot;{mergeInto.name}&quot;, and its budgets, rules and recurring
            transactions follow. Budgets of the same month are added together.{' '}
            {category.isBuiltIn
              ? `"${category.name}" stays, as a built-in category, without transactions.`
              : `"${category.name}" is then removed. This cannot be undone.`}
          </p>
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              onClick={() => setMergeInto(null)}
              disabled={change.isPending}
            >
              Back
            </Button>
            <Button
              variant="danger"
              onClick={() => send(category, mergeInto.name)}
              disabled={change.isPending}
            >
              {change.isPending ? 'Merging…' : 'Merge'}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
          <TextField
            ref={inputRef}
            label={
              category?.isBuiltIn
                ? `Merge into (an ${kind} category)`
                : 'New name, or a category to merge into'
            }
            autoComplete="off"
            list={listId}
            maxLength={MAX_CATEGORY_LENGTH}
            value={name}
            error={error ?? undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <datalist id={listId}>
            {sameKind.map((other) => (
              <option key={other.name} value={other.name} />
            ))}
          </datalist>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close} disabled={change.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving…' : 'Continue'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
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
