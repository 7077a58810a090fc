import type {
  Transaction,
  TransactionInput,
  ValidTransactionInput,
} from '@moneta/shared/transaction-schemas';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { initialAccountId } from '@/lib/accounts/last-account';
import { useCurrency } from '@/lib/auth/use-currency';
import { useToday } from '@/lib/auth/use-today';
import { useCategorySuggestion } from '../api/suggest-category';
import { transactionFormResolver } from '../utils/transaction-form-resolver';

function defaultValues(
  transaction: Transaction | null,
  isIncome: boolean,
  today: string,
  baseCurrency: string,
): TransactionInput {
  return {
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
  };
}

/**
 * The transaction form's fields (react-hook-form checked by the shared schema) and what follows
 * them on a new transaction until the user chooses: the category suggested by the name, the
 * account last used, the account's currency.
 */
export function useTransactionForm(transaction: Transaction | null, isIncome: boolean) {
  const { t } = useTranslation('transactions');
  const today = useToday();
  const baseCurrency = useCurrency();
  const accounts = useAccounts();
  const form = useForm<TransactionInput, unknown, ValidTransactionInput>({
    resolver: transactionFormResolver(baseCurrency),
    defaultValues: defaultValues(transaction, isIncome, today, baseCurrency),
  });
  const { control, setValue } = form;
  const { dirtyFields } = form.formState;
  const category = useWatch({ control, name: 'category' });
  const accountId = useWatch({ control, name: 'accountId' });
  const name = useWatch({ control, name: 'name' }) ?? '';
  const currency = useWatch({ control, name: 'currency' }) ?? baseCurrency;

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
  const [addedCategories, setAddedCategories] = useState<string[]>([]);
  const addedCategoryRef = useRef<string | null>(null);
  useEffect(() => {
    if (addedCategoryRef.current === null) return;
    setValue('category', addedCategoryRef.current, { shouldValidate: true, shouldDirty: true });
    addedCategoryRef.current = null;
  }, [addedCategories, setValue]);

  return {
    form,
    baseCurrency,
    category,
    currency,
    isForeign: currency !== baseCurrency,
    suggested,
    suggestionHint,
    isAccountShown,
    addedCategories,
    addCategory: (added: string) => {
      addedCategoryRef.current = added;
      setAddedCategories((list) => [...list.filter((item) => item !== added), added]);
    },
  };
}
