import type { ManagedCategory } from '@moneta/shared/category-schemas';
import { MAX_CATEGORY_LENGTH } from '@moneta/shared/limits';
import { useId, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { TextField } from '@/components/ui/TextField';
import { useCategoryName } from '@/lib/categories/category-name';
import { useChangeCategoryForm } from '../hooks/use-change-category-form';

/**
 * Renames a category, or merges it into one of the same kind that exists already: the merge is
 * confirmed first, saying how many transactions move (their budgets, rules and recurring
 * transactions follow).
 */
export function ChangeCategoryDialog({
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
  const inputRef = useRef<HTMLInputElement>(null);
  const form = useChangeCategoryForm({ category, all, onClose });
  const { mergeInto } = form;

  return (
    <Dialog
      isOpen={category !== null}
      onClose={form.close}
      title={
        mergeInto && category
          ? t('change.mergeTitle', {
              from: categoryName(category.name),
              to: categoryName(mergeInto.name),
            })
          : category?.isBuiltIn
            ? t('change.mergeOnlyTitle', { name: categoryName(category.name) })
            : t('change.renameTitle', { name: category?.name ?? '' })
      }
      initialFocusRef={inputRef}
    >
      {category && mergeInto ? (
        <MergeConfirmation category={category} mergeInto={mergeInto} form={form} />
      ) : (
        <NameForm category={category} inputRef={inputRef} form={form} />
      )}
    </Dialog>
  );
}

type ChangeForm = ReturnType<typeof useChangeCategoryForm>;

/** What a merge moves, before it is sent. */
function MergeConfirmation({
  category,
  mergeInto,
  form,
}: {
  category: ManagedCategory;
  mergeInto: ManagedCategory;
  form: ChangeForm;
}) {
  const { t } = useTranslation('categories');
  const categoryName = useCategoryName();
  return (
    <div className="mt-4 space-y-4 text-sm text-neutral-700 dark:text-neutral-300">
      <p>
        {t('change.mergeBody', {
          count: category.transactionCount,
          from: categoryName(category.name),
          to: categoryName(mergeInto.name),
        })}{' '}
        {category.isBuiltIn
          ? t('change.builtInStays', { name: categoryName(category.name) })
          : t('change.removed', { name: category.name })}
      </p>
      {form.error ? <Alert>{form.error}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={form.back} disabled={form.isPending}>
          {t('change.back')}
        </Button>
        <Button variant="danger" onClick={form.confirmMerge} disabled={form.isPending}>
          {form.isPending ? t('change.merging') : t('merge')}
        </Button>
      </div>
    </div>
  );
}

/** The new name, or for a built-in category the one to merge it into. */
function NameForm({
  category,
  inputRef,
  form,
}: {
  category: ManagedCategory | null;
  inputRef: RefObject<HTMLInputElement | null>;
  form: ChangeForm;
}) {
  const { t } = useTranslation('categories');
  const categoryName = useCategoryName();
  const listId = useId();
  const kind = category?.isIncome ? 'income' : 'expense';
  return (
    <form onSubmit={form.onSubmit} noValidate className="mt-4 space-y-4">
      <TextField
        ref={inputRef}
        label={category?.isBuiltIn ? t(`change.mergeInto.${kind}`) : t('change.newName')}
        autoComplete="off"
        list={listId}
        maxLength={MAX_CATEGORY_LENGTH}
        value={form.name}
        error={form.error ?? undefined}
        onChange={(event) => form.setName(event.target.value)}
      />
      <datalist id={listId}>
        {/* Offered as the user reads them; a built-in one is found by that name too. */}
        {form.sameKind.map((other) => (
          <option key={other.name} value={categoryName(other.name)} />
        ))}
      </datalist>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={form.close} disabled={form.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={form.isPending}>
          {form.isPending ? t('change.saving') : t('change.continue')}
        </Button>
      </div>
    </form>
  );
}
