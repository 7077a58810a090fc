import type { Rule } from '@moneta/shared/rule-schemas';
import type { TFunction } from 'i18next';

/** Which transactions a rule is for, as the form's select offers it. */
export const APPLIES_TO = ['both', 'expense', 'income'] as const;
export type AppliesTo = (typeof APPLIES_TO)[number];

export function appliesToOf(isIncome: boolean | null): AppliesTo {
  return isIncome === null ? 'both' : isIncome ? 'income' : 'expense';
}

export function isIncomeOf(appliesTo: AppliesTo): boolean | null {
  return appliesTo === 'both' ? null : appliesTo === 'income';
}

/**
 * 'Name contains "rewe"': the condition of a rule, in words. One message per field and operator,
 * since languages order and inflect the words differently (docs/i18n.md).
 */
export function ruleCondition(t: TFunction, rule: Pick<Rule, 'field' | 'operator' | 'value'>) {
  return t(`rules:condition.${rule.field}.${rule.operator}`, { value: rule.value });
}
