import { MAX_NAME_LENGTH } from '@moneta/shared/limits';
import {
  MAX_RULE_VALUE_LENGTH,
  RULE_FIELDS,
  RULE_OPERATORS,
  ruleInputSchema,
  type Rule,
} from '@moneta/shared/rule-schemas';
import { z } from '@moneta/shared/zod';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { CategorySelect } from '@/components/CategorySelect';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { errorMessage } from '@/lib/api-client';
import { zodFormResolver } from '@/lib/zod-form-resolver';
import { useSaveRule } from '../api/rules';
import {
  APPLIES_TO,
  APPLIES_TO_LABELS,
  FIELD_LABELS,
  OPERATOR_LABELS,
  appliesToOf,
  isIncomeOf,
} from './rule-text';

/** The rule's fields as the form holds them: "applies to" is one select, not a nullable flag. */
const ruleFormSchema = ruleInputSchema
  .omit({ isIncome: true, position: true })
  .extend({ appliesTo: z.enum(APPLIES_TO) });
type RuleFormInput = z.input<typeof ruleFormSchema>;
type RuleFormOutput = z.output<typeof ruleFormSchema>;
const ruleResolver = zodFormResolver(ruleFormSchema);

type RuleFormDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The rule to edit; without one the form adds a rule (tried last). */
  rule?: Rule | null;
};

export function RuleFormDialog({ isOpen, onClose, rule }: RuleFormDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={rule ? 'Edit Rule' : 'Add Rule'}
      description="When a transaction's name or note matches (ignoring case and accents), it gets this category."
    >
      {isOpen ? <RuleForm key={rule?._id ?? 'new'} rule={rule ?? null} onClose={onClose} /> : null}
    </Dialog>
  );
}

function RuleForm({ rule, onClose }: { rule: Rule | null; onClose: () => void }) {
  const saveRule = useSaveRule();
  const accounts = useAccounts();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<RuleFormInput, unknown, RuleFormOutput>({
    resolver: ruleResolver,
    defaultValues: {
      field: rule?.field ?? 'name',
      operator: rule?.operator ?? 'contains',
      value: rule?.value ?? '',
      appliesTo: appliesToOf(rule?.isIncome ?? null),
      category: rule?.category ?? '',
      rename: rule?.rename ?? '',
      transferAccountId: rule?.transferAccountId ?? '',
    },
  });
  const appliesTo = useWatch({ control, name: 'appliesTo' });

  const onSubmit = handleSubmit(({ appliesTo: chosen, ...fields }) =>
    saveRule.mutate(
      { id: rule?._id, input: { ...fields, isIncome: isIncomeOf(chosen) } },
      {
        onSuccess: () => {
          toast.success(rule ? 'Rule updated.' : 'Rule added.');
          onClose();
        },
        onError: (error) =>
          toast.error(errorMessage(error, 'Failed to save the rule. Please try again.')),
      },
    ),
  );
  const isBusy = saveRule.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="When the" error={errors.field?.message} {...register('field')}>
          {RULE_FIELDS.map((field) => (
            <option key={field} value={field}>
              {FIELD_LABELS[field]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Condition" error={errors.operator?.message} {...register('operator')}>
          {RULE_OPERATORS.map((operator) => (
            <option key={operator} value={operator}>
              {OPERATOR_LABELS[operator]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label="Text"
        autoComplete="off"
        maxLength={MAX_RULE_VALUE_LENGTH}
        placeholder="e.g. rewe"
        error={errors.value?.message}
        {...register('value')}
      />
      <SelectField label="For" error={errors.appliesTo?.message} {...register('appliesTo')}>
        {APPLIES_TO.map((value) => (
          <option key={value} value={value}>
            {APPLIES_TO_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <CategorySelect
        kind={appliesTo === 'both' ? 'all' : appliesTo}
        label="Set the category to"
        extraCategories={[rule?.category]}
        error={errors.category?.message}
        {...register('category')}
      />
      <TextField
        label="Rename to (optional)"
        autoComplete="off"
        maxLength={MAX_NAME_LENGTH}
        placeholder="Keep the name as it is"
        error={errors.rename?.message}
        {...register('rename')}
      />
      <SelectField
        label="In a bank file, it is a transfer with"
        hint="A matching row moves money between your own accounts: neither income nor expense."
        error={errors.transferAccountId?.message}
        {...register('transferAccountId')}
      >
        <option value="">No — it is income or an expense</option>
        {(accounts.data ?? [])
          .filter((account) => !account.isArchived || account._id === rule?.transferAccountId)
          .map((account) => (
            <option key={account._id} value={account._id}>
              {account.name}
            </option>
          ))}
      </SelectField>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>
        <Button type="submit" disabled={isBusy}>
          {isBusy ? 'Saving...' : rule ? 'Save Changes' : 'Add Rule'}
        </Button>
      </div>
    </form>
  );
}
