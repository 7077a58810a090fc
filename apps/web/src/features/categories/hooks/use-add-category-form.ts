import type { ManagedCategory } from '@moneta/shared/category-schemas';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { findTypedCategory, useCategoryName } from '@/lib/categories/category-name';
import { toast } from '@/lib/toast';
import { useCreateCategory } from '../api/create-category';

export type CategoryKind = 'expense' | 'income';

/**
 * A name and its kind; the server says when the name is a built-in or taken already. A built-in
 * one typed in the user's language ("Lebensmittel") is one the server would not recognise (it
 * stores "Groceries"): said here, with the server's words for a name taken.
 */
export function useAddCategoryForm(all: ManagedCategory[]) {
  const { t } = useTranslation('categories');
  const categoryName = useCategoryName();
  const createMutation = useCreateCategory();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<CategoryKind>('expense');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('errors.nameRequired'));
      return;
    }
    const sameKind = all.filter((category) => category.isIncome === (kind === 'income'));
    const existing = findTypedCategory(sameKind, trimmed, categoryName);
    if (existing && existing.name !== trimmed) {
      setError(t('errors.exists'));
      return;
    }
    setError(null);
    createMutation.mutate(
      { name: trimmed, isIncome: kind === 'income' },
      {
        onSuccess: (created) => {
          setName('');
          toast.success(t('toast.added', { name: created.name }));
        },
        onError: (failure) => setError(errorMessage(failure, t('errors.add'))),
      },
    );
  }

  return { name, setName, kind, setKind, error, isPending: createMutation.isPending, onSubmit };
}
