import { CURRENCIES, type CurrencyCode } from '@moneta/shared/currencies';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from 'react-toastify';
import { CurrencyFlag } from '@/components/CurrencyFlag';
import { CheckIcon, ChevronDownIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/input-styles';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { useCurrency } from '@/lib/auth/use-currency';
import { useUpdateSetup } from '@/lib/auth/update-setup';

/** How long typed letters add up to one search, as in the APG example. */
const TYPEAHEAD_MS = 500;
const PAGE_STEP = 10;
const GAP = 4;

/**
 * The index of the first currency after `start` (wrapping round) whose code or name begins with
 * `search`; a run of one letter ("ccc") steps through the currencies that begin with it.
 */
function matchIndex(search: string, start: number): number {
  const ordered = [...CURRENCIES.slice(start), ...CURRENCIES.slice(0, start)];
  const startsWith = (text: string) =>
    ordered.find(
      (option) =>
        option.code.toLowerCase().startsWith(text) || option.name.toLowerCase().startsWith(text),
    );
  const isOneLetter = [...search].every((letter) => letter === search[0]);
  const match = startsWith(search) ?? (isOneLetter ? startsWith(search.slice(0, 1)) : undefined);
  return match ? CURRENCIES.indexOf(match) : -1;
}

/**
 * Changes the user's default currency; it is saved on the server so it persists
 * (docs/architecture.md, Product rules).
 *
 * A select-only combobox (WAI-ARIA APG) rather than a native select, because an option cannot
 * hold the flag's image. The focus stays on the button; the listbox's active option is named by
 * aria-activedescendant. Tab, Escape and a click elsewhere close the list without choosing, so
 * nothing is saved by leaving it.
 */
export function CurrencyPicker({
  className = '',
  showLabel = false,
}: {
  className?: string;
  showLabel?: boolean;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const listboxId = `${id}-listbox`;
  const optionId = (code: CurrencyCode) => `${id}-${code}`;

  const currency = useCurrency();
  const { user } = useUser();
  const updateMutation = useUpdateSetup();
  const isBusy = updateMutation.isPending;
  const shownCurrency = isBusy ? (updateMutation.variables?.defaultCurrency ?? currency) : currency;
  const shownIndex = Math.max(
    0,
    CURRENCIES.findIndex((option) => option.code === shownCurrency),
  );
  const shown = CURRENCIES[shownIndex] ?? CURRENCIES[0];

  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(shownIndex);
  const [isAbove, setIsAbove] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listboxRef = useRef<HTMLUListElement>(null);
  const search = useRef({ text: '', timer: 0 });

  function open(index = shownIndex) {
    if (isBusy) return;
    setActiveIndex(index);
    setIsOpen(true);
  }

  function close() {
    setIsOpen(false);
  }

  function choose(index: number) {
    close();
    const option = CURRENCIES[index];
    if (!option || isBusy || option.code === currency) return;
    updateMutation.mutate(
      // The time zone chosen stays as it is.
      { defaultCurrency: option.code, timeZone: user?.timeZone },
      {
        onError: (error) => {
          toast.error(errorMessage(error, 'Could not change the currency. Please try again.'));
        },
      },
    );
  }

  function typeAhead(letter: string) {
    window.clearTimeout(search.current.timer);
    search.current.text += letter.toLowerCase();
    search.current.timer = window.setTimeout(() => {
      search.current.text = '';
    }, TYPEAHEAD_MS);
    const from = isOpen ? activeIndex + 1 : shownIndex + 1;
    const index = matchIndex(search.current.text, from % CURRENCIES.length);
    if (index >= 0) open(index);
    else {
      if (!isOpen) open();
      search.current.text = '';
    }
  }

  useEffect(() => () => window.clearTimeout(search.current.timer), []);

  // Below the button, or above it when the screen has no room left underneath (the phone menu).
  useLayoutEffect(() => {
    if (!isOpen) return;
    const button = buttonRef.current;
    const listbox = listboxRef.current;
    if (!button || !listbox) return;
    const rect = button.getBoundingClientRect();
    const height = listbox.offsetHeight;
    setIsAbove(rect.bottom + GAP + height > window.innerHeight && rect.top - GAP - height > 0);
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    const option = CURRENCIES[activeIndex];
    if (option)
      document.getElementById(optionId(option.code))?.scrollIntoView?.({ block: 'nearest' });
  });

  // A click anywhere else closes the list (a click on a non-focusable spot does not blur).
  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (buttonRef.current?.contains(target) || listboxRef.current?.contains(target)) return;
      setIsOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const { key, altKey, ctrlKey, metaKey } = event;
    const last = CURRENCIES.length - 1;
    if (key.length === 1 && key !== ' ' && !ctrlKey && !metaKey && !altKey) {
      event.preventDefault();
      typeAhead(key);
      return;
    }
    // A space while letters are being typed is part of the search ("United S…").
    if (key === ' ' && search.current.text) {
      event.preventDefault();
      typeAhead(key);
      return;
    }
    if (!isOpen) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(key)) open();
      else if (key === 'Home') open(0);
      else if (key === 'End') open(last);
      else return;
      event.preventDefault();
      return;
    }
    switch (key) {
      case 'ArrowDown':
        setActiveIndex(Math.min(last, activeIndex + 1));
        break;
      case 'ArrowUp':
        if (altKey) choose(activeIndex);
        else setActiveIndex(Math.max(0, activeIndex - 1));
        break;
      case 'PageDown':
        setActiveIndex(Math.min(last, activeIndex + PAGE_STEP));
        break;
      case 'PageUp':
        setActiveIndex(Math.max(0, activeIndex - PAGE_STEP));
        break;
      case 'Home':
        setActiveIndex(0);
        break;
      case 'End':
        setActiveIndex(last);
        break;
      case 'Enter':
      case ' ':
        choose(activeIndex);
        break;
      case 'Escape':
        // Only the list closes, not a menu or dialog the picker sits in.
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        close();
        return;
      default:
        return;
    }
    event.preventDefault();
  }

  const activeOption = CURRENCIES[activeIndex];
  return (
    <div className={`relative ${className}`}>
      <span
        id={labelId}
        className={
          showLabel
            ? 'mb-1.5 block text-sm font-medium text-neutral-800 dark:text-neutral-200'
            : 'sr-only'
        }
      >
        Currency
      </span>
      <button
        ref={buttonRef}
        type="button"
        role="combobox"
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={listboxId}
        aria-activedescendant={isOpen && activeOption ? optionId(activeOption.code) : undefined}
        aria-disabled={isBusy || undefined}
        aria-busy={isBusy}
        data-value={shown.code}
        onClick={() => (isOpen ? close() : open())}
        onKeyDown={onKeyDown}
        onBlur={close}
        className={`${inputClasses} flex h-10 items-center gap-2 py-0 text-left aria-disabled:cursor-wait aria-disabled:opacity-70`}
      >
        <CurrencyFlag code={shown.code} />
        <span className="min-w-0 flex-1 truncate">{`${shown.code} (${shown.symbol})`}</span>
        <ChevronDownIcon
          className={`size-4 shrink-0 text-neutral-500 transition-transform dark:text-neutral-400 ${isOpen ? 'rotate-180' : ''}`}
        />
      </button>
      <ul
        ref={listboxRef}
        id={listboxId}
        role="listbox"
        aria-label="Currencies"
        hidden={!isOpen}
        tabIndex={-1}
        // The focus stays on the button, so the list stays open until a click chooses.
        onMouseDown={(event) => event.preventDefault()}
        className={`absolute right-0 z-40 max-h-80 w-max max-w-[calc(100vw-2rem)] min-w-full overflow-y-auto rounded-lg border border-neutral-200 bg-white py-1 shadow-lg dark:border-neutral-700 dark:bg-neutral-900 ${
          isAbove ? 'bottom-full mb-1' : 'top-full mt-1'
        }`}
      >
        {CURRENCIES.map((option, index) => {
          const isActive = index === activeIndex;
          const isCurrent = option.code === shown.code;
          return (
            // Keyboard use goes through the combobox button (aria-activedescendant).
            <li
              key={option.code}
              id={optionId(option.code)}
              role="option"
              aria-selected={isActive}
              onMouseMove={() => setActiveIndex(index)}
              onClick={() => choose(index)}
              className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-neutral-800 dark:text-neutral-100 ${
                isActive ? 'bg-neutral-100 dark:bg-neutral-800' : ''
              }`}
            >
              {/* Lazy: a closed list's seven flags would be fetched with every page. */}
              <CurrencyFlag code={option.code} loading="lazy" />
              <span className="font-medium">{option.code}</span>{' '}
              <span className="min-w-0 flex-1 truncate text-neutral-600 dark:text-neutral-400">
                {option.name}
              </span>{' '}
              <span className="w-4 text-right">{option.symbol}</span>
              <CheckIcon
                className={`size-4 shrink-0 text-emerald-700 dark:text-emerald-400 ${isCurrent ? '' : 'invisible'}`}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
