import type { Rule, RuleInput } from '@moneta/shared/rule-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

const rulePath = (id: string) => `/rules/${encodeURIComponent(id)}`;

/**
 * The user's rules in the order they are tried: the first that matches wins (docs/architecture.md,
 * Rules).
 */
export function useRules() {
  return useQuery({ queryKey: queryKeys.rules.list, queryFn: () => api.get<Rule[]>('/rules') });
}

/** A rule as the API takes it back (to move it, or to save it unchanged but for one field). */
export function ruleInputOf(rule: Rule): RuleInput {
  return {
    field: rule.field,
    operator: rule.operator,
    value: rule.value,
    isIncome: rule.isIncome,
    category: rule.category,
    rename: rule.rename,
  };
}

/**
 * Adds a rule, or changes the one whose id is given. Suggestions and the categories of rows
 * already previewed depend on the rules, and a category named here may be a new one.
 */
export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: RuleInput }) =>
      id ? api.put<Rule>(rulePath(id), input) : api.post<Rule>('/rules', input),
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.ruleSave),
  });
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(rulePath(id)),
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.ruleOrder),
  });
}

/**
 * Moves a rule one place up or down. The list shows the new order at once (so that focus can
 * stay on the button pressed) and goes back if the server refuses.
 */
export function useMoveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rule, position }: { rule: Rule; position: number }) =>
      api.put<Rule>(rulePath(rule._id), { ...ruleInputOf(rule), position }),
    onMutate: async ({ rule, position }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.rules.list });
      const before = queryClient.getQueryData<Rule[]>(queryKeys.rules.list);
      if (before) {
        const others = before.filter((item) => item._id !== rule._id);
        others.splice(position - 1, 0, rule);
        queryClient.setQueryData(
          queryKeys.rules.list,
          others.map((item, index) => ({ ...item, position: index + 1 })),
        );
      }
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.rules.list, context.before);
    },
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.ruleOrder),
  });
}

/** Recategorises the existing transactions the rule decides: the lists, totals and budgets move. */
export function useApplyRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ updated: number }>(`${rulePath(id)}/apply`),
    onSuccess: () => invalidateFamilies(queryClient, refreshAfter.ruleApply),
  });
}
