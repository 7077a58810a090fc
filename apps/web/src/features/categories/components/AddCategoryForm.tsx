import type { ManagedCategory } from '@moneta/shared/category-schemas';
import { MAX_CATEGORY_LENGTH } from '@moneta/shared/limits';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { useAddCategoryForm, type CategoryKind } from '../hooks/use-add-category-form';

/** Adds a custom category of one kind, below the lists of Manage Categories. */
export function AddCategoryForm({ all }: { all: ManagedCategory[] }) {
  const { t } = useTranslation('categories');
  const form = useAddCategoryForm(all);

  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={t('add.label')}
      className="mt-6 border-t border-neutral-200 pt-4 dark:border-neutral-800"
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <TextField
          label={t('add.name')}
          autoComplete="off"
          maxLength={MAX_CATEGORY_LENGTH}
          value={form.name}
          error={form.error ?? undefined}
          onChange={(event) => form.setName(event.target.value)}
        />
        <SelectField
          label={t('add.kind')}
          value={form.kind}
          onChange={(event) => form.setKind(event.target.value as CategoryKind)}
        >
          <option value="expense">{t('expense')}</option>
          <option value="income">{t('income')}</option>
        </SelectField>
      </div>
      <div className="mt-3 flex justify-end">
        <Button type="submit" disabled={form.isPending}>
          {form.isPending ? t('add.adding') : t('add.submit')}
        </Button>
      </div>
    </form>
  );
}
