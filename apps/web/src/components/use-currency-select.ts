import { CURRENCY_CATALOGUE } from '@moneta/shared/currency-catalogue';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useCurrencyName } from '@/lib/i18n/currency-name';
import { matchIndex, searchableWords } from './currency-search';

/** How long typed letters add up to one search, as in the APG example. */
const TYPEAHEAD_MS = 500;
const PAGE_STEP = 10;
const GAP = 4;
const LAST = CURRENCY_CATALOGUE.length - 1;

/** Where a key moves the active option of the open list; undefined for a key that moves nothing. */
function movedIndex(key: string, index: number): number | undefined {
  switch (key) {
    case 'ArrowDown':
      return Math.min(LAST, index + 1);
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'PageDown':
      return Math.min(LAST, index + PAGE_STEP);
    case 'PageUp':
      return Math.max(0, index - PAGE_STEP);
    case 'Home':
      return 0;
    case 'End':
      return LAST;
    default:
      return undefined;
  }
}

/** Below the button, or above it when the screen has no room left underneath (the phone menu). */
function useIsListAbove(
  isOpen: boolean,
  buttonRef: RefObject<HTMLButtonElement | null>,
  listboxRef: RefObject<HTMLUListElement | null>,
): boolean {
  const [isAbove, setIsAbove] = useState(false);
  useLayoutEffect(() => {
    if (!isOpen) return;
    const button = buttonRef.current;
    const listbox = listboxRef.current;
    if (!button || !listbox) return;
    const rect = button.getBoundingClientRect();
    const height = listbox.offsetHeight;
    setIsAbove(rect.bottom + GAP + height > window.innerHeight && rect.top - GAP - height > 0);
  }, [isOpen, buttonRef, listboxRef]);
  return isAbove;
}

type UseCurrencySelectOptions = {
  value: string;
  onChange: (code: string) => void;
  /** Takes no choice: disabled or busy. */
  isInert: boolean;
};

/**
 * The state and keyboard of the currency combobox (WAI-ARIA APG, select-only): the open list, its
 * active option, the type-ahead search, and a click elsewhere that closes the list.
 */
export function useCurrencySelect({ value, onChange, isInert }: UseCurrencySelectOptions) {
  const currencyName = useCurrencyName();
  const searchable = useMemo(() => searchableWords(currencyName), [currencyName]);
  const id = useId();
  const optionId = (code: string) => `${id}-${code}`;

  const valueIndex = CURRENCY_CATALOGUE.findIndex((currency) => currency.code === value);
  const shownIndex = Math.max(0, valueIndex);

  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(shownIndex);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listboxRef = useRef<HTMLUListElement>(null);
  const search = useRef({ text: '', timer: 0 });
  const isAbove = useIsListAbove(isOpen, buttonRef, listboxRef);

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
    const currency = CURRENCY_CATALOGUE[index];
    if (!currency || isInert || currency.code === value) return;
    onChange(currency.code);
  }

  function typeAhead(letter: string) {
    window.clearTimeout(search.current.timer);
    search.current.text += letter.toLowerCase();
    search.current.timer = window.setTimeout(() => {
      search.current.text = '';
    }, TYPEAHEAD_MS);
    const from = isOpen ? activeIndex + 1 : shownIndex + 1;
    const index = matchIndex(searchable, search.current.text, from % CURRENCY_CATALOGUE.length);
    if (index >= 0) open(index);
    else {
      if (!isOpen) open();
      search.current.text = '';
    }
  }

  useEffect(() => () => window.clearTimeout(search.current.timer), []);

  useEffect(() => {
    if (!isOpen) return;
    const currency = CURRENCY_CATALOGUE[activeIndex];
    if (currency)
      document.getElementById(optionId(currency.code))?.scrollIntoView?.({ block: 'nearest' });
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
    // A space while letters are being typed is part of the search ("United S…").
    const isSearchKey =
      (key.length === 1 && key !== ' ' && !ctrlKey && !metaKey && !altKey) ||
      (key === ' ' && search.current.text !== '');
    if (isSearchKey) typeAhead(key);
    else if (!isOpen) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(key)) open();
      else if (key === 'Home') open(0);
      else if (key === 'End') open(LAST);
      else return;
    } else if ((key === 'ArrowUp' && altKey) || key === 'Enter' || key === ' ') choose(activeIndex);
    else if (key === 'Escape') {
      // Only the list closes, not a menu or dialog the picker sits in.
      event.stopPropagation();
      close();
    } else if (key === 'Tab') {
      close();
      return;
    } else {
      const moved = movedIndex(key, activeIndex);
      if (moved === undefined) return;
      setActiveIndex(moved);
    }
    event.preventDefault();
  }

  const activeCurrency = isOpen ? CURRENCY_CATALOGUE[activeIndex] : undefined;
  return {
    ids: { label: `${id}-label`, listbox: `${id}-listbox`, option: optionId },
    activeDescendant: activeCurrency ? optionId(activeCurrency.code) : undefined,
    symbol: CURRENCY_CATALOGUE[valueIndex]?.symbol,
    currencyName,
    isOpen,
    isAbove,
    activeIndex,
    setActiveIndex,
    buttonRef,
    listboxRef,
    toggle: () => (isOpen ? close() : open()),
    close,
    choose,
    onKeyDown,
  };
}
