import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const FIRST_FIELD =
  'input:not([disabled]):not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), select:not([disabled]), textarea:not([disabled])';

/** Open modals, innermost last: only the innermost one reacts to keys (a prompt over a form). */
const openModals: object[] = [];

type ModalFocusOptions = {
  isOpen: boolean;
  onClose: () => void;
  /** What gets focus on open; by default the first focusable element, else the container. */
  initialFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * Focus handling of anything modal (dialogs, the mobile menu) rendered outside #root: focus moves
 * in and stays in (Tab wraps), Escape closes, the app behind is inert and the page does not
 * scroll, and focus goes back to where it was on close. Modals may be stacked (a confirmation over
 * a form): the innermost one owns the keyboard and the app stays inert until the last one closes.
 */
export function useModalFocus(
  containerRef: RefObject<HTMLElement | null>,
  { isOpen, onClose, initialFocusRef }: ModalFocusOptions,
): void {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!isOpen) return;
    const token = {};
    openModals.push(token);
    const previouslyFocused =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const appRoot = document.getElementById('root');
    if (appRoot) appRoot.inert = true;
    const { documentElement } = document;
    const previousOverflow = documentElement.style.overflow;
    documentElement.style.overflow = 'hidden';

    const container = containerRef.current;
    // A form's first field, rather than a link or switch above it; else the first control.
    const first =
      initialFocusRef?.current ??
      container?.querySelector<HTMLElement>(FIRST_FIELD) ??
      container?.querySelector<HTMLElement>(FOCUSABLE) ??
      container;
    first?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (openModals.at(-1) !== token) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !container) return;
      const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const firstElement = focusable[0];
      const lastElement = focusable.at(-1);
      if (!firstElement || !lastElement) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === firstElement || !container.contains(active))) {
        event.preventDefault();
        lastElement.focus();
      } else if (!event.shiftKey && (active === lastElement || !container.contains(active))) {
        event.preventDefault();
        firstElement.focus();
      }
    }

    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openModals.splice(openModals.indexOf(token), 1);
      documentElement.style.overflow = previousOverflow;
      if (appRoot && openModals.length === 0) appRoot.inert = false;
      previouslyFocused?.focus();
    };
  }, [isOpen, containerRef, initialFocusRef]);
}
