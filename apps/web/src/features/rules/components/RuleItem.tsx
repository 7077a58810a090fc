import type { Rule } from '@moneta/shared/rule-schemas';
import { Trans, useTranslation } from 'react-i18next';
import { PencilIcon, TrashIcon } from '@/components/ui/action-icons';
import { Button } from '@/components/ui/Button';
import { useCategoryName } from '@/lib/categories/category-name';
import { useCanWrite } from '@/lib/households/use-can-write';
import { moveButtonId, type Direction } from '../hooks/use-rule-order';
import { appliesToOf, ruleCondition } from './rule-text';

type RuleItemProps = {
  rule: Rule;
  /** The rule's place in the list, from 1. */
  number: number;
  isFirst: boolean;
  isLast: boolean;
  /** How many transactions the rule just changed, once applied. */
  appliedCount: number | undefined;
  onMove: (rule: Rule, direction: Direction) => void;
  onApply: (rule: Rule) => void;
  onEdit: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
};

/** One rule of the list: what it matches, the category it gives, and its buttons. */
export function RuleItem({
  rule,
  number,
  isFirst,
  isLast,
  appliedCount,
  onMove,
  onApply,
  onEdit,
  onDelete,
}: RuleItemProps) {
  const { t } = useTranslation('rules');
  const categoryName = useCategoryName();
  const condition = ruleCondition(t, rule);
  const canWrite = useCanWrite();
  return (
    <li
      aria-label={t('list.item', {
        number,
        condition,
        category: categoryName(rule.category),
      })}
      className="flex flex-wrap items-center gap-3 px-4 py-3"
    >
      <span
        aria-hidden="true"
        className="w-6 shrink-0 text-sm font-semibold text-neutral-500 tabular-nums dark:text-neutral-400"
      >
        {number}.
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <p className="break-words text-neutral-900 dark:text-white">
          {condition} → <span className="font-semibold">{categoryName(rule.category)}</span>
        </p>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {rule.rename
            ? t('list.appliesToRenamed', {
                appliesTo: t(`appliesTo.${appliesToOf(rule.isIncome)}`),
                name: rule.rename,
              })
            : t(`appliesTo.${appliesToOf(rule.isIncome)}`)}
        </p>
        {appliedCount === undefined ? null : (
          <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
            {t('list.applied', { count: appliedCount })}
          </p>
        )}
      </div>
      {canWrite ? (
        <div className="flex flex-wrap items-center gap-1">
          <Button
            id={moveButtonId(rule, 'up')}
            variant="ghost"
            size="sm"
            aria-label={t('list.moveUp', { number })}
            title={t('list.moveUpTitle')}
            disabled={isFirst}
            onClick={() => onMove(rule, 'up')}
          >
            <span aria-hidden="true">↑</span>
          </Button>
          <Button
            id={moveButtonId(rule, 'down')}
            variant="ghost"
            size="sm"
            aria-label={t('list.moveDown', { number })}
            title={t('list.moveDownTitle')}
            disabled={isLast}
            onClick={() => onMove(rule, 'down')}
          >
            <span aria-hidden="true">↓</span>
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onApply(rule)}>
            <Trans
              t={t}
              i18nKey="list.apply"
              values={{ number }}
              components={{ hidden: <span className="sr-only" /> }}
            />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('list.edit', { number })}
            title={t('list.editTitle')}
            onClick={() => onEdit(rule)}
          >
            <PencilIcon />
          </Button>
          <Button
            variant="ghost-danger"
            size="sm"
            aria-label={t('list.delete', { number })}
            title={t('list.deleteTitle')}
            onClick={() => onDelete(rule)}
          >
            <TrashIcon />
          </Button>
        </div>
      ) : null}
    </li>
  );
}
