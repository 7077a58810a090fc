import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { MoreIcon } from './action-icons';

export type RowAction = {
  label: string;
  onSelect: () => void;
  /** A destructive action is shown in red. */
  isDanger?: boolean;
  isDisabled?: boolean;
};

type RowActionsProps = {
  /** The button's accessible name, e.g. "Actions for Rent". */
  label: string;
  actions: readonly RowAction[];
};

type Position = { top: number; right: number };

const GAP = 4;

/**
 * The one row-action style of every table: a "⋯" button that opens a menu (WAI-ARIA menu button).
 * The menu is drawn in a portal with a fixed position, so the table's scrolling box never clips it.
 * Arrow keys, Home and End move between the items; Escape and Tab close it and give the focus back
 * to the button.
 */
export function RowActions({ label, actions }: RowActionsProps) {
  const { t } = useTranslation();
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
      menu.querySelector<HTMLElement>('[role="menuitem"]:not(:disabled)')?.focus();
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

  function items(): HTMLElement[] {
    return Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not(:disabled)') ?? [],
    );
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = items();
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

  return (
    <>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={label}
        title={t('rowActions')}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => (isOpen ? close(false) : setIsOpen(true))}
        onKeyDown={onButtonKeyDown}
        className="inline-flex size-9 items-center justify-center rounded-lg text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white"
      >
        <MoreIcon className="size-5" />
      </button>
      {isOpen
        ? createPortal(
            <div
              ref={menuRef}
              id={menuId}
              role="menu"
              aria-labelledby={buttonId}
              onKeyDown={onMenuKeyDown}
              // A row that reacts to clicks (budgets) must not see the ones made in its menu.
              onClick={(event) => event.stopPropagation()}
              style={
                position
                  ? { top: position.top, right: position.right }
                  : { top: 0, right: 0, visibility: 'hidden' }
              }
              className="fixed z-40 min-w-36 rounded-lg border border-neutral-200 bg-white py-1 shadow-lg dark:border-neutral-700 dark:bg-neutral-900"
            >
              {actions.map((action) => (
                <button
                  key={action.label}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  disabled={action.isDisabled}
                  onClick={() => {
                    close(true);
                    action.onSelect();
                  }}
                  className={`block w-full px-4 py-2 text-left text-sm whitespace-nowrap hover:bg-neutral-100 focus:bg-neutral-100 focus:outline-none disabled:opacity-60 dark:hover:bg-neutral-800 dark:focus:bg-neutral-800 ${
                    action.isDanger
                      ? 'text-red-700 dark:text-red-400'
                      : 'text-neutral-800 dark:text-neutral-100'
                  }`}
                >
                  {action.label}
                </button>
              ))}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
