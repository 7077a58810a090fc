import { MAX_NAME_LENGTH, MAX_NOTE_LENGTH } from '@moneta/shared/limits';
import { tagsSchema } from '@moneta/shared/tag-schemas';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TagsInput } from '@/components/TagsInput';
import { Alert } from '@/components/ui/Alert';
import { Dialog } from '@/components/ui/Dialog';
import { FormActions } from '@/components/ui/FormActions';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { fieldMessage, zodFieldIssue } from '@/lib/forms/field-message';
import { useCategories } from '@/lib/categories/get-categories';
import type { BulkEditFields } from '../api/register-actions';
import { useCategoryName } from '@/lib/categories/category-name';

type BulkEditDialogProps = {
  /** How many transactions the edit reaches (the dialog's title says it). */
  count: number | null;
  isBusy: boolean;
  error: string | null;
  onSubmit: (set: BulkEditFields) => void;
  onClose: () => void;
};

/**
 * Edit many transactions at once: each field left as it is keeps every row's own value; what is
 * filled in is given to all of them (PATCH /transactions/bulk).
 */
export function BulkEditDialog({ count, ...props }: BulkEditDialogProps) {
  const { t } = useTranslation('transactions');
  return (
    <Dialog
      isOpen={count !== null}
      onClose={props.onClose}
      title={t('bulkEdit.title', { count: count ?? 0 })}
      description={t('bulkEdit.description')}
    >
      {/* Mounted per opening: every opening starts empty. */}
      {count !== null ? <BulkEditForm {...props} /> : null}
    </Dialog>
  );
}

function BulkEditForm({ isBusy, error, onSubmit, onClose }: Omit<BulkEditDialogProps, 'count'>) {
  const { t } = useTranslation('transactions');
  const categoryName = useCategoryName();
  const categories = useCategories('all');
  const accounts = (useAccounts().data ?? []).filter((account) => !account.isArchived);
  const [category, setCategory] = useState('');
  const [accountId, setAccountId] = useState('');
  const [name, setName] = useState('');
  const [addedOn, setAddedOn] = useState('');
  const [note, setNote] = useState('');
  const [isClearingNotes, setIsClearingNotes] = useState(false);
  const [tags, setTags] = useState<string[]>([]);
  const [isClearingTags, setIsClearingTags] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const set: BulkEditFields = {};
    if (category) set.category = category;
    if (accountId) set.accountId = accountId;
    if (name.trim()) set.name = name.trim();
    if (addedOn) set.addedOn = addedOn;
    if (isClearingNotes) set.note = null;
    else if (note.trim()) set.note = note.trim();
    if (isClearingTags) set.tags = [];
    else if (tags.length > 0) {
      const checked = tagsSchema.safeParse(tags);
      if (!checked.success) {
        const [issue] = checked.error.issues;
        setProblem(issue ? fieldMessage(zodFieldIssue(issue)) : t('bulkEdit.checkTags'));
        return;
      }
      set.tags = checked.data;
    }
    if (Object.keys(set).length === 0) {
      setProblem(t('bulkEdit.chooseField'));
      return;
    }
    setProblem(null);
    onSubmit(set);
  }

  const shown = problem ?? error;
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      {shown ? <Alert>{shown}</Alert> : null}
      <SelectField
        label={t('bulkEdit.category')}
        value={category}
        onChange={(event) => setCategory(event.target.value)}
      >
        <option value="">{t('bulkEdit.keep')}</option>
        {(categories.data ?? []).map((option) => (
          <option key={option} value={option}>
            {categoryName(option)}
          </option>
        ))}
      </SelectField>
      {accounts.length > 1 ? (
        <SelectField
          label={t('bulkEdit.account')}
          value={accountId}
          onChange={(event) => setAccountId(event.target.value)}
        >
          <option value="">{t('bulkEdit.keep')}</option>
          {accounts.map((account) => (
            <option key={account._id} value={account._id}>
              {account.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('bulkEdit.name')}
          value={name}
          maxLength={MAX_NAME_LENGTH}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label={t('bulkEdit.date')}
          type="date"
          value={addedOn}
          onChange={(event) => setAddedOn(event.target.value)}
        />
      </div>
      <TextField
        label={t('bulkEdit.note')}
        value={note}
        maxLength={MAX_NOTE_LENGTH}
        disabled={isClearingNotes}
        autoComplete="off"
        onChange={(event) => setNote(event.target.value)}
      />
      <Check
        label={t('bulkEdit.clearNotes')}
        checked={isClearingNotes}
        onChange={setIsClearingNotes}
      />
      <TagsInput label={t('bulkEdit.tags')} value={tags} onChange={setTags} />
      <Check
        label={t('bulkEdit.removeTags')}
        checked={isClearingTags}
        onChange={setIsClearingTags}
      />
      <FormActions submitLabel={t('bulkEdit.apply')} onCancel={onClose} isBusy={isBusy} />
    </form>
  );
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-neutral-800 dark:text-neutral-200">
      <input
        type="checkbox"
        className="size-4 rounded accent-emerald-700 dark:accent-emerald-500"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
