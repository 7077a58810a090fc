import type { Suggestion } from '@moneta/shared/rule-schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The pause in typing after which the name is looked up. */
export const SUGGEST_DEBOUNCE_MS = 300;

export function suggestCategory(name: string, isIncome: boolean): Promise<Suggestion> {
  const query = new URLSearchParams({ name, isIncome: String(isIncome) });
  return api.get<Suggestion>(`/transactions/suggest?${query.toString()}`);
}

/**
 * The category the server suggests for a name being typed (a rule, else the user's history,
 * else the default; docs/architecture.md, Rules), asked once the user pauses. Nothing for an empty
 * name.
 */
export function useCategorySuggestion(name: string, isIncome: boolean, isEnabled: boolean) {
  const [settled, setSettled] = useState(name.trim());
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(name.trim()), SUGGEST_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [name]);
  return useQuery({
    queryKey: queryKeys.rules.suggestion(settled, isIncome),
    queryFn: () => suggestCategory(settled, isIncome),
    enabled: isEnabled && settled !== '',
    staleTime: 60_000,
  });
}
