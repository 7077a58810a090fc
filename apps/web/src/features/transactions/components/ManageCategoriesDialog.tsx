import { FALLBACK_CATEGORY } from '@moneta/shared/categories';
import type { ManagedCategory } from '@moneta/shared/category-schemas';
import { MAX_CATEGORY_LENGTH } from '@moneta/shared/limits';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
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
import { findTypedCategory, useCategoryName } from '@/lib/categories/category-name';

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
  const { t } = useTranslation('transactions');
  const categoryName = useCategoryName();
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
      title={t('categories.title')}
      initialFocusRef={closeRef}
    >
      <div className="mt-4">
        {categories.isPending ? (
          <Spinner label={t('categories.loading')} />
        ) : categories.isError ? (
          <Alert>{errorMessage(categories.error, t('categories.errors.load'))}</Alert>
        ) : (
          <div className="space-y-5">
            {isEmpty ? (
              <p className="text-sm text-neutral-600 dark:text-neutral-400">
                {t('categories.none')}
              </p>
            ) : (
              <>
                <CategoryList
                  title={t('categories.expenseTitle')}
                  categories={customExpense}
                  {...actions}
                />
                <CategoryList
                  title={t('categories.incomeTitle')}
                  categories={customIncome}
                  {...actions}
                />
              </>
            )}
            <details className="group rounded-lg border border-neutral-200 dark:border-neutral-800">
              <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-neutral-800 dark:text-neutral-200">
                {t('categories.builtInTitle')}
              </summary>
              <p className="px-3 pb-2 text-xs text-neutral-600 dark:text-neutral-400">
                {t('categories.builtInHint')}
              </p>
              <CategoryList
                title={t('categories.builtInTitle')}
                categories={builtIn}
                {...actions}
                isBare
              />
            </details>
          </div>
        )}
      </div>
      <AddCategoryForm all={all} />
      <div className="mt-6 flex justify-end">
        <Button ref={closeRef} variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      </div>
      <ConfirmDeleteDialog
        item={toDelete}
        title={(name) => t('categories.deleteDialog.title', { name })}
        description={t('categories.deleteDialog.description', {
          fallback: categoryName(FALLBACK_CATEGORY),
        })}
        onDelete={(name) => deleteMutation.mutateAsync(name)}
        onDeleted={({ movedCount }, name) => {
          setToDelete(null);
          toast.success(
            t('categories.toast.deleted', {
              name,
              count: movedCount,
              fallback: categoryName(FALLBACK_CATEGORY),
            }),
          );
        }}
        onClose={() => setToDelete(null)}
        failureMessage={(error) => errorMessage(error, t('categories.errors.delete'))}
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
  const { t } = useTranslation('transactions');
  const categoryName = useCategoryName();
  const visibility = useSetCategoryHidden();
  if (categories.length === 0) return null;

  function toggleHidden(category: ManagedCategory) {
    visibility.mutate(
      { name: category.name, isIncome: category.isIncome, hidden: !category.hidden },
      {
        onSuccess: (changed) =>
          toast.success(
            changed.hidden
              ? t('categories.toast.hidden', { name: changed.name })
              : t('categories.toast.shown', { name: changed.name }),
          ),
        onError: (failure) => toast.error(errorMessage(failure, t('categories.errors.change'))),
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
              <span className="min-w-0 truncate">{categoryName(category.name)}</span>
              {isBare ? (
                <Badge tone={category.isIncome ? 'sky' : 'neutral'}>
                  {category.isIncome ? t('income') : t('expense')}
                </Badge>
              ) : null}
              {category.hidden ? <Badge tone="violet">{t('categories.hidden')}</Badge> : null}
              <span className="text-xs text-neutral-600 dark:text-neutral-400">
                {t('categories.transactionCount', { count: category.transactionCount })}
              </span>
            </span>
            <span className="flex flex-wrap gap-1">
              <Button variant="ghost" size="sm" onClick={() => onChange(category)}>
                <PencilIcon />
                {category.isBuiltIn ? t('categories.merge') : t('categories.rename')}
                <span className="sr-only"> {categoryName(category.name)}</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => toggleHidden(category)}
                disabled={visibility.isPending}
              >
                {category.hidden ? t('categories.show') : t('categories.hide')}
                <span className="sr-only"> {categoryName(category.name)}</span>
              </Button>
              {category.isBuiltIn ? null : (
                <Button variant="ghost-danger" size="sm" onClick={() => onDelete(category.name)}>
                  <TrashIcon />
                  {t('categories.delete')}
                  <span className="sr-only"> {categoryName(category.name)}</span>
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
  const { t } = useTranslation('transactions');
  const categoryName = useCategoryName();
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
              ? t('categories.toast.merged', {
                  from: categoryName(from.name),
                  to: categoryName(result.name),
                  count: result.moved.transactions,
                })
              : t('categories.toast.renamed', {
                  from: categoryName(from.name),
                  to: categoryName(result.name),
                }),
          );
          close();
        },
        onError: (failure) => setError(errorMessage(failure, t('categories.errors.change'))),
      },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!category) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('categories.errors.nameRequired'));
      return;
    }
    // A built-in category is found by its name in the user's language as well as its stored one.
    const typed = (among: ManagedCategory[]) => findTypedCategory(among, trimmed, categoryName);
    if (typed([category])) {
      setError(t('categories.errors.mergeIntoItself'));
      return;
    }
    setError(null);
    const target = typed(sameKind);
    if (target) {
      setMergeInto(target);
      return;
    }
    if (category.isBuiltIn) {
      setError(t('categories.errors.builtInRename'));
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
          ? t('categories.change.mergeTitle', {
              from: categoryName(category.name),
              to: categoryName(mergeInto.name),
            })
          : category?.isBuiltIn
            ? t('categories.change.mergeOnlyTitle', { name: categoryName(category.name) })
            : t('categories.change.renameTitle', { name: category?.name ?? '' })
      }
      initialFocusRef={inputRef}
    >
      {category && mergeInto ? (
        <div className="mt-4 space-y-4 text-sm text-neutral-700 dark:text-neutral-300">
          <p>
            {t('categories.change.mergeBody', {
              count: category.transactionCount,
              from: categoryName(category.name),
              to: categoryName(mergeInto.name),
            })}{' '}
            {category.isBuiltIn
              ? t('categories.change.builtInStays', { name: categoryName(category.name) })
              : t('categories.change.removed', { name: category.name })}
          </p>
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              onClick={() => setMergeInto(null)}
              disabled={change.isPending}
            >
              {t('categories.change.back')}
            </Button>
            <Button
              variant="danger"
              onClick={() => send(category, mergeInto.name)}
              disabled={change.isPending}
            >
              {change.isPending ? t('categories.change.merging') : t('categories.merge')}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
          <TextField
            ref={inputRef}
            label={
              category?.isBuiltIn
                ? t(`categories.change.mergeInto.${kind}`)
                : t('categories.change.newName')
            }
            autoComplete="off"
            list={listId}
            maxLength={MAX_CATEGORY_LENGTH}
            value={name}
            error={error ?? undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <datalist id={listId}>
            {/* Offered as the user reads them; a built-in one is found by that name too. */}
            {sameKind.map((other) => (
              <option key={other.name} value={categoryName(other.name)} />
            ))}
          </datalist>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close} disabled={change.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t('categories.change.saving') : t('categories.change.continue')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/**
 * A name and its kind; the server says when the name is a built-in or taken already. A built-in
 * one typed in the user's language ("Lebensmittel") is one the server would not recognise (it
 * stores "Groceries"): said here, with the server's words for a name taken.
 */
function AddCategoryForm({ all }: { all: ManagedCategory[] }) {
  const { t } = useTranslation(['transactions', 'errors']);
  const categoryName = useCategoryName();
  const createMutation = useCreateCategory();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'expense' | 'income'>('expense');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('categories.errors.nameRequired'));
      return;
    }
    const sameKind = all.filter((category) => category.isIncome === (kind === 'income'));
    const existing = findTypedCategory(sameKind, trimmed, categoryName);
    if (existing && existing.name !== trimmed) {
      setError(t('errors:CATEGORY_EXISTS'));
      return;
    }
    setError(null);
    createMutation.mutate(
      { name: trimmed, isIncome: kind === 'income' },
      {
        onSuccess: (created) => {
          setName('');
          toast.success(t('categories.toast.added', { name: created.name }));
        },
        onError: (failure) => setError(errorMessage(failure, t('categories.errors.add'))),
      },
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('categories.add.label')}
      className="mt-6 border-t border-neutral-200 pt-4 dark:border-neutral-800"
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <TextField
          label={t('categories.add.name')}
          autoComplete="off"
          maxLength={MAX_CATEGORY_LENGTH}
          value={name}
          error={error ?? undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <SelectField
          label={t('categories.add.kind')}
          value={kind}
          onChange={(event) => setKind(event.target.value as 'expense' | 'income')}
        >
          <option value="expense">{t('expense')}</option>
          <option value="income">{t('income')}</option>
        </SelectField>
      </div>
      <div className="mt-3 flex justify-end">
        <Button type="submit" disabled={createMutation.isPending}>
          {createMutation.isPending ? t('categories.add.adding') : t('categories.add.submit')}
        </Button>
      </div>
    </form>
  );
}
