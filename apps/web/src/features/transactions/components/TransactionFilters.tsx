import { MAX_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS } from '@moneta/shared/limits';
import { useEffect, useId, useRef, useState } from 'react';
import { SearchIcon, XSmallIcon } from '@/components/ui/action-icons';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-styles';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { formatCalendarDate } from '@/lib/calendar-date-format';
import { useCategories } from '@/lib/categories/get-categories';
import type { TransactionFilterValues } from '../api/get-transactions';
import type { FilterName } from '../hooks/use-transaction-filters';

type TransactionFiltersProps = {
  filters: TransactionFilterValues;
  onChange: (name: FilterName, value: string) => void;
  onClear: () => void;
};

const TYPE_LABELS = { income: 'Income', expense: 'Expense' } as const;

/**
 * The filter bar: search (debounced), type, category, From and To, then the active filters. On a
 * phone the fields after the search fold behind one Filters button, so that the list's first rows
 * show on the first screen.
 */
export function TransactionFilters({ filters, onChange, onClear }: TransactionFiltersProps) {
  const [isFolded, setIsFolded] = useState(true);
  const foldedId = useId();
  const accounts = useAccounts().data ?? [];
  const accountNames = new Map(accounts.map((account) => [account._id, account.name]));
  // With one account there is nothing to filter by.
  const isAccountFilterShown = accounts.length > 1 || filters.account !== '';
  const expense = useCategories('expense');
  const income = useCategories('income');
  const categories = [...new Set([...(expense.data ?? []), ...(income.data ?? [])])];
  if (filters.category && !categories.includes(filters.category)) {
    categories.push(filters.category);
  }
  // Set filters behind the fold are counted on its button (their chips show below too).
  const foldedCount = [
    filters.type,
    filters.category,
    filters.account,
    filters.from,
    filters.to,
  ].filter(Boolean).length;

  return (
    <div className="rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900">
      <div
        className={`grid grid-cols-1 gap-3 sm:grid-cols-2 ${
          isAccountFilterShown
            ? 'lg:grid-cols-3 xl:grid-cols-[2fr_1fr_1fr_1fr_1fr_1fr]'
            : 'lg:grid-cols-[2fr_1fr_1fr_1fr_1fr]'
        }`}
      >
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <SearchBox value={filters.search} onCommit={(value) => onChange('search', value)} />
          </div>
          <Button
            variant="secondary"
            className="sm:hidden"
            aria-expanded={!isFolded}
            aria-controls={foldedId}
            onClick={() => setIsFolded((folded) => !folded)}
          >
            {foldedCount > 0 ? `Filters (${foldedCount})` : 'Filters'}
          </Button>
        </div>
        <div id={foldedId} className={isFolded ? 'hidden sm:contents' : 'contents'}>
          <SelectField
            label="Type"
            value={filters.type}
            onChange={(event) => onChange('type', event.target.value)}
          >
            <option value="">All Types</option>
            <option value="income">Income</option>
            <option value="expense">Expense</option>
          </SelectField>
          <SelectField
            label="Category"
            value={filters.category}
            onChange={(event) => onChange('category', event.target.value)}
          >
            <option value="">All Categories</option>
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
          {isAccountFilterShown ? (
            <SelectField
              label="Account"
              value={filters.account}
              onChange={(event) => onChange('account', event.target.value)}
            >
              <option value="">All Accounts</option>
              {accounts.map((account) => (
                <option key={account._id} value={account._id}>
                  {account.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          <TextField
            label="From"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => onChange('from', event.target.value)}
          />
          <TextField
            label="To"
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => onChange('to', event.target.value)}
          />
        </div>
      </div>
      <FilterChips
        filters={filters}
        accountNames={accountNames}
        onRemove={(name) => onChange(name, '')}
        onClear={onClear}
      />
    </div>
  );
}

/**
 * The search box shows every keystroke at once but commits the term only once typing has paused
 * (docs/architecture.md, Product rules: 300 ms). A term changed from outside (a chip removed, Clear
 * Filters, back) replaces what is shown.
 */
function SearchBox({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }
  useEffect(() => () => clearTimeout(timerRef.current), []);

  return (
    <FormField label="Search">
      {(control) => (
        <div className="relative mt-1.5">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-500 dark:text-neutral-400" />
          <input
            {...control}
            type="search"
            value={text}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Name, category or note"
            autoComplete="off"
            className={`${inputClasses} pl-9`}
            onChange={(event) => {
              const next = event.target.value;
              setText(next);
              clearTimeout(timerRef.current);
              timerRef.current = setTimeout(() => {
                if (next.trim() !== value.trim()) onCommit(next.trim());
              }, SEARCH_DEBOUNCE_MS);
            }}
          />
        </div>
      )}
    </FormField>
  );
}

function chipLabels(
  filters: TransactionFilterValues,
  accountNames: ReadonlyMap<string, string>,
): [FilterName, string][] {
  const chips: [FilterName, string][] = [];
  if (filters.search) chips.push(['search', `Search: ${filters.search}`]);
  if (filters.type) chips.push(['type', `Type: ${TYPE_LABELS[filters.type]}`]);
  if (filters.category) chips.push(['category', `Category: ${filters.category}`]);
  if (filters.from) chips.push(['from', `From: ${formatCalendarDate(filters.from)}`]);
  if (filters.to) chips.push(['to', `To: ${formatCalendarDate(filters.to)}`]);
  if (filters.account) {
    chips.push(['account', `Account: ${accountNames.get(filters.account) ?? 'unknown'}`]);
  }
  return chips;
}

function FilterChips({
  filters,
  accountNames,
  onRemove,
  onClear,
}: {
  filters: TransactionFilterValues;
  accountNames: ReadonlyMap<string, string>;
  onRemove: (name: FilterName) => void;
  onClear: () => void;
}) {
  const chips = chipLabels(filters, accountNames);
  if (chips.length === 0) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <h2 className="sr-only">Active filters</h2>
      <ul className="contents">
        {chips.map(([name, label]) => (
          <li key={name}>
            <button
              type="button"
              onClick={() => onRemove(name)}
              aria-label={`Remove filter ${label}`}
              className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-emerald-200 bg-emerald-50 py-1 pr-2 pl-3 text-sm text-emerald-900 hover:bg-emerald-100 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100 dark:hover:bg-emerald-900/60"
            >
              <span className="truncate">{label}</span>
              <XSmallIcon className="size-3.5 shrink-0" />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" size="sm" onClick={onClear}>
        Clear Filters
      </Button>
    </div>
  );
}
