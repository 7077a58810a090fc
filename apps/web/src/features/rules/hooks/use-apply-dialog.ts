import type { Rule } from '@moneta/shared/rule-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useApplyRule } from '../api/rules';

/**
 * The Apply dialog, a rule applied to the transactions already there: the rule asked about, the answer once
 * confirmed (how many changed, shown under the rule), and the dialog's busy and failed states.
 */
export function useApplyDialog() {
  const { t } = useTranslation('rules');
  const applyRule = useApplyRule();
  const [applying, setApplying] = useState<Rule | null>(null);
  const [applied, setApplied] = useState<{ ruleId: string; updated: number } | null>(null);

  function apply() {
    if (!applying) return;
    const rule = applying;
    applyRule.mutate(rule._id, {
      onSuccess: ({ updated }) => {
        setApplying(null);
        setApplied({ ruleId: rule._id, updated });
        toast.success(t('page.appliedToast', { count: updated }));
      },
    });
  }

  function cancel() {
    setApplying(null);
    applyRule.reset();
  }

  return {
    applying,
    applied,
    ask: setApplying,
    apply,
    cancel,
    isApplying: applyRule.isPending,
    failure: applyRule.isError ? errorMessage(applyRule.error, t('applyDialog.failed')) : null,
  };
}
