import {
  BUILT_IN_EXPENSE_CATEGORIES,
  BUILT_IN_INCOME_CATEGORIES,
  DEFAULT_INCOME_CATEGORY,
} from '@moneta/shared/categories';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { runningI18n } from '@/lib/i18n/current';

/**
 * The built-in names as stored (docs/architecture.md, Product rules) → their key in common.json's
 * `categories`.
 */
const BUILT_IN_KEYS: Record<string, string> = Object.fromEntries(
  [...BUILT_IN_EXPENSE_CATEGORIES, ...BUILT_IN_INCOME_CATEGORIES, DEFAULT_INCOME_CATEGORY].map(
    (name) => [
      name,
      `categories.${name.replace(/[^A-Za-z]+(.)?/g, (_, c: string = '') => c.toUpperCase()).replace(/^./, (c) => c.toLowerCase())}`,
    ],
  ),
);

/**
 * A category's name as the user reads it: a built-in one in their language, their own ones as
 * they wrote them. Only the display changes; what is stored and sent stays the English name.
 */
export function useCategoryName(): (name: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (name: string) => {
      const key = BUILT_IN_KEYS[name];
      return key ? t(key) : name;
    },
    [t],
  );
}

/** `useCategoryName` outside React (a toast sent from an effect), in the current language. */
export function categoryDisplayName(name: string): string {
  const key = BUILT_IN_KEYS[name];
  return key ? runningI18n().t(`common:${key}`) : name;
}

/**
 * The category a typed name means among `categories`: the one stored under exactly that name,
 * else the built-in one whose name in the user's language it is exactly ("Lebensmittel" is
 * Groceries for a German user), as strict as the stored names are matched. The stored name wins,
 * so a category of the user's own named like a translation stays reachable; what is sent to the
 * server is always the stored name.
 */
export function findTypedCategory<Category extends { name: string }>(
  categories: readonly Category[],
  typed: string,
  displayName: (name: string) => string,
): Category | undefined {
  const wanted = typed.trim();
  return (
    categories.find((category) => category.name === wanted) ??
    categories.find(
      (category) =>
        BUILT_IN_KEYS[category.name] !== undefined && displayName(category.name) === wanted,
    )
  );
}

/**
 * The stored name of a built-in category typed as the user reads it, ignoring case as the server
 * matches names ("lebensmittel" → "Groceries" in German); any other text as typed. A search's
 * `category:` term is sent with it (lib/i18n/search-locale.ts).
 */
export function storedCategoryName(typed: string): string {
  const wanted = typed.trim().toLocaleLowerCase();
  const builtIn = Object.keys(BUILT_IN_KEYS).find(
    (name) =>
      name.toLowerCase() === wanted || categoryDisplayName(name).toLocaleLowerCase() === wanted,
  );
  return builtIn ?? typed;
}
