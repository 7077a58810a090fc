import { useState } from 'react';

/**
 * Whether a select's long list is to be rendered: from its first use (focused, or pressed) on,
 * its chosen option alone before (docs/decisions.md, WEB-65). A press lists the options before
 * the browser opens the list (React flushes a discrete event's update before its default
 * action); a keyboard reaches the select through focus. Spread `listeners` on the select.
 */
export function useListedOnUse(): {
  isListed: boolean;
  listeners: { onFocus: () => void; onPointerDown: () => void };
} {
  const [isListed, setIsListed] = useState(false);
  const list = () => setIsListed(true);
  return { isListed, listeners: { onFocus: list, onPointerDown: list } };
}
