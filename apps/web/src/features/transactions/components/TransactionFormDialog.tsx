import { currencyDecimals } from '@moneta/shared/money';
import { MAX_CATEGORY_LENGTH, MAX_NAME_LENGTH, MAX_NOTE_LENGTH } from '@moneta/shared/limits';
import { transactionName, type Transaction } from '@moneta/shared/transaction-schemas';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import { AccountSelect } from '@/components/AccountSelect';
import { CategorySelect } from '@/components/CategorySelect';
import { CurrencySelect } from '@/components/CurrencySelect';
import { TagsInput } from '@/components/TagsInput';
import { FormActions } from '@/components/ui/FormActions';
import { Dialog } from '@/components/ui/Dialog';
import { textLinkClasses } from '@/components/ui/link-styles';
import { PromptDialog } from '@/components/ui/PromptDialog';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';
import { useTransactionForm } from '../hooks/use-transaction-form';
import { useTransactionSave } from '../hooks/use-transaction-save';
import { OverdraftDialog } from './OverdraftDialog';
import { SplitsEditor } from './SplitsEditor';

type TransactionFormDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The transaction to edit; without one the form adds a new transaction. */
  transaction?: Transaction | null;
  onSaved?: (transaction: Transaction) => void;
};

/**
 * Add or edit a transaction, in a dialog (docs/architecture.md, Product rules).
 */
export function TransactionFormDialog({
  isOpen,
  onClose,
  transaction,
  onSaved,
}: TransactionFormDialogProps) {
  const { t } = useTranslation('transactions');
  const [isIncome, setIsIncome] = useState(transaction?.isIncome ?? false);
  const [openedFor, setOpenedFor] = useState<{ isOpen: boolean; id?: string }>({ isOpen });
  // Each opening starts in the mode of the transaction edited (expense when adding).
  if (openedFor.isOpen !== isOpen || openedFor.id !== transaction?._id) {
    setOpenedFor({ isOpen, id: transaction?._id });
    setIsIncome(transaction?.isIncome ?? false);
  }
  const kind = isIncome ? 'income' : 'expense';
  const title = t(transaction ? `form.editTitle.${kind}` : `form.addTitle.${kind}`);

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title}>
      <TransactionForm
        // A new form (fresh fields) for every mode and every transaction.
        key={`${transaction?._id ?? 'new'}-${kind}`}
        transaction={transaction ?? null}
        isIncome={isIncome}
        onSwitchMode={() => setIsIncome((value) => !value)}
        onCancel={onClose}
        onQueued={onClose}
        onSaved={(saved) => {
          onSaved?.(saved);
          onClose();
        }}
      />
    </Dialog>
  );
}

type TransactionFormProps = {
  transaction: Transaction | null;
  isIncome: boolean;
  onSwitchMode: () => void;
  onCancel: () => void;
  onSaved: (transaction: Transaction) => void;
  /** A new transaction was kept on this device, to be sent when back online. */
  onQueued: () => void;
};

function TransactionForm({
  transaction,
  isIncome,
  onSwitchMode,
  onCancel,
  onSaved,
  onQueued,
}: TransactionFormProps) {
  const { t } = useTranslation('transactions');
  const fields = useTransactionForm(transaction, isIncome);
  const saving = useTransactionSave({ transaction, onSaved, onQueued });
  const [isPromptOpen, setIsPromptOpen] = useState(false);
  const { register, handleSubmit, control, formState } = fields.form;
  const { errors } = formState;
  const { addedCategories, suggestionHint } = fields;
  const kind = isIncome ? 'income' : 'expense';

  return (
    <form onSubmit={handleSubmit(saving.submit)} noValidate className="mt-4 space-y-4">
      {transaction ? null : (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {isIncome ? t('form.switchToExpense') : t('form.switchToIncome')}{' '}
          <button type="button" className={textLinkClasses} onClick={onSwitchMode}>
            {isIncome ? t('form.addTitle.expense') : t('form.addTitle.income')}
          </button>
        </p>
      )}
      <TextField
        label={isIncome ? t('form.nameOptional') : t('form.name')}
        autoComplete="off"
        maxLength={MAX_NAME_LENGTH}
        placeholder={
          isIncome
            ? transactionName({ name: '', category: fields.category ?? '', isIncome: true })
            : t('form.namePlaceholder')
        }
        error={errors.name?.message}
        {...register('name')}
      />
      <CategorySelect
        kind={kind}
        extraCategories={[...addedCategories, transaction?.category, fields.suggested]}
        error={errors.category?.message}
        hint={
          <>
            {suggestionHint ? (
              <p className="mt-1.5 text-xs text-neutral-600 dark:text-neutral-400">
                {suggestionHint}
              </p>
            ) : null}
            <button
              type="button"
              className={`${textLinkClasses} mt-1.5 text-sm`}
              onClick={() => setIsPromptOpen(true)}
            >
              {t('form.addCategory')}
            </button>
          </>
        }
        {...register('category')}
      />
      {fields.isAccountShown ? (
        <AccountSelect
          keepAccountId={transaction?.accountId}
          error={errors.accountId?.message}
          {...register('accountId')}
        />
      ) : null}
      <AmountFields fields={fields} />
      <SplitsEditor
        control={control}
        register={register}
        errors={errors}
        kind={kind}
        currency={fields.currency}
        extraCategories={[
          ...addedCategories,
          ...(transaction?.splits?.map((part) => part.category) ?? []),
        ]}
      />
      <TextAreaField
        label={t('form.note')}
        rows={2}
        maxLength={MAX_NOTE_LENGTH}
        error={errors.note?.message}
        {...register('note')}
      />
      <Controller
        control={control}
        name="tags"
        render={({ field, fieldState }) => (
          <TagsInput
            value={field.value ?? []}
            onChange={field.onChange}
            error={fieldErrorMessage(fieldState.error)}
          />
        )}
      />
      <FormActions
        submitLabel={
          transaction
            ? t('form.saveChanges')
            : t(isIncome ? 'form.save.income' : 'form.save.expense')
        }
        onCancel={onCancel}
        isBusy={saving.isBusy}
      />

      <PromptDialog
        isOpen={isPromptOpen}
        title={t('form.addCategory')}
        label={t('form.addCategoryLabel')}
        maxLength={MAX_CATEGORY_LENGTH}
        onCancel={() => setIsPromptOpen(false)}
        onSubmit={(name) => {
          setIsPromptOpen(false);
          fields.addCategory(name);
        }}
      />
      <OverdraftDialog
        overdraft={saving.overdraft}
        kind={kind}
        isBusy={saving.isBusy}
        onCancel={saving.cancelOverdraft}
        onConfirm={saving.confirmOverdraft}
      />
    </form>
  );
}

/** The amount, its currency, the date, and what the bank charged for a foreign one. */
function AmountFields({ fields }: { fields: ReturnType<typeof useTransactionForm> }) {
  const { t } = useTranslation('transactions');
  const chargedHintId = useId();
  const { control, register, formState } = fields.form;
  const { currency, baseCurrency } = fields;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <MoneyInput
        label={t('form.amount', { currency })}
        control={control}
        name="cost"
        zeroPlaceholder={currencyDecimals(currency)}
      />
      <Controller
        control={control}
        name="currency"
        render={({ field }) => (
          <CurrencySelect value={field.value ?? baseCurrency} onChange={field.onChange} showLabel />
        )}
      />
      <TextField
        label={t('form.date')}
        type="date"
        error={formState.errors.addedOn?.message}
        {...register('addedOn')}
      />
      {fields.isForeign ? (
        <MoneyInput
          label={t('form.charged', { currency: baseCurrency })}
          control={control}
          name="baseCost"
          describedBy={chargedHintId}
          hint={
            <p id={chargedHintId} className="mt-1.5 text-xs text-neutral-600 dark:text-neutral-400">
              {t('form.chargedHint', { currency: baseCurrency })}
            </p>
          }
        />
      ) : null}
    </div>
  );
}

/** The first message of a field's error, an array field's included (one tag too long). */
function fieldErrorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const record = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof record.message === 'string') return record.message;
  if (typeof record.root?.message === 'string') return record.root.message;
  for (const item of Object.values(error)) {
    const message = fieldErrorMessage(item);
    if (message) return message;
  }
  return undefined;
}
