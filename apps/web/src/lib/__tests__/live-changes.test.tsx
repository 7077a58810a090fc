import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CHANGE_DOMAINS } from '@moneta/shared/change-event-schemas';
import { familiesToRefresh, useLiveChanges } from '@/lib/live-changes';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** A stream answer that sends `events` and then stays open, as the server's does. */
function streamOf(events: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events) controller.enqueue(encoder.encode(event));
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

describe('live changes', () => {
  it('opens the household’s stream with the session, catches up once, then refreshes only the domains named', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      streamOf([
        'retry: 3000\n: listening\n\n',
        'event: change\ndata: {"domains":["budgets","rules"]}\n\n',
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    const refreshed = vi.spyOn(queryClient, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useLiveChanges('household-1'), { wrapper });

    // Once open, every family once (what was read before the server listened may have
    // changed), then the two the event names.
    const everyFamily = familiesToRefresh(CHANGE_DOMAINS);
    await waitFor(() => expect(refreshed).toHaveBeenCalledTimes(everyFamily.length + 2));
    const keys = refreshed.mock.calls.map(([filters]) => filters?.queryKey);
    expect(new Set(keys.slice(0, -2).map((key) => JSON.stringify(key)))).toEqual(
      new Set(everyFamily.map((key) => JSON.stringify(key))),
    );
    expect(keys.slice(-2)).toEqual([queryKeys.budgets.all, queryKeys.rules.all]);
    expect(everyFamily).toContainEqual(queryKeys.transactions.all);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/events?household=household-1');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jwt-token');
    unmount();
    expect(init?.signal?.aborted).toBe(true);
  });

  it('opens nothing without a household to listen to', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    renderHook(() => useLiveChanges(undefined), {
      wrapper: ({ children }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      ),
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
