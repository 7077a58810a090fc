import type { ComponentProps } from 'react';
import { fieldErrorClasses } from '@/components/ui/input-styles';
import { SelectField } from '@/components/ui/SelectField';
import { useCategories } from '@/lib/categories/get-categories';
import type { CategoryKind } from '@/lib/query-keys';
import { useCategoryName } from '@/lib/categories/category-name';

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
  label = 'Category',
  extraCategories = [],
  hint,
  ...props
}: CategorySelectProps) {
  const categories = useCategories(kind);
  const categoryName = useCategoryName();
  const options = [...(categories.data ?? [])];
  for (const extra of extraCategories) {
    if (extra && !options.includes(extra)) options.push(extra);
  }

  return (
    <SelectField
      label={label}
      aria-busy={categories.isPending}
      hint={
        <>
          {categories.isError ? (
            <p className={fieldErrorClasses}>Could not load the categories. Please try again.</p>
          ) : null}
          {hint}
        </>
      }
      {...props}
    >
      <option value="">{categories.isPending ? 'Loading categories…' : 'Select a category'}</option>
      {options.map((category) => (
        <option key={category} value={category}>
          {categoryName(category)}
        </option>
      ))}
    </SelectField>
  );
}
