import { CURRENCY_CATALOGUE } from '@moneta/shared/currency-catalogue';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyFlag } from '@/components/CurrencyFlag';
import { CheckIcon, ChevronDownIcon } from '@/components/ui/icons';
import { inputClasses, labelClasses } from '@/components/ui/input-styles';
import { useCurrencyName } from '@/lib/i18n/currency-name';

/** How long typed letters add up to one search, as in the APG example. */
const TYPEAHEAD_MS = 500;
const PAGE_STEP = 10;
const GAP = 4;
const OPTIONS = CURRENCY_CATALOGUE;

/**
 * The code, then each word of the name ("British Pound" → "british", "pound"), lower case: of the
 * catalogue's English name and, in another language, of the name shown ("Pfund Sterling").
 */
function searchableWords(shownName: (option: (typeof OPTIONS)[number]) => string): string[][] {
  return OPTIONS.map((option) =>
    [...new Set([option.name, shownName(option)])].flatMap((name) => [
      ...name.toLowerCase().split(/[\s()]+/),
      name.toLowerCase(),
    ]),
  ).map((words, index) => [OPTIONS[index]!.code.toLowerCase(), ...words]);
}

/**
 * The index of the first currency from `start` on (wrapping round) whose code, name or a word of
 * its name begins with `search` ("gbp", "brit", "pound"); a run of one letter ("ccc") steps
 * through the currencies that begin with it.
 */
function matchIndex(searchable: string[][], search: string, start: number): number {
  const order = OPTIONS.map((_, offset) => (start + offset) % OPTIONS.length);
  const startsWith = (text: string) =>
    order.find((index) => searchable[index]?.some((word) => word.startsWith(text)));
  const isOneLetter = [...search].every((letter) => letter === search[0]);
  return startsWith(search) ?? (isOneLetter ? startsWith(search.slice(0, 1)) : undefined) ?? -1;
}

export type CurrencySelectProps = {
  /** The chosen code; a code outside the catalogue shows as it is, with no option chosen. */
  value: string;
  onChange: (code: string) => void;
  label?: string;
  /** The label above the control (forms, Settings), else only for assistive technology. */
  showLabel?: boolean;
  className?: string;
  /** Takes no choice (a save under way, or a currency that can no longer change). */
  isDisabled?: boolean;
  isBusy?: boolean;
  /** Ids of the hint or error that describe the field. */
  describedBy?: string;
  isInvalid?: boolean;
};

/**
 * Every currency of the catalogue (the original seven first), found by typing the first letters
 * of its code or of any word of its name. A select-only combobox (WAI-ARIA APG) rather than a
 * native select, because an option cannot hold the flag's image. The focus stays on the button;
 * the listbox's active option is named by aria-activedescendant. Tab, Escape and a click
 * elsewhere close the list without choosing.
 */
export function CurrencySelect({
  value,
  onChange,
  label,
  showLabel = false,
  className = '',
  isDisabled = false,
  isBusy = false,
  describedBy,
  isInvalid = false,
}: CurrencySelectProps) {
  const { t } = useTranslation();
  const currencyName = useCurrencyName();
  const searchable = useMemo(() => searchableWords(currencyName), [currencyName]);
  const id = useId();
  const labelId = `${id}-label`;
  const listboxId = `${id}-listbox`;
  const optionId = (code: string) => `${id}-${code}`;

  const valueIndex = OPTIONS.findIndex((option) => option.code === value);
  const shownIndex = Math.max(0, valueIndex);
  const symbol = OPTIONS[valueIndex]?.symbol;
  const isInert = isDisabled || isBusy;

  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(shownIndex);
  const [isAbove, setIsAbove] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listboxRef = useRef<HTMLUListElement>(null);
  const search = useRef({ text: '', timer: 0 });

  function open(index = shownIndex) {
    if (isInert) return;
    setActiveIndex(index);
    setIsOpen(true);
  }

  function close() {
    setIsOpen(false);
  }

  function choose(index: number) {
    close();
    const option = OPTIONS[index];
    if (!option || isInert || option.code === value) return;
    onChange(option.code);
  }

  function typeAhead(letter: string) {
    window.clearTimeout(search.current.timer);
    search.current.text += letter.toLowerCase();
    search.current.timer = window.setTimeout(() => {
      search.current.text = '';
    }, TYPEAHEAD_MS);
    const from = isOpen ? activeIndex + 1 : shownIndex + 1;
    const index = matchIndex(searchable, search.current.text, from % OPTIONS.length);
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
    const option = OPTIONS[activeIndex];
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
    const last = OPTIONS.length - 1;
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

  const activeOption = OPTIONS[activeIndex];
  return (
    <div className={`relative ${className}`}>
      <span id={labelId} className={showLabel ? `${labelClasses} mb-1.5` : 'sr-only'}>
        {label ?? t('currency.label')}
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
        aria-disabled={isInert || undefined}
        aria-busy={isBusy}
        aria-describedby={describedBy}
        aria-invalid={isInvalid || undefined}
        data-value={value}
        onClick={() => (isOpen ? close() : open())}
        onKeyDown={onKeyDown}
        onBlur={close}
        className={`${inputClasses} flex h-10 items-center gap-2 py-0 text-left aria-disabled:opacity-70 ${
          isBusy ? 'aria-disabled:cursor-wait' : 'aria-disabled:cursor-not-allowed'
        }`}
      >
        <CurrencyFlag code={value} />
        <span className="min-w-0 flex-1 truncate">{symbol ? `${value} (${symbol})` : value}</span>
        <ChevronDownIcon
          className={`size-4 shrink-0 text-neutral-500 transition-transform dark:text-neutral-400 ${isOpen ? 'rotate-180' : ''}`}
        />
      </button>
      <ul
        ref={listboxRef}
        id={listboxId}
        role="listbox"
        aria-label={t('currency.list')}
        hidden={!isOpen}
        tabIndex={-1}
        // The focus stays on the button, so the list stays open until a click chooses.
        onMouseDown={(event) => event.preventDefault()}
        // Under a labelled field (forms, Settings, the phone menu) the list is the field's width,
        // so that it stays inside a panel that scrolls; the header's narrow button gets a wider one.
        className={`absolute right-0 z-40 max-h-80 overflow-y-auto ${
          showLabel ? 'w-full' : 'w-max max-w-[calc(100vw-2rem)] min-w-full'
        } rounded-lg border border-neutral-200 bg-white py-1 shadow-lg dark:border-neutral-700 dark:bg-neutral-900 ${
          isAbove ? 'bottom-full mb-1' : 'top-full mt-1'
        }`}
      >
        {/* A closed list draws no options: 42 rows in every header and form cost for nothing. */}
        {isOpen
          ? OPTIONS.map((option, index) => {
              const isActive = index === activeIndex;
              const isCurrent = option.code === value;
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
                  <CurrencyFlag code={option.code} loading="lazy" />
                  <span className="font-medium">{option.code}</span>{' '}
                  <span className="min-w-0 flex-1 truncate text-neutral-600 dark:text-neutral-400">
                    {currencyName(option)}
                  </span>{' '}
                  <span className="min-w-4 text-right">{option.symbol}</span>
                  <CheckIcon
                    className={`size-4 shrink-0 text-emerald-700 dark:text-emerald-400 ${isCurrent ? '' : 'invisible'}`}
                  />
                </li>
              );
            })
          : null}
      </ul>
    </div>
  );
}
