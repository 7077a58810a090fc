import { useSyncExternalStore } from 'react';

const COARSE_POINTER = '(pointer: coarse)';

function query(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(COARSE_POINTER) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * True on a touch screen (a phone or tablet), where a camera is at hand; it follows a change
 * (a tablet docked to a keyboard and trackpad).
 */
export function useIsCoarsePointer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
