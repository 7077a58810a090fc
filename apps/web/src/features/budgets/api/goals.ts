import type { Goal, GoalInput } from '@moneta/shared/goal-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The user's savings goals with what is saved and needed per month (server-computed). */
export function getGoals(): Promise<Goal[]> {
  return api.get<Goal[]>('/goals');
}

export const goalsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.budgets.goals, queryFn: getGoals });

export function useGoals() {
  return useQuery(goalsQueryOptions());
}

export function saveGoal({ goalId, input }: { goalId?: string; input: GoalInput }): Promise<Goal> {
  return goalId
    ? api.put<Goal>(`/goals/${encodeURIComponent(goalId)}`, input)
    : api.post<Goal>('/goals', input);
}

export function deleteGoal(goalId: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/goals/${encodeURIComponent(goalId)}`);
}

/** `onError` runs even when the form is gone (closed while saving). */
export function useSaveGoal({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGoal,
    onError,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.budgets.goals }),
  });
}

export function useDeleteGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGoal,
    onSuccess: (_answer, goalId) => {
      queryClient.setQueryData<Goal[]>(queryKeys.budgets.goals, (goals) =>
        goals?.filter((goal) => goal._id !== goalId),
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.budgets.goals });
    },
  });
}
