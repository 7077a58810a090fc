import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHouseholdName } from '@/lib/households/household-name';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { switchHousehold, useHouseholds } from '@/lib/households/get-households';

// Loaded when first opened: its form's rules (zod) have no place in every page's shell.
const CreateHouseholdDialog = lazy(async () => ({
  default: (await import('./CreateHouseholdDialog')).CreateHouseholdDialog,
}));

const ITEM_CLASSES =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-neutral-800 hover:bg-neutral-100 focus:bg-neutral-100 focus:outline-none dark:text-neutral-100 dark:hover:bg-neutral-800 dark:focus:bg-neutral-800';

/**
 * The header's household menu: the active household's name always in sight, the user's other
 * households to move to, "Create household" and the Household page. A menu button (WAI-ARIA):
 * arrows move between its items, Escape closes it and gives the focus back.
 */
export function HouseholdSwitcher({ className = '' }: { className?: string }) {
  const { t } = useTranslation('households');
  const nameOf = useHouseholdName();
  const queryClient = useQueryClient();
  const { households, active, isPending } = useHouseholds();
  const [isOpen, setIsOpen] = useState(false);
  const [isCreating, setIsCreating] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => [
    ...(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []),
  ];

  useEffect(() => {
    if (!isOpen) return;
    const checked = menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (checked ?? items()[0])?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) {
        setIsOpen(false);
      }
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [isOpen]);

  function close(returnFocus = true) {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => all[(to + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') setIsOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  function choose(householdId: string) {
    close();
    void switchHousehold(queryClient, householdId);
  }

  const name = active ? nameOf(active) : isPending ? t('switcher.loading') : t('switcher.unknown');
  return (
    <div className={`relative min-w-0 ${className}`}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-label={t('switcher.label', { name })}
        onClick={() => setIsOpen((open) => !open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setIsOpen(true);
          }
        }}
        className="flex max-w-[9rem] min-w-0 items-center gap-1 rounded-lg border border-neutral-200 bg-white px-2.5 py-1.5 text-sm font-medium text-neutral-800 hover:bg-neutral-50 sm:max-w-[14rem] xl:max-w-[10rem] 2xl:max-w-[14rem] dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800"
      >
        <span className="truncate">{name}</span>
        <span aria-hidden="true" className="text-neutral-500">
          ▾
        </span>
      </button>
      {isOpen ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('switcher.menu')}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-40 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-neutral-200 bg-white p-1 shadow-lg dark:border-neutral-700 dark:bg-neutral-900"
        >
          {households?.map((household) => (
            <button
              key={household._id}
              type="button"
              role="menuitemradio"
              aria-checked={household._id === active?._id}
              tabIndex={-1}
              onClick={() => choose(household._id)}
              className={ITEM_CLASSES}
            >
              <span aria-hidden="true" className="w-4 text-emerald-600 dark:text-emerald-400">
                {household._id === active?._id ? '✓' : ''}
              </span>
              <span className="min-w-0 flex-1 truncate">{nameOf(household)}</span>
              <span className="text-xs text-neutral-500 dark:text-neutral-400">
                {t(`roles.${household.role}`)}
              </span>
            </button>
          ))}
          <div
            role="separator"
            className="my-1 border-t border-neutral-200 dark:border-neutral-700"
          />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              close(false);
              setIsCreating(true);
            }}
            className={ITEM_CLASSES}
          >
            {t('switcher.create')}
          </button>
          <Link
            to={paths.household}
            role="menuitem"
            tabIndex={-1}
            onClick={() => close(false)}
            className={ITEM_CLASSES}
          >
            {t('switcher.manage')}
          </Link>
        </div>
      ) : null}
      {isCreating ? (
        <Suspense fallback={null}>
          <CreateHouseholdDialog isOpen onClose={() => setIsCreating(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
