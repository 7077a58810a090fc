import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';

type Position = { top: number; right: number };

const GAP = 4;
const ITEMS = '[role="menuitem"]:not(:disabled)';

/**
 * The state and keyboard of a row's action menu (WAI-ARIA menu button): where the fixed menu
 * sits, the focus on its first item once placed, and a click elsewhere, a scroll or a resize.
 */
export function useRowActionsMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const [position, setPosition] = useState<Position | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setIsOpen(false);
    setPosition(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // Below the button, or above it when the screen has no room left underneath.
  const place = useCallback(() => {
    const button = buttonRef.current;
    const menu = menuRef.current;
    if (!button || !menu) return;
    const rect = button.getBoundingClientRect();
    const height = menu.offsetHeight;
    const below = rect.bottom + GAP;
    const top =
      below + height > window.innerHeight && rect.top - GAP - height > 0
        ? rect.top - GAP - height
        : below;
    setPosition({ top, right: Math.max(GAP, window.innerWidth - rect.right) });
  }, []);

  useLayoutEffect(() => {
    if (isOpen) place();
  }, [isOpen, place]);

  // Once placed (and so visible: a hidden element cannot take the focus), the first item has it.
  const isPlaced = position !== null;
  useEffect(() => {
    if (!isPlaced) return;
    const menu = menuRef.current;
    if (menu && !menu.contains(document.activeElement)) {
      menu.querySelector<HTMLElement>(ITEMS)?.focus();
    }
  }, [isPlaced]);

  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      close(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [isOpen, close, place]);

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(list.length - 1);
        break;
      case 'Escape':
      case 'Tab':
        close(true);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
    }
  }

  return {
    isOpen,
    position,
    buttonRef,
    menuRef,
    buttonId,
    menuId,
    toggle: () => (isOpen ? close(false) : setIsOpen(true)),
    close,
    onMenuKeyDown,
    onButtonKeyDown,
  };
}
