import {
  MAX_SAVED_FILTER_NAME_LENGTH,
  MAX_SEARCH_LENGTH,
  SEARCH_DEBOUNCE_MS,
} from '@moneta/shared/limits';
import { parseSearch, withoutTerm, type SearchTerm } from '@moneta/shared/search-query';
import { toast } from '@/lib/toast';
import { PromptDialog } from '@/components/ui/PromptDialog';
import { errorMessage } from '@/lib/api-client';
import { useTags } from '@/lib/tags/get-tags';
import { useDeleteSavedFilter, useSaveFilter, useSavedFilters } from '../api/saved-filters';
import { toastWithUndo } from './UndoToast';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon, XSmallIcon } from '@/components/ui/action-icons';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { inputClasses } from '@/components/ui/input-styles';
import { MemberSelect } from '@/components/MemberSelect';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { useMemberNames, type MemberNames } from '@/lib/households/get-members';
import type { LocaleFormat } from '@/lib/i18n/locale-format';
import { useFormat } from '@/lib/i18n/use-format';
import { useCategories } from '@/lib/categories/get-categories';
import type { TransactionFilterValues } from '../api/get-transactions';
import type { FilterName } from '../hooks/use-transaction-filters';
import {
  categoryDisplayName,
  storedCategoryName,
  useCategoryName,
} from '@/lib/categories/category-name';

type TransactionFiltersProps = {
  filters: TransactionFilterValues;
  onChange: (name: FilterName, value: string) => void;
  onClear: () => void;
};

/**
 * The filter bar: search (debounced), type, category, From and To, then the active filters. On a
 * phone the fields after the search fold behind one Filters button, so that the list's first rows
 * show on the first screen.
 */
export function TransactionFilters({ filters, onChange, onClear }: TransactionFiltersProps) {
  const { t } = useTranslation('transactions');
  const categoryName = useCategoryName();
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
    filters.member,
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
            {foldedCount > 0
              ? t('filters.foldedCount', { count: foldedCount })
              : t('filters.toggle')}
          </Button>
        </div>
        <div id={foldedId} className={isFolded ? 'hidden sm:contents' : 'contents'}>
          <SavedSearches onChoose={(query) => query && onChange('search', query)} />
          <SelectField
            label={t('filters.type')}
            value={filters.type}
            onChange={(event) => onChange('type', event.target.value)}
          >
            <option value="">{t('filters.allTypes')}</option>
            <option value="income">{t('income')}</option>
            <option value="expense">{t('expense')}</option>
          </SelectField>
          <SelectField
            label={t('filters.category')}
            value={filters.category}
            onChange={(event) => onChange('category', event.target.value)}
          >
            <option value="">{t('filters.allCategories')}</option>
            {categories.map((name) => (
              <option key={name} value={name}>
                {categoryName(name)}
              </option>
            ))}
          </SelectField>
          {isAccountFilterShown ? (
            <SelectField
              label={t('filters.account')}
              value={filters.account}
              onChange={(event) => onChange('account', event.target.value)}
            >
              <option value="">{t('filters.allAccounts')}</option>
              {accounts.map((account) => (
                <option key={account._id} value={account._id}>
                  {account.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          <TagFilter value={filters.tag} onChange={(tag) => onChange('tag', tag)} />
          <MemberSelect value={filters.member} onChange={(member) => onChange('member', member)} />
          <TextField
            label={t('filters.from')}
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => onChange('from', event.target.value)}
          />
          <TextField
            label={t('filters.to')}
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
  const { t } = useTranslation('transactions');
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }
  useEffect(() => () => clearTimeout(timerRef.current), []);

  return (
    <FormField label={t('filters.search')}>
      {(control) => (
        <div className="relative mt-1.5">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-500 dark:text-neutral-400" />
          <input
            {...control}
            type="search"
            value={text}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={t('filters.searchPlaceholder')}
            autoComplete="off"
            // The hint in the size of the other fields' text (the typed text stays 16 px on a
            // phone, where less zooms the page): it fits beside the Filters button at 360 px.
            className={`${inputClasses} pl-9 placeholder:text-sm`}
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

// The message of each comparison of an amount: term (amount:>100) → chip ("Amount over 100.00").
const COMPARISON_KEYS = {
  '>': 'filters.terms.amountOver',
  '>=': 'filters.terms.amountAtLeast',
  '<': 'filters.terms.amountUnder',
  '<=': 'filters.terms.amountAtMost',
  '=': 'filters.terms.amount',
} as const;

/** What a search term's chip says: "Amount over 100.00", "Tag: trip", "Not: rent". */
export function termLabel(term: SearchTerm, t: TFunction, format: LocaleFormat): string {
  const amount = (cents: number) =>
    format.number(cents / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  switch (term.kind) {
    case 'words':
      return t('filters.chips.search', { value: term.value });
    case 'phrase':
      return t('filters.terms.phrase', { value: term.value });
    case 'exclude':
      return t('filters.terms.not', { value: term.value });
    case 'amount':
      return t(COMPARISON_KEYS[term.comparison], { amount: amount(term.cents) });
    case 'amountOrText':
      return t('filters.terms.amountOrText', { amount: amount(term.cents), value: term.value });
    case 'account':
      return t('filters.chips.account', { value: term.value });
    case 'category':
      // As the person reads the category the list finds (a built-in one in their language).
      return t('filters.chips.category', {
        value: categoryDisplayName(storedCategoryName(term.value)),
      });
    case 'tag':
      return t('filters.chips.tag', { value: term.value });
    case 'before':
      return t('filters.terms.before', { date: format.date(term.date) });
    case 'after':
      return t('filters.terms.after', { date: format.date(term.date) });
  }
}

/** One active filter's chip: its label and the filter value removing it leaves. */
type Chip = { key: string; label: string; name: FilterName; valueAfter: string };

function chips(
  filters: TransactionFilterValues,
  accountNames: ReadonlyMap<string, string>,
  memberNames: MemberNames | undefined,
  t: TFunction,
  format: LocaleFormat,
): Chip[] {
  const list: Chip[] = [];
  const chip = (name: FilterName, label: string) =>
    list.push({ key: name, label, name, valueAfter: '' });
  if (filters.search) {
    // A search with operators shows each term as read, so that the person sees what it means.
    const parsed = parseSearch(filters.search, { dateOrder: format.dateOrder });
    if (parsed.isPlain) chip('search', t('filters.chips.search', { value: filters.search }));
    else
      parsed.terms.forEach((term, index) =>
        list.push({
          key: `search-${index}`,
          label: termLabel(term, t, format),
          name: 'search',
          valueAfter: withoutTerm(parsed, index),
        }),
      );
  }
  if (filters.type) chip('type', t('filters.chips.type', { value: t(filters.type) }));
  if (filters.category)
    chip('category', t('filters.chips.category', { value: categoryDisplayName(filters.category) }));
  if (filters.from) chip('from', t('filters.chips.from', { date: format.date(filters.from) }));
  if (filters.to) chip('to', t('filters.chips.to', { date: format.date(filters.to) }));
  if (filters.account)
    chip(
      'account',
      t('filters.chips.account', {
        value: accountNames.get(filters.account) ?? t('filters.chips.unknown'),
      }),
    );
  if (filters.tag) chip('tag', t('filters.chips.tag', { value: filters.tag }));
  if (filters.member)
    chip(
      'member',
      t('filters.chips.member', {
        value: memberNames?.get(filters.member) ?? t('filters.chips.formerMember'),
      }),
    );
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
  const { t } = useTranslation('transactions');
  const format = useFormat();
  const memberNames = useMemberNames();
  const active = chips(filters, accountNames, memberNames, t, format);
  const [isNaming, setIsNaming] = useState(false);
  const saveFilter = useSaveFilter();
  const forgetFilter = useDeleteSavedFilter();
  // The search shown is one saved by name: it can be forgotten here, with an Undo.
  const savedAs = (useSavedFilters().data ?? []).find(
    (filter) => filter.query === filters.search && filters.search !== '',
  );
  if (active.length === 0) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <h2 className="sr-only">{t('filters.active')}</h2>
      <ul className="contents">
        {active.map(({ key, label, name, valueAfter }) => (
          <li key={key}>
            <button
              type="button"
              onClick={() => onRemove(name, valueAfter)}
              aria-label={t('filters.remove', { label })}
              className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-emerald-200 bg-emerald-50 py-1 pr-2 pl-3 text-sm text-emerald-900 hover:bg-emerald-100 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100 dark:hover:bg-emerald-900/60"
            >
              <span className="truncate">{label}</span>
              <XSmallIcon className="size-3.5 shrink-0" />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" size="sm" onClick={onClear}>
        {t('filters.clear')}
      </Button>
      {savedAs ? (
        <Button
          variant="ghost"
          size="sm"
          disabled={forgetFilter.isPending}
          onClick={() =>
            forgetFilter.mutate(savedAs._id, {
              onSuccess: () =>
                toastWithUndo(t('filters.forgotten', { name: savedAs.name }), () =>
                  saveFilter.mutate(
                    { name: savedAs.name, query: savedAs.query },
                    {
                      onError: (error) =>
                        toast.error(errorMessage(error, t('filters.errors.save'))),
                    },
                  ),
                ),
              onError: (error) => toast.error(errorMessage(error, t('filters.errors.forget'))),
            })
          }
        >
          {t('filters.forget', { name: savedAs.name })}
        </Button>
      ) : filters.search ? (
        <Button variant="ghost" size="sm" onClick={() => setIsNaming(true)}>
          {t('filters.save')}
        </Button>
      ) : null}
      <PromptDialog
        isOpen={isNaming}
        title={t('filters.save')}
        label={t('filters.saveName')}
        maxLength={MAX_SAVED_FILTER_NAME_LENGTH}
        onCancel={() => setIsNaming(false)}
        onSubmit={(name) => {
          setIsNaming(false);
          saveFilter.mutate(
            { name, query: filters.search },
            {
              onSuccess: () => toast.success(t('filters.saved', { name })),
              onError: (error) => toast.error(errorMessage(error, t('filters.errors.save'))),
            },
          );
        }}
      />
    </div>
  );
}

/** The searches saved by name: choosing one runs it. Nothing shows until one is saved. */
function SavedSearches({ onChoose }: { onChoose: (query: string) => void }) {
  const { t } = useTranslation('transactions');
  const saved = useSavedFilters().data ?? [];
  if (saved.length === 0) return null;
  return (
    <SelectField
      label={t('filters.savedSearches')}
      value=""
      onChange={(event) => onChoose(event.target.value)}
    >
      <option value="">{t('filters.choose')}</option>
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
  const { t } = useTranslation('transactions');
  const tags = useTags().data ?? [];
  if (tags.length === 0 && !value) return null;
  return (
    <SelectField
      label={t('filters.tag')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t('filters.allTags')}</option>
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
