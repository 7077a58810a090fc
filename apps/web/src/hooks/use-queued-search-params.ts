import { useCallback, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

type Written = {
  /** The query strings this hook has written, starting with the one on screen when it began. */
  chain: string[];
  latest: URLSearchParams;
};

/**
 * `useSearchParams` whose updates build on each other. react-router hands an updater the
 * query string of the last render, and BrowserRouter renders a navigation as a transition, so
 * two changes made before that render (a chip removed, then a date typed) would lose the
 * first. Here an updater gets the query string as this hook last wrote it, as long as what is
 * on screen is one of the steps it wrote; any other navigation (Back, a link) starts afresh.
 */
export function useQueuedSearchParams() {
  const [params, setParams] = useSearchParams();
  const written = useRef<Written | null>(null);
  const shown = params.toString();

  const update = useCallback(
    (change: (next: URLSearchParams) => void, options?: NavigateOptions) => {
      const pending = written.current;
      const at = pending ? pending.chain.indexOf(shown) : -1;
      // Steps before the one on screen have been rendered and are dropped.
      const chain = pending && at >= 0 ? pending.chain.slice(at) : [shown];
      const next = new URLSearchParams(pending && at >= 0 ? pending.latest : params);
      change(next);
      written.current = { chain: [...chain, next.toString()], latest: next };
      setParams(next, options);
    },
    [params, shown, setParams],
  );

  return [params, update] as const;
}
