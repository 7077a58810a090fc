import {
  ACCOUNT_TYPES,
  MAX_ACCOUNT_NAME_LENGTH,
  accountIdentifiersSchema,
  accountInputSchema,
  type Account,
  type ValidAccountInput,
} from '@moneta/shared/account-schemas';
import { z } from '@moneta/shared/zod';
import { ErrorCode } from '@moneta/shared/error-codes';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { FormActions } from '@/components/ui/FormActions';
import { CurrencySelect } from '@/components/CurrencySelect';
import { Dialog } from '@/components/ui/Dialog';
import { fieldErrorClasses } from '@/components/ui/input-styles';
import { SelectField } from '@/components/ui/SelectField';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCurrency } from '@/lib/auth/use-currency';
import { currencyDecimalsIssue } from '@/lib/forms/currency-decimals';
import { zodFormResolver } from '@/lib/zod-form-resolver';
import { useRegister } from '../api/get-register';
import { useSaveAccount } from '../api/save-account';

type AccountFormDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The account to edit; without one the form adds a new account. */
  account?: Account | null;
};

/** Add an account, or rename one, change its type or its opening balance. */
export function AccountFormDialog({ isOpen, onClose, account }: AccountFormDialogProps) {
  const { t } = useTranslation('accounts');
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={account ? t('form.editTitle') : t('form.addTitle')}
    >
      {isOpen ? (
        <AccountForm key={account?._id ?? 'new'} account={account ?? null} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

/**
 * The identifiers are typed one per line (or separated by commas): the form reads the text into
 * the list the API takes, and shows the first problem at the field.
 */
const accountFormSchema = accountInputSchema
  .extend({
    identifiers: z.string().transform((text, context) => {
      const identifiers = text
        .split(/[\n,;]+/)
        .map((identifier) => identifier.trim())
        .filter(Boolean);
      const parsed = accountIdentifiersSchema.safeParse(identifiers);
      if (parsed.success) return parsed.data;
      context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' });
      return z.NEVER;
    }),
  })
  // The opening balance is in the account's currency: as many decimals as it has (none for JPY).
  .superRefine((input, context) => {
    const problem = input.currency
      ? currencyDecimalsIssue(input.openingBalance, input.currency)
      : undefined;
    if (problem) {
      // The resolver says it in the user's language by the key in its params.
      context.addIssue({
        code: 'custom',
        path: ['openingBalance'],
        message: problem.message,
        params: problem.params,
      });
    }
  });
type AccountFormInput = z.input<typeof accountFormSchema>;

const accountResolver = zodFormResolver(accountFormSchema);

function AccountForm({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const baseCurrency = useCurrency();
  const saveAccount = useSaveAccount();
  // The server refuses another currency once the account holds anything (409): an account with a
  // balance or any entry says so up front instead of after a save.
  const entries = useRegister(account?._id ?? '', 1, { enabled: account !== null });
  const isCurrencyFixed =
    account !== null && (account.balance !== 0 || (entries.data?.total ?? 0) > 0);
  const currencyHintId = useId();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<AccountFormInput, unknown, ValidAccountInput>({
    resolver: accountResolver,
    defaultValues: {
      name: account?.name ?? '',
      type: account?.type ?? 'checking',
      openingBalance: account?.openingBalance ?? 0,
      isArchived: account?.isArchived ?? false,
      identifiers: account?.identifiers.join('\n') ?? '',
      currency: account?.currency ?? baseCurrency,
    },
  });
  const currency = useWatch({ control, name: 'currency' }) ?? baseCurrency;
  const { t } = useTranslation('accounts');

  const onSubmit = handleSubmit((input) =>
    saveAccount.mutate(
      {
        id: account?._id,
        // An update without a currency keeps the stored one: sent only when it changes.
        input:
          account && input.currency === account.currency
            ? { ...input, currency: undefined }
            : input,
      },
      {
        onSuccess: (saved) => {
          toast.success(
            account
              ? t('toast.updated', { name: saved.name })
              : t('toast.added', { name: saved.name }),
          );
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === ErrorCode.ACCOUNT_CURRENCY_IN_USE) {
            setError(
              'currency',
              { message: errorMessage(error, t('errors.save')) },
              { shouldFocus: true },
            );
            return;
          }
          toast.error(errorMessage(error, t('errors.save')));
        },
      },
    ),
  );
  const isBusy = saveAccount.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <TextField
        label={t('form.name')}
        autoComplete="off"
        maxLength={MAX_ACCOUNT_NAME_LENGTH}
        placeholder={t('form.namePlaceholder')}
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField label={t('form.type')} error={errors.type?.message} {...register('type')}>
        {ACCOUNT_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`types.${type}`)}
          </option>
        ))}
      </SelectField>
      <Controller
        control={control}
        name="currency"
        render={({ field, fieldState }) => (
          <div>
            <CurrencySelect
              value={field.value ?? baseCurrency}
              onChange={field.onChange}
              showLabel
              isDisabled={isCurrencyFixed}
              isInvalid={Boolean(fieldState.error)}
              describedBy={
                [
                  isCurrencyFixed ? `${currencyHintId}-hint` : null,
                  fieldState.error ? `${currencyHintId}-error` : null,
                ]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            />
            {isCurrencyFixed ? (
              <p
                id={`${currencyHintId}-hint`}
                className="mt-1.5 text-xs text-neutral-600 dark:text-neutral-400"
              >
                {t('form.currencyFixed')}
              </p>
            ) : null}
            {fieldState.error ? (
              <p id={`${currencyHintId}-error`} className={fieldErrorClasses}>
                {fieldState.error.message}
              </p>
            ) : null}
          </div>
        )}
      />
      <MoneyInput
        label={t('form.openingBalance', { currency })}
        control={control}
        name="openingBalance"
        allowNegative
        hint={
          <p className="mt-1.5 text-xs text-neutral-600 dark:text-neutral-400">
            {t('form.openingBalanceHint')}
          </p>
        }
      />
      <TextAreaField
        label={t('form.identifiers')}
        rows={2}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('form.identifiersPlaceholder')}
        hint={
          <p className="mt-1.5 text-xs text-neutral-600 dark:text-neutral-400">
            {t('form.identifiersHint')}
          </p>
        }
        error={errors.identifiers?.message}
        {...register('identifiers')}
      />
      <FormActions
        submitLabel={account ? t('form.saveChanges') : t('form.addTitle')}
        onCancel={onClose}
        isBusy={isBusy}
      />
    </form>
  );
}
