import { useState } from 'react';

/**
 * Whether a dialog has been open at least once: a page renders a dialog loaded with React.lazy
 * only from its first opening, so that its code (a form, and zod with it) loads then rather than
 * before the page's first render (docs/decisions.md, WEB-42). Once opened it stays rendered, so
 * that it closes as it opened and opens again at once.
 */
export function useOpenedOnce(isOpen: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(isOpen);
  // State kept from an earlier render, set while rendering (React's pattern for it).
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened || isOpen;
}
