import { CURRENCY_CATALOGUE } from '@moneta/shared/currency-catalogue';
import { useTranslation } from 'react-i18next';
import { CurrencyFlag } from '@/components/CurrencyFlag';
import { ChevronDownIcon } from '@/components/ui/icons';
import { inputClasses, labelClasses } from '@/components/ui/input-styles';
import { CurrencySelectOption } from './CurrencySelectOption';
import { useCurrencySelect } from './use-currency-select';

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
  const isInert = isDisabled || isBusy;
  const {
    ids,
    activeDescendant,
    symbol,
    currencyName,
    isOpen,
    isAbove,
    activeIndex,
    setActiveIndex,
    buttonRef,
    listboxRef,
    toggle,
    close,
    choose,
    onKeyDown,
  } = useCurrencySelect({ value, onChange, isInert });
  return (
    <div className={`relative ${className}`}>
      <span id={ids.label} className={showLabel ? `${labelClasses} mb-1.5` : 'sr-only'}>
        {label ?? t('currency.label')}
      </span>
      <button
        ref={buttonRef}
        type="button"
        role="combobox"
        aria-labelledby={ids.label}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={ids.listbox}
        aria-activedescendant={activeDescendant}
        aria-disabled={isInert || undefined}
        aria-busy={isBusy}
        aria-describedby={describedBy}
        aria-invalid={isInvalid || undefined}
        data-value={value}
        onClick={toggle}
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
        id={ids.listbox}
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
          ? CURRENCY_CATALOGUE.map((currency, index) => (
              <CurrencySelectOption
                key={currency.code}
                id={ids.option(currency.code)}
                currency={currency}
                name={currencyName(currency)}
                isActive={index === activeIndex}
                isCurrent={currency.code === value}
                onActivate={() => setActiveIndex(index)}
                onChoose={() => choose(index)}
              />
            ))
          : null}
      </ul>
    </div>
  );
}
