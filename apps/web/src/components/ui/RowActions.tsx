import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { MoreIcon } from './action-icons';
import { useRowActionsMenu } from './use-row-actions-menu';

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

/**
 * The one row-action style of every table: a "⋯" button that opens a menu (WAI-ARIA menu button).
 * The menu is drawn in a portal with a fixed position, so the table's scrolling box never clips it.
 * Arrow keys, Home and End move between the items; Escape and Tab close it and give the focus back
 * to the button.
 */
export function RowActions({ label, actions }: RowActionsProps) {
  const { t } = useTranslation();
  const {
    isOpen,
    position,
    buttonRef,
    menuRef,
    buttonId,
    menuId,
    toggle,
    close,
    onMenuKeyDown,
    onButtonKeyDown,
  } = useRowActionsMenu();

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
        onClick={toggle}
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
