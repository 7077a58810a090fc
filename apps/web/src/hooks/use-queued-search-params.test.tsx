import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useQueuedSearchParams } from './use-queued-search-params';

function renderAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const [params, update] = useQueuedSearchParams();
      return { params, update, location: useLocation(), navigate: useNavigate() };
    },
    { wrapper },
  );
}

describe('useQueuedSearchParams', () => {
  it('builds the second change on the first when both come before a render', () => {
    const { result } = renderAt('/list?category=Bills');
    const { update } = result.current;
    act(() => {
      update((next) => next.delete('category'));
      update((next) => next.set('from', '2026-03-05'));
      update((next) => next.set('to', '2026-03-10'));
    });
    expect(result.current.location.search).toBe('?from=2026-03-05&to=2026-03-10');
    expect(result.current.params.get('category')).toBeNull();
  });

  it('builds on what is shown after a render', () => {
    const { result } = renderAt('/list');
    act(() => result.current.update((next) => next.set('type', 'income')));
    act(() => result.current.update((next) => next.set('page', '2')));
    expect(result.current.location.search).toBe('?type=income&page=2');
  });

  it('starts afresh after a navigation it did not make', () => {
    const { result } = renderAt('/list?q=oat');
    act(() => result.current.update((next) => next.set('type', 'expense')));
    act(() => void result.current.navigate('/list?category=Food'));
    act(() => result.current.update((next) => next.set('from', '2026-01-01')));
    expect(result.current.location.search).toBe('?category=Food&from=2026-01-01');
  });
});
