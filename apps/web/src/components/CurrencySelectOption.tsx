import type { CatalogueCurrency } from '@moneta/shared/currency-catalogue';
import { CurrencyFlag } from '@/components/CurrencyFlag';
import { CheckIcon } from '@/components/ui/icons';

type CurrencySelectOptionProps = {
  id: string;
  currency: CatalogueCurrency;
  /** The currency's name in the user's language. */
  name: string;
  isActive: boolean;
  isCurrent: boolean;
  onActivate: () => void;
  onChoose: () => void;
};

/** One currency of the open list: flag, code, name, symbol, and a check on the chosen one. */
export function CurrencySelectOption({
  id,
  currency,
  name,
  isActive,
  isCurrent,
  onActivate,
  onChoose,
}: CurrencySelectOptionProps) {
  return (
    // Keyboard use goes through the combobox button (aria-activedescendant).
    <li
      id={id}
      role="option"
      aria-selected={isActive}
      onMouseMove={onActivate}
      onClick={onChoose}
      className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-neutral-800 dark:text-neutral-100 ${
        isActive ? 'bg-neutral-100 dark:bg-neutral-800' : ''
      }`}
    >
      <CurrencyFlag code={currency.code} loading="lazy" />
      <span className="font-medium">{currency.code}</span>{' '}
      <span className="min-w-0 flex-1 truncate text-neutral-600 dark:text-neutral-400">{name}</span>{' '}
      <span className="min-w-4 text-right">{currency.symbol}</span>
      <CheckIcon
        className={`size-4 shrink-0 text-emerald-700 dark:text-emerald-400 ${isCurrent ? '' : 'invisible'}`}
      />
    </li>
  );
}
