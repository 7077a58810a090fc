import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorClasses } from '@/components/ui/input-styles';
import { SelectField } from '@/components/ui/SelectField';
import { useCategoryName } from '@/lib/categories/category-name';
import { useCategories } from '@/lib/categories/get-categories';
import type { CategoryKind } from '@/lib/query-keys';

type CategorySelectProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'children'> & {
  /** Which list is offered: expense, income, or both (recurring rules). */
  kind: CategoryKind;
  label?: string;
  /**
   * Offered after the list when it lacks them: the saved category of what is being edited (it
   * may have left the list since) and names just typed in, not yet saved.
   */
  extraCategories?: readonly (string | null | undefined)[];
};

/**
 * The category field of the transaction, budget and recurring forms. They share one cached list
 * per kind, so a category added or deleted anywhere shows in all of them.
 */
export function CategorySelect({
  kind,
  label,
  extraCategories = [],
  hint,
  ...props
}: CategorySelectProps) {
  const { t } = useTranslation();
  const categoryName = useCategoryName();
  const categories = useCategories(kind);
  const options = [...(categories.data ?? [])];
  for (const extra of extraCategories) {
    if (extra && !options.includes(extra)) options.push(extra);
  }

  return (
    <SelectField
      label={label ?? t('category.label')}
      aria-busy={categories.isPending}
      hint={
        <>
          {categories.isError ? (
            <p className={fieldErrorClasses}>{t('category.loadFailed')}</p>
          ) : null}
          {hint}
        </>
      }
      {...props}
    >
      <option value="">
        {categories.isPending ? t('category.loading') : t('category.placeholder')}
      </option>
      {options.map((category) => (
        // The value stays the stored name; a built-in one is shown in the user's language.
        <option key={category} value={category}>
          {categoryName(category)}
        </option>
      ))}
    </SelectField>
  );
}
