import { MAX_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS } from '@moneta/shared/limits';
import { MAX_SAVED_FILTER_NAME_LENGTH } from '@moneta/shared/saved-filter-schemas';
import { parseSearch, withoutTerm, type SearchTerm } from '@moneta/shared/search-query';
import { toast } from 'react-toastify';
import { PromptDialog } from '@/components/ui/PromptDialog';
import { errorMessage } from '@/lib/api-client';
import { useTags } from '@/lib/tags/get-tags';
import { useSaveFilter, useSavedFilters } from '../api/saved-filters';
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
    filters.tag,
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
          <SavedSearches onChoose={(query) => query && onChange('search', query)} />
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
          <TagFilter value={filters.tag} onChange={(tag) => onChange('tag', tag)} />
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
        onRemove={(name, valueAfter) => onChange(name, valueAfter)}
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
            placeholder="Words, or amount:>100 tag:trip"
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

const COMPARISON_WORDS = { '>': 'over', '>=': 'at least', '<': 'under', '<=': 'at most', '=': '' };

/** What a search term's chip says: "Amount over 100.00", "Tag: trip", "Not: rent". */
export function termLabel(term: SearchTerm): string {
  const amount = (cents: number) => (cents / 100).toFixed(2);
  switch (term.kind) {
    case 'words':
      return `Search: ${term.value}`;
    case 'phrase':
      return `Phrase: "${term.value}"`;
    case 'exclude':
      return `Not: ${term.value}`;
    case 'amount':
      return `Amount ${COMPARISON_WORDS[term.comparison]} ${amount(term.cents)}`.replace('  ', ' ');
    case 'amountOrText':
      return `Amount ${amount(term.cents)} or "${term.value}"`;
    case 'account':
      return `Account: ${term.value}`;
    case 'category':
      return `Category: ${term.value}`;
    case 'tag':
      return `Tag: ${term.value}`;
    case 'before':
      return `Before ${formatCalendarDate(term.date)}`;
    case 'after':
      return `After ${formatCalendarDate(term.date)}`;
  }
}

/** One active filter's chip: its label and the filter value removing it leaves. */
type Chip = { key: string; label: string; name: FilterName; valueAfter: string };

function chips(
  filters: TransactionFilterValues,
  accountNames: ReadonlyMap<string, string>,
): Chip[] {
  const list: Chip[] = [];
  const chip = (name: FilterName, label: string) =>
    list.push({ key: name, label, name, valueAfter: '' });
  if (filters.search) {
    // A search with operators shows each term as read, so that the person sees what it means.
    const parsed = parseSearch(filters.search);
    if (parsed.isPlain) chip('search', `Search: ${filters.search}`);
    else
      parsed.terms.forEach((term, index) =>
        list.push({
          key: `search-${index}`,
          label: termLabel(term),
          name: 'search',
          valueAfter: withoutTerm(parsed, index),
        }),
      );
  }
  if (filters.type) chip('type', `Type: ${TYPE_LABELS[filters.type]}`);
  if (filters.category) chip('category', `Category: ${filters.category}`);
  if (filters.from) chip('from', `From: ${formatCalendarDate(filters.from)}`);
  if (filters.to) chip('to', `To: ${formatCalendarDate(filters.to)}`);
  if (filters.account)
    chip('account', `Account: ${accountNames.get(filters.account) ?? 'unknown'}`);
  if (filters.tag) chip('tag', `Tag: ${filters.tag}`);
  return list;
}

function FilterChips({
  filters,
  accountNames,
  onRemove,
  onClear,
}: {
  filters: TransactionFilterValues;
  accountNames: ReadonlyMap<string, string>;
  onRemove: (name: FilterName, valueAfter: string) => void;
  onClear: () => void;
}) {
  const active = chips(filters, accountNames);
  const [isNaming, setIsNaming] = useState(false);
  const saveFilter = useSaveFilter();
  if (active.length === 0) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <h2 className="sr-only">Active filters</h2>
      <ul className="contents">
        {active.map(({ key, label, name, valueAfter }) => (
          <li key={key}>
            <button
              type="button"
              onClick={() => onRemove(name, valueAfter)}
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
      {filters.search ? (
        <Button variant="ghost" size="sm" onClick={() => setIsNaming(true)}>
          Save search
        </Button>
      ) : null}
      <PromptDialog
        isOpen={isNaming}
        title="Save search"
        label="Name of this search:"
        maxLength={MAX_SAVED_FILTER_NAME_LENGTH}
        onCancel={() => setIsNaming(false)}
        onSubmit={(name) => {
          setIsNaming(false);
          saveFilter.mutate(
            { name, query: filters.search },
            {
              onSuccess: () => toast.success(`Search saved as "${name}".`),
              onError: (error) =>
                toast.error(errorMessage(error, 'Failed to save the search. Please try again.')),
            },
          );
        }}
      />
    </div>
  );
}

/** The searches saved by name: choosing one runs it. Nothing shows until one is saved. */
function SavedSearches({ onChoose }: { onChoose: (query: string) => void }) {
  const saved = useSavedFilters().data ?? [];
  if (saved.length === 0) return null;
  return (
    <SelectField label="Saved searches" value="" onChange={(event) => onChoose(event.target.value)}>
      <option value="">Choose…</option>
      {saved.map((filter) => (
        <option key={filter._id} value={filter.query}>
          {filter.name}
        </option>
      ))}
    </SelectField>
  );
}

/** The tag filter: the tags in use, with their counts. Nothing shows until a tag exists. */
function TagFilter({ value, onChange }: { value: string; onChange: (tag: string) => void }) {
  const tags = useTags().data ?? [];
  if (tags.length === 0 && !value) return null;
  return (
    <SelectField label="Tag" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">All Tags</option>
      {value && !tags.some((tag) => tag.name === value) ? (
        <option value={value}>{value}</option>
      ) : null}
      {tags.map((tag) => (
        <option key={tag.name} value={tag.name}>
          {`${tag.name} (${tag.count})`}
        </option>
      ))}
    </SelectField>
  );
}
