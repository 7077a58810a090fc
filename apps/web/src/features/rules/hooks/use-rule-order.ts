import type { Rule } from '@moneta/shared/rule-schemas';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useMoveRule } from '../api/rules';

export type Direction = 'up' | 'down';

export const moveButtonId = (rule: Rule, direction: Direction) => `rule-${rule._id}-${direction}`;

/**
 * Moves a rule one place up or down, one move at a time. After a move, the moved rule's button
 * keeps the focus (the list is re-rendered in the new order); at the top or bottom, its other
 * button takes it.
 */
export function useRuleOrder(list: readonly Rule[]) {
  const { t } = useTranslation('rules');
  const moveRule = useMoveRule();
  const focusAfterMoveRef = useRef<{ id: string; direction: Direction } | null>(null);

  useEffect(() => {
    const wanted = focusAfterMoveRef.current;
    const rule = wanted && list.find((item) => item._id === wanted.id);
    if (!wanted || !rule) return;
    focusAfterMoveRef.current = null;
    const same = document.getElementById(moveButtonId(rule, wanted.direction));
    const other = document.getElementById(
      moveButtonId(rule, wanted.direction === 'up' ? 'down' : 'up'),
    );
    const target = same instanceof HTMLButtonElement && !same.disabled ? same : other;
    target?.focus();
  }, [list]);

  function move(rule: Rule, direction: Direction) {
    // One move at a time; the buttons stay enabled so that the focus is never lost.
    if (moveRule.isPending) return;
    const position = rule.position + (direction === 'up' ? -1 : 1);
    focusAfterMoveRef.current = { id: rule._id, direction };
    moveRule.mutate(
      { rule, position },
      {
        onError: (error) => toast.error(errorMessage(error, t('page.moveFailed'))),
      },
    );
  }

  return move;
}
