import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOpenedOnce } from './use-opened-once';

describe('useOpenedOnce', () => {
  it('is false until the first opening, then stays true when closed', () => {
    const { result, rerender } = renderHook(({ isOpen }) => useOpenedOnce(isOpen), {
      initialProps: { isOpen: false },
    });
    expect(result.current).toBe(false);
    rerender({ isOpen: false });
    expect(result.current).toBe(false);
    rerender({ isOpen: true });
    expect(result.current).toBe(true);
    rerender({ isOpen: false });
    expect(result.current).toBe(true);
  });

  it('is true at once for a dialog open from the start', () => {
    const { result } = renderHook(() => useOpenedOnce(true));
    expect(result.current).toBe(true);
  });
});
