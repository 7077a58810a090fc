import type { ManagedCategory } from '@moneta/shared/category-schemas';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSetCategoryHidden } from '../api/manage-categories';

/** Hides a category from the pickers or shows it again, and says which it did. */
export function useToggleCategoryHidden() {
  const { t } = useTranslation('categories');
  const visibility = useSetCategoryHidden();

  function toggleHidden(category: ManagedCategory) {
    visibility.mutate(
      { name: category.name, isIncome: category.isIncome, hidden: !category.hidden },
      {
        onSuccess: (changed) =>
          toast.success(
            changed.hidden
              ? t('toast.hidden', { name: changed.name })
              : t('toast.shown', { name: changed.name }),
          ),
        onError: (failure) => toast.error(errorMessage(failure, t('errors.change'))),
      },
    );
  }

  return { toggleHidden, isPending: visibility.isPending };
}
