import type { ChangeDomain } from '@moneta/shared/change-event-schemas';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getToken } from './token';
import { invalidateFamilies, queryKeys } from './query-keys';

/**
 * What each domain of a change (docs/api.md, Live changes) moves on screen. A transaction moves
 * balances, budgets' spending, reports and tags too; rates move every converted total.
 */
const FAMILIES_OF: Record<ChangeDomain, readonly QueryKey[]> = {
  transactions: [
    queryKeys.transactions.all,
    queryKeys.accounts.all,
    queryKeys.budgets.all,
    queryKeys.reports.all,
    queryKeys.tags.all,
    queryKeys.attachments.all,
    queryKeys.categories.all,
  ],
  accounts: [queryKeys.accounts.all, queryKeys.transactions.all, queryKeys.reports.all],
  budgets: [queryKeys.budgets.all],
  categories: [queryKeys.categories.all, queryKeys.transactions.all, queryKeys.budgets.all],
  goals: [queryKeys.budgets.goals],
  recurring: [queryKeys.recurring.all],
  rules: [queryKeys.rules.all],
  receipts: [queryKeys.receipts.all],
  imports: [queryKeys.imports.all],
  rates: [
    queryKeys.rates.all,
    queryKeys.accounts.all,
    queryKeys.transactions.all,
    queryKeys.budgets.all,
    queryKeys.reports.all,
  ],
  households: [queryKeys.households.all],
};

/** The families to refresh for the domains of one event, each once. */
export function familiesToRefresh(domains: readonly string[]): QueryKey[] {
  const families = new Map<string, QueryKey>();
  for (const domain of domains) {
    for (const family of FAMILIES_OF[domain as ChangeDomain] ?? []) {
      families.set(JSON.stringify(family), family);
    }
  }
  return [...families.values()];
}

/** How long to wait before reconnecting when the server named no `retry:` (or refused). */
const DEFAULT_RETRY_MS = 3_000;
const REFUSED_RETRY_MS = 30_000;

/** Reads server-sent events from `body`, calling `onEvent` for each `event: change`. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onChange: (domains: string[]) => void,
  onRetry: (ms: number) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
      }
      const retry = Number(fields.get('retry'));
      if (retry > 0) onRetry(retry);
      if (fields.get('event') === 'change') {
        try {
          const { domains } = JSON.parse(fields.get('data') ?? '') as { domains?: unknown };
          if (Array.isArray(domains)) onChange(domains.map(String));
        } catch {
          // Not an event of ours: nothing to refresh.
        }
      }
    }
  }
}

/**
 * Listens to the household's changes while mounted: each event refreshes only the queries of
 * the domains it names. Read with fetch rather than an EventSource, which cannot send the bearer
 * token; reconnects after the server's `retry:`. Each time the stream opens, the first time
 * included, everything is refreshed once: what the page read before the server listened may
 * have changed meanwhile (a page's data is asked for with its code, the stream only once the
 * households are known), and no event will say so.
 */
function listen(householdId: string, queryClient: QueryClient): () => void {
  const abort = new AbortController();
  let retryMs = DEFAULT_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const refresh = (domains: readonly string[]) =>
    void invalidateFamilies(queryClient, familiesToRefresh(domains));

  async function connect(): Promise<void> {
    let wait = retryMs;
    try {
      const token = getToken();
      const response = await fetch(`/api/events?household=${encodeURIComponent(householdId)}`, {
        headers: {
          Accept: 'text/event-stream',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        signal: abort.signal,
      });
      if (response.ok && response.body) {
        refresh(Object.keys(FAMILIES_OF));
        await readEvents(response.body, refresh, (ms) => (retryMs = wait = ms));
      } else {
        wait = REFUSED_RETRY_MS;
        await response.body?.cancel();
      }
    } catch {
      // The connection dropped (or was closed here): try again unless closed here.
    }
    if (!abort.signal.aborted) timer = setTimeout(() => void connect(), wait);
  }

  void connect();
  return () => {
    abort.abort();
    clearTimeout(timer);
  };
}

/** Live changes of the household while `householdId` is set (docs/api.md, Live changes). */
export function useLiveChanges(householdId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!householdId) return;
    return listen(householdId, queryClient);
  }, [householdId, queryClient]);
}
