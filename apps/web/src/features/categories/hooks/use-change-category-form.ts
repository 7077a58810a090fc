import type { ManagedCategory } from '@moneta/shared/category-schemas';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { findTypedCategory, useCategoryName } from '@/lib/categories/category-name';
import { toast } from '@/lib/toast';
import { useChangeCategory } from '../api/manage-categories';

/**
 * The rename-or-merge dialog's state: the name typed, its problem, and the category it merges
 * into once the name typed is one of the same kind (confirmed before it is sent).
 */
export function useChangeCategoryForm({
  category,
  all,
  onClose,
}: {
  category: ManagedCategory | null;
  all: ManagedCategory[];
  onClose: () => void;
}) {
  const { t } = useTranslation('categories');
  const categoryName = useCategoryName();
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
              ? t('toast.merged', {
                  from: categoryName(from.name),
                  to: categoryName(result.name),
                  count: result.moved.transactions,
                })
              : t('toast.renamed', {
                  from: categoryName(from.name),
                  to: categoryName(result.name),
                }),
          );
          close();
        },
        onError: (failure) => setError(errorMessage(failure, t('errors.change'))),
      },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!category) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('errors.nameRequired'));
      return;
    }
    // A built-in category is found by its name in the user's language as well as its stored one.
    const typed = (among: ManagedCategory[]) => findTypedCategory(among, trimmed, categoryName);
    if (typed([category])) {
      setError(t('errors.mergeIntoItself'));
      return;
    }
    setError(null);
    const target = typed(sameKind);
    if (target) {
      setMergeInto(target);
      return;
    }
    if (category.isBuiltIn) {
      setError(t('errors.builtInRename'));
      return;
    }
    send(category, trimmed);
  }

  return {
    name,
    setName,
    error,
    mergeInto,
    sameKind,
    isPending: change.isPending,
    close,
    onSubmit,
    /** Back from the merge's confirmation to the name. */
    back: () => setMergeInto(null),
    confirmMerge: () => {
      if (category && mergeInto) send(category, mergeInto.name);
    },
  };
}
