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
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { CategorySelect } from '@/components/CategorySelect';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { errorMessage } from '@/lib/api-client';
import { zodFormResolver } from '@/lib/zod-form-resolver';
import { useSaveRule } from '../api/rules';
import { APPLIES_TO, appliesToOf, isIncomeOf } from './rule-text';

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
  const { t } = useTranslation('rules');
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={rule ? t('form.editTitle') : t('form.addTitle')}
      description={t('form.description')}
    >
      {isOpen ? <RuleForm key={rule?._id ?? 'new'} rule={rule ?? null} onClose={onClose} /> : null}
    </Dialog>
  );
}

function RuleForm({ rule, onClose }: { rule: Rule | null; onClose: () => void }) {
  const { t } = useTranslation('rules');
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
          toast.success(rule ? t('form.updated') : t('form.added'));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, t('form.saveFailed'))),
      },
    ),
  );
  const isBusy = saveRule.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('form.field')} error={errors.field?.message} {...register('field')}>
          {RULE_FIELDS.map((field) => (
            <option key={field} value={field}>
              {t(`fields.${field}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('form.operator')}
          error={errors.operator?.message}
          {...register('operator')}
        >
          {RULE_OPERATORS.map((operator) => (
            <option key={operator} value={operator}>
              {t(`operators.${operator}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label={t('form.value')}
        autoComplete="off"
        maxLength={MAX_RULE_VALUE_LENGTH}
        placeholder={t('form.valuePlaceholder')}
        error={errors.value?.message}
        {...register('value')}
      />
      <SelectField
        label={t('form.appliesTo')}
        error={errors.appliesTo?.message}
        {...register('appliesTo')}
      >
        {APPLIES_TO.map((value) => (
          <option key={value} value={value}>
            {t(`appliesTo.${value}`)}
          </option>
        ))}
      </SelectField>
      <CategorySelect
        kind={appliesTo === 'both' ? 'all' : appliesTo}
        label={t('form.category')}
        extraCategories={[rule?.category]}
        error={errors.category?.message}
        {...register('category')}
      />
      <TextField
        label={t('form.rename')}
        autoComplete="off"
        maxLength={MAX_NAME_LENGTH}
        placeholder={t('form.renamePlaceholder')}
        error={errors.rename?.message}
        {...register('rename')}
      />
      <SelectField
        label={t('form.transferAccount')}
        hint={t('form.transferAccountHint')}
        error={errors.transferAccountId?.message}
        {...register('transferAccountId')}
      >
        <option value="">{t('form.noTransfer')}</option>
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
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={isBusy}>
          {isBusy ? t('form.saving') : rule ? t('form.saveChanges') : t('form.add')}
        </Button>
      </div>
    </form>
  );
}
