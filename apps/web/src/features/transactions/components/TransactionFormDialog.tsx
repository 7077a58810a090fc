import { currencyDecimals } from '@moneta/shared/money';
import type { Account } from '@moneta/shared/account-schemas';
import { MAX_CATEGORY_LENGTH, MAX_NAME_LENGTH, MAX_NOTE_LENGTH } from '@moneta/shared/limits';
import {
  transactionInputSchema,
  transactionName,
  type Transaction,
  type TransactionInput,
  type ValidTransactionInput,
} from '@moneta/shared/transaction-schemas';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { AccountSelect } from '@/components/AccountSelect';
import { CategorySelect } from '@/components/CategorySelect';
import { CurrencySelect } from '@/components/CurrencySelect';
import { TagsInput } from '@/components/TagsInput';
import { FormActions } from '@/components/ui/FormActions';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
import { textLinkClasses } from '@/components/ui/link-styles';
import { PromptDialog } from '@/components/ui/PromptDialog';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { initialAccountId, rememberLastAccount } from '@/lib/accounts/last-account';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { useCurrency } from '@/lib/auth/use-currency';
import { useToday } from '@/lib/auth/use-today';
import { currencyDecimalsIssue } from '@/lib/forms/currency-decimals';
import { fieldMessage } from '@/lib/forms/field-message';
import { zodFormResolver } from '@/lib/zod-form-resolver';
import { useSaveTransaction } from '../api/save-transaction';
import { SplitsEditor } from './SplitsEditor';
import { useCategorySuggestion } from '../api/suggest-category';
import {
  isNetworkFailure,
  newIdempotencyKey,
  queueTransaction,
} from '../offline/transaction-queue';

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

const transactionResolver = zodFormResolver(transactionInputSchema);

/**
 * The shared rules, then those of the currencies: the amount has as many decimals as its currency
 * (none for JPY), what the bank charged as many as the base currency. An empty "Charged in" field
 * means none given: the server converts at the day's rate.
 */
function transactionFormResolver(
  baseCurrency: string,
): Resolver<TransactionInput, unknown, ValidTransactionInput> {
  return async (values, context, options) => {
    const baseCost = values.baseCost === '' ? null : values.baseCost;
    const result = await transactionResolver({ ...values, baseCost }, context, options);
    const currency = values.currency ?? baseCurrency;
    const problem = (amount: unknown, amountCurrency: string) => {
      const issue =
        typeof amount === 'number' ? currencyDecimalsIssue(amount, amountCurrency) : undefined;
      return issue && fieldMessage(issue);
    };
    const costProblem = problem(values.cost, currency);
    const baseCostProblem = problem(baseCost, baseCurrency);
    if (!costProblem && !baseCostProblem) return result;
    return {
      values: {},
      errors: {
        ...result.errors,
        ...(costProblem ? { cost: { type: 'currency', message: costProblem } } : {}),
        ...(baseCostProblem ? { baseCost: { type: 'currency', message: baseCostProblem } } : {}),
      },
    };
  };
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
  const format = useFormat();
  const { user } = useUser();
  const today = useToday();
  const baseCurrency = useCurrency();
  const saveMutation = useSaveTransaction();
  const accounts = useAccounts();
  const [addedCategories, setAddedCategories] = useState<string[]>([]);
  const [isPromptOpen, setIsPromptOpen] = useState(false);
  const [overdraft, setOverdraft] = useState<{
    input: ValidTransactionInput;
    account: Account;
  } | null>(null);

  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, dirtyFields },
  } = useForm<TransactionInput, unknown, ValidTransactionInput>({
    resolver: transactionFormResolver(baseCurrency),
    defaultValues: {
      name: transaction?.name ?? '',
      category: transaction?.category ?? '',
      cost: transaction?.cost ?? '',
      addedOn: transaction?.addedOn ?? today,
      isIncome,
      note: transaction?.note ?? '',
      accountId: transaction?.accountId ?? '',
      // A new transaction's currency follows its account until one is picked (below).
      currency: transaction?.currency ?? baseCurrency,
      // Only a charge the user gave is theirs to edit; a converted one follows the rates.
      baseCost: transaction?.rateSource === 'manual' ? (transaction.baseCost ?? '') : '',
      tags: transaction?.tags ?? [],
      splits:
        transaction?.splits?.map((part) => ({
          category: part.category,
          amount: part.amount,
          note: part.note ?? '',
        })) ?? [],
    },
  });
  const category = useWatch({ control, name: 'category' });
  const accountId = useWatch({ control, name: 'accountId' });
  const name = useWatch({ control, name: 'name' }) ?? '';
  const currency = useWatch({ control, name: 'currency' }) ?? baseCurrency;
  const isForeign = currency !== baseCurrency;
  const chargedHintId = useId();

  // A new transaction's category follows the name typed until the user picks one
  // (docs/architecture.md, Rules).
  const isCategoryChosen = Boolean(dirtyFields.category);
  const suggestion = useCategorySuggestion(name, isIncome, !transaction && !isCategoryChosen);
  const suggested = suggestion.data?.category;
  useEffect(() => {
    if (suggested && !isCategoryChosen) setValue('category', suggested);
  }, [suggested, isCategoryChosen, setValue]);
  const suggestionHint =
    !isCategoryChosen && suggested && category === suggested
      ? suggestion.data?.source === 'rule'
        ? t('form.suggestedByRules')
        : suggestion.data?.source === 'history'
          ? t('form.suggestedFromHistory')
          : null
      : null;

  // A new transaction starts in the account last used, once the accounts are known.
  useEffect(() => {
    if (!transaction && !accountId && accounts.data) {
      setValue('accountId', initialAccountId(accounts.data));
    }
  }, [transaction, accountId, accounts.data, setValue]);
  // Until the user picks a currency, a new transaction's is its account's.
  const isCurrencyChosen = Boolean(dirtyFields.currency);
  const accountCurrency = accounts.data?.find((account) => account._id === accountId)?.currency;
  useEffect(() => {
    if (!transaction && !isCurrencyChosen && accountCurrency) {
      setValue('currency', accountCurrency);
    }
  }, [transaction, isCurrencyChosen, accountCurrency, setValue]);

  // With one open account there is nothing to choose: the field stays out of the way.
  const openAccounts = (accounts.data ?? []).filter((account) => !account.isArchived);
  const isAccountShown =
    openAccounts.length > 1 ||
    (transaction !== null &&
      !openAccounts.some((account) => account._id === transaction.accountId));

  // A category added through the prompt is selected once its option exists.
  const addedCategoryRef = useRef<string | null>(null);
  useEffect(() => {
    if (addedCategoryRef.current === null) return;
    setValue('category', addedCategoryRef.current, { shouldValidate: true, shouldDirty: true });
    addedCategoryRef.current = null;
  }, [addedCategories, setValue]);

  /**
   * Offline quick-add (docs/architecture.md, Web app): a new transaction that cannot reach the
   * server waits on this device with the key of its first attempt, so that it is recorded once.
   */
  function queue(input: ValidTransactionInput, key: string) {
    if (!user) return false;
    queueTransaction(user._id, input, key);
    if (input.accountId) rememberLastAccount(input.accountId);
    setOverdraft(null);
    toast.info(t('form.queued'));
    onQueued();
    return true;
  }

  function save(formInput: ValidTransactionInput) {
    // A charge in the base currency says nothing of an amount already in it; left empty on an
    // edit, it clears the one given before (null), so that the day's rate counts again.
    const input: ValidTransactionInput = {
      ...formInput,
      // No parts: none on a new transaction; on a split one, made whole again (null).
      splits: formInput.splits?.length ? formInput.splits : transaction?.splits ? null : undefined,
      baseCost:
        formInput.currency === baseCurrency
          ? undefined
          : (formInput.baseCost ?? (transaction ? null : undefined)),
    };
    const key = newIdempotencyKey();
    if (!transaction && !navigator.onLine && queue(input, key)) return;
    saveMutation.mutate(
      { id: transaction?._id, input, key },
      {
        onSuccess: (saved) => {
          rememberLastAccount(saved.accountId);
          toast.success(transaction ? t('form.updated') : t('form.added'));
          onSaved(saved);
        },
        onError: (error) => {
          if (!transaction && isNetworkFailure(error) && queue(input, key)) return;
          setOverdraft(null);
          toast.error(errorMessage(error, t('form.errors.save')));
        },
      },
    );
  }

  const onSubmit = handleSubmit((input) => {
    // A new expense larger than the balance of the account it is paid from is confirmed first
    // (docs/architecture.md, Product rules). A card's balance is a debt by nature, so it asks nothing there.
    const account = accounts.data?.find((candidate) => candidate._id === input.accountId);
    if (
      !transaction &&
      !input.isIncome &&
      account &&
      account.type !== 'credit' &&
      // Amounts of two currencies do not compare.
      (input.currency ?? account.currency) === account.currency &&
      input.cost > account.balance
    ) {
      setOverdraft({ input, account });
      return;
    }
    save(input);
  });

  const isBusy = saveMutation.isPending;
  const kind = isIncome ? 'income' : 'expense';

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
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
            ? transactionName({ name: '', category: category ?? '', isIncome: true })
            : t('form.namePlaceholder')
        }
        error={errors.name?.message}
        {...register('name')}
      />
      <CategorySelect
        kind={isIncome ? 'income' : 'expense'}
        extraCategories={[...addedCategories, transaction?.category, suggested]}
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
      {isAccountShown ? (
        <AccountSelect
          keepAccountId={transaction?.accountId}
          error={errors.accountId?.message}
          {...register('accountId')}
        />
      ) : null}
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
            <CurrencySelect
              value={field.value ?? baseCurrency}
              onChange={field.onChange}
              showLabel
            />
          )}
        />
        <TextField
          label={t('form.date')}
          type="date"
          error={errors.addedOn?.message}
          {...register('addedOn')}
        />
        {isForeign ? (
          <MoneyInput
            label={t('form.charged', { currency: baseCurrency })}
            control={control}
            name="baseCost"
            describedBy={chargedHintId}
            hint={
              <p
                id={chargedHintId}
                className="mt-1.5 text-xs text-neutral-600 dark:text-neutral-400"
              >
                {t('form.chargedHint', { currency: baseCurrency })}
              </p>
            }
          />
        ) : null}
      </div>
      <SplitsEditor
        control={control}
        register={register}
        errors={errors}
        kind={isIncome ? 'income' : 'expense'}
        currency={currency}
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
        isBusy={isBusy}
      />

      <PromptDialog
        isOpen={isPromptOpen}
        title={t('form.addCategory')}
        label={t('form.addCategoryLabel')}
        maxLength={MAX_CATEGORY_LENGTH}
        onCancel={() => setIsPromptOpen(false)}
        onSubmit={(name) => {
          setIsPromptOpen(false);
          addedCategoryRef.current = name;
          setAddedCategories((list) => [...list.filter((item) => item !== name), name]);
        }}
      />
      <ConfirmDialog
        isOpen={overdraft !== null}
        title={t('form.overdraft.title')}
        description={
          overdraft
            ? t(`form.overdraft.description.${kind}`, {
                amount: format.money(overdraft.input.cost, overdraft.account.currency),
                account: overdraft.account.name,
                balance: format.money(overdraft.account.balance, overdraft.account.currency),
              })
            : null
        }
        confirmLabel={t('form.overdraft.confirm')}
        busyLabel={t('saving')}
        isBusy={isBusy}
        tone="primary"
        onCancel={() => setOverdraft(null)}
        onConfirm={() => {
          if (overdraft) save(overdraft.input);
        }}
      />
    </form>
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
