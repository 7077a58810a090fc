import { FALLBACK_CATEGORY } from '@moneta/shared/categories';
import type { ManagedCategory } from '@moneta/shared/category-schemas';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api-client';
import { useCategoryName } from '@/lib/categories/category-name';
import { toast } from '@/lib/toast';
import { useDeleteCategory } from '../api/delete-category';
import { managedCategoriesQueryOptions } from '../api/manage-categories';
import { AddCategoryForm } from './AddCategoryForm';
import { CategoryList } from './CategoryList';
import { ChangeCategoryDialog } from './ChangeCategoryDialog';

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
  const { t } = useTranslation('categories');
  const closeRef = useRef<HTMLButtonElement>(null);
  // Read only while open: the page that opens it never needs the counts.
  const categories = useQuery({ ...managedCategoriesQueryOptions(), enabled: isOpen });
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [toChange, setToChange] = useState<ManagedCategory | null>(null);
  const all = categories.data ?? [];
  const actions = { onDelete: setToDelete, onChange: setToChange };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('title')} initialFocusRef={closeRef}>
      <div className="mt-4">
        {categories.isPending ? (
          <Spinner label={t('loading')} />
        ) : categories.isError ? (
          <Alert>{errorMessage(categories.error, t('errors.load'))}</Alert>
        ) : (
          <CategoryLists all={all} {...actions} />
        )}
      </div>
      <AddCategoryForm all={all} />
      <div className="mt-6 flex justify-end">
        <Button ref={closeRef} variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      </div>
      <DeleteCategoryDialog name={toDelete} onClose={() => setToDelete(null)} />
      <ChangeCategoryDialog category={toChange} all={all} onClose={() => setToChange(null)} />
    </Dialog>
  );
}

/** The custom categories by kind, then the built-in ones folded away. */
function CategoryLists({
  all,
  onDelete,
  onChange,
}: {
  all: ManagedCategory[];
  onDelete: (name: string) => void;
  onChange: (category: ManagedCategory) => void;
}) {
  const { t } = useTranslation('categories');
  const customExpense = all.filter((category) => !category.isBuiltIn && !category.isIncome);
  const customIncome = all.filter((category) => !category.isBuiltIn && category.isIncome);
  const builtIn = all.filter((category) => category.isBuiltIn);
  const isEmpty = customExpense.length === 0 && customIncome.length === 0;
  const actions = { onDelete, onChange };
  return (
    <div className="space-y-5">
      {isEmpty ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('none')}</p>
      ) : (
        <>
          <CategoryList title={t('expenseTitle')} categories={customExpense} {...actions} />
          <CategoryList title={t('incomeTitle')} categories={customIncome} {...actions} />
        </>
      )}
      <details className="group rounded-lg border border-neutral-200 dark:border-neutral-800">
        <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-neutral-800 dark:text-neutral-200">
          {t('builtInTitle')}
        </summary>
        <p className="px-3 pb-2 text-xs text-neutral-600 dark:text-neutral-400">
          {t('builtInHint')}
        </p>
        <CategoryList title={t('builtInTitle')} categories={builtIn} {...actions} isBare />
      </details>
    </div>
  );
}

/** Deleting a custom category moves its transactions to the fallback one: said before and after. */
function DeleteCategoryDialog({ name, onClose }: { name: string | null; onClose: () => void }) {
  const { t } = useTranslation('categories');
  const categoryName = useCategoryName();
  const deleteMutation = useDeleteCategory();
  const fallback = categoryName(FALLBACK_CATEGORY);
  return (
    <ConfirmDeleteDialog
      item={name}
      title={(item) => t('deleteDialog.title', { name: item })}
      description={t('deleteDialog.description', { fallback })}
      onDelete={(item) => deleteMutation.mutateAsync(item)}
      onDeleted={({ movedCount }, item) => {
        onClose();
        toast.success(t('toast.deleted', { name: item, count: movedCount, fallback }));
      }}
      onClose={onClose}
      failureMessage={(error) => errorMessage(error, t('errors.delete'))}
      failureIn="dialog"
    />
  );
}
