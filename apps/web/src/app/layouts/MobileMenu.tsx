import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ThemeToggle } from '@/components/ThemeToggle';
import { Button } from '@/components/ui/Button';
import { CloseIcon, LogoutIcon } from '@/components/ui/icons';
import { useModalFocus } from '@/hooks/use-modal-focus';
import { CurrencyPicker } from '@/components/CurrencyPicker';
import { NAV_ITEMS } from './nav-items';

type MobileMenuProps = {
  id: string;
  isOpen: boolean;
  onClose: () => void;
  onLogout: () => void;
  email: string | undefined;
};

/** The slide-in menu of small screens: the same links and controls as the navigation bar. */
export function MobileMenu({ id, isOpen, onClose, onLogout, email }: MobileMenuProps) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useModalFocus(panelRef, { isOpen, onClose, initialFocusRef: closeRef });

  return createPortal(
    <div
      className={`fixed inset-0 z-50 xl:hidden ${isOpen ? '' : 'pointer-events-none invisible'}`}
      aria-hidden={!isOpen}
    >
      <div
        aria-hidden="true"
        onClick={onClose}
        className={`absolute inset-0 bg-neutral-950/50 transition-opacity duration-200 ${
          // starting: the first opening mounts the menu open; it fades and slides in all the same.
          isOpen ? 'opacity-100 starting:opacity-0' : 'opacity-0'
        }`}
      />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label={t('shell.menu')}
        className={`absolute inset-y-0 right-0 flex w-80 max-w-[85vw] flex-col overflow-y-auto border-l border-neutral-200 bg-white shadow-xl transition-transform duration-200 ease-out dark:border-neutral-800 dark:bg-neutral-900 ${
          isOpen ? 'translate-x-0 starting:translate-x-full' : 'translate-x-full'
        }`}
      >
        <div className="flex h-16 items-center justify-between border-b border-neutral-200 px-4 dark:border-neutral-800">
          <span className="font-semibold text-neutral-900 dark:text-white">{t('shell.menu')}</span>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label={t('shell.closeMenu')}
            className="inline-flex size-10 items-center justify-center rounded-lg text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800"
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t('shell.mobileNav')} className="flex-1 px-3 py-4">
          <ul className="space-y-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  onClick={onClose}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2.5 text-base font-medium ${
                      isActive
                        ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200'
                        : 'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800'
                    }`
                  }
                >
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-4 border-t border-neutral-200 p-4 dark:border-neutral-800">
          <CurrencyPicker showLabel />
          <div className="flex items-center justify-between gap-3">
            <span className="text-sm font-medium text-neutral-800 dark:text-neutral-200">
              {t('shell.theme')}
            </span>
            <ThemeToggle />
          </div>
          {email ? (
            <p className="truncate text-sm text-neutral-600 dark:text-neutral-400">
              {t('shell.signedInAs', { email })}
            </p>
          ) : null}
          <Button variant="secondary" className="w-full" onClick={onLogout}>
            <LogoutIcon className="size-4" />
            {t('shell.logout')}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
