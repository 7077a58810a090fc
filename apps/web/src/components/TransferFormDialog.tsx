import {
  transferInputSchema,
  type TransferInput,
  type ValidTransferInput,
} from '@moneta/shared/account-schemas';
import { MAX_NOTE_LENGTH } from '@moneta/shared/limits';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { AccountSelect } from '@/components/AccountSelect';
import { Button } from '@/components/ui/Button';
import { FormActions } from '@/components/ui/FormActions';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { useCreateTransfer } from '@/lib/accounts/transfers';
import { errorMessage } from '@/lib/api-client';
import { useCurrency } from '@/lib/auth/use-currency';
import { useToday } from '@/lib/auth/use-today';
import { zodFormResolver } from '@/lib/zod-form-resolver';

type TransferFormDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The account money leaves, preselected (an account's page). */
  fromAccountId?: string;
};

/** Money moved between two of the user's accounts: neither income nor expense. */
export function TransferFormDialog({ isOpen, onClose, fromAccountId }: TransferFormDialogProps) {
  const accounts = useAccounts();
  const open = (accounts.data ?? []).filter((account) => !account.isArchived);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Transfer Between Accounts">
      {!isOpen ? null : accounts.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading accounts…" />
        </div>
      ) : open.length < 2 ? (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-neutral-700 dark:text-neutral-300">
            A transfer moves money between two of your accounts. Add a second account first, on the
            Accounts page.
          </p>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <TransferForm
          onClose={onClose}
          from={fromAccountId ?? open[0]!._id}
          to={open.find((account) => account._id !== (fromAccountId ?? open[0]!._id))?._id ?? ''}
        />
      )}
    </Dialog>
  );
}

const transferResolver = zodFormResolver(transferInputSchema);

/** The form itself, mounted once the accounts are known so that it starts with two of them. */
function TransferForm({ onClose, from, to }: { onClose: () => void; from: string; to: string }) {
  const today = useToday();
  const currency = useCurrency();
  const createTransfer = useCreateTransfer();

  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<TransferInput, unknown, ValidTransferInput>({
    resolver: transferResolver,
    defaultValues: { fromAccountId: from, toAccountId: to, amount: '', date: today, note: '' },
  });

  const onSubmit = handleSubmit((input) =>
    createTransfer.mutate(input, {
      onSuccess: () => {
        toast.success('Transfer saved.');
        onClose();
      },
      onError: (error) =>
        toast.error(errorMessage(error, 'Failed to save the transfer. Please try again.')),
    }),
  );
  const isBusy = createTransfer.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <AccountSelect
        label="From"
        error={errors.fromAccountId?.message}
        {...register('fromAccountId')}
      />
      <AccountSelect label="To" error={errors.toAccountId?.message} {...register('toAccountId')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyInput label={`Amount (${currency})`} control={control} name="amount" />
        <TextField label="Date" type="date" error={errors.date?.message} {...register('date')} />
      </div>
      <TextAreaField
        label="Note (optional)"
        rows={2}
        maxLength={MAX_NOTE_LENGTH}
        error={errors.note?.message}
        {...register('note')}
      />
      <FormActions submitLabel={'Save Transfer'} onCancel={onClose} isBusy={isBusy} />
    </form>
  );
}
