import type { Rule } from '@moneta/shared';
import type { RuleRow } from '../../db/schema';

export function toRuleDto(row: RuleRow): Rule {
  return {
    _id: row.id,
    field: row.field,
    operator: row.operator,
    value: row.value,
    isIncome: row.isIncome,
    category: row.category,
    rename: row.rename,
    transferAccountId: row.transferAccountId,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
