import type { Rule, RuleField, RuleOperator } from '@moneta/shared/rule-schemas';

export const FIELD_LABELS: Record<RuleField, string> = { name: 'Name', note: 'Note' };

export const OPERATOR_LABELS: Record<RuleOperator, string> = {
  contains: 'contains',
  equals: 'is',
  startsWith: 'starts with',
};

/** Which transactions a rule is for, as the form's select offers it. */
export const APPLIES_TO = ['both', 'expense', 'income'] as const;
export type AppliesTo = (typeof APPLIES_TO)[number];

export const APPLIES_TO_LABELS: Record<AppliesTo, string> = {
  both: 'Expenses and income',
  expense: 'Expenses only',
  income: 'Income only',
};

export function appliesToOf(isIncome: boolean | null): AppliesTo {
  return isIncome === null ? 'both' : isIncome ? 'income' : 'expense';
}

export function isIncomeOf(appliesTo: AppliesTo): boolean | null {
  return appliesTo === 'both' ? null : appliesTo === 'income';
}

/** 'Name contains "rewe"': the condition of a rule, in words. */
export function ruleCondition(rule: Pick<Rule, 'field' | 'operator' | 'value'>): string {
  return `${FIELD_LABELS[rule.field]} ${OPERATOR_LABELS[rule.operator]} "${rule.value}"`;
}
