import { canonicalSearch } from '@moneta/shared/search-canonical';
import { parseSearch, type ParsedSearch } from '@moneta/shared/search-query';
import { storedCategoryName } from '@/lib/categories/category-name';
import { currentLocale } from '@/lib/i18n/current';
import { dateOrderOf } from '@/lib/i18n/locale-format';

/**
 * A search as the person typed it, read in their language: the keywords of every language
 * (@moneta/shared/search-keywords) and dates in their locale's order (`vor:01.02.2026`).
 */
export function parseSearchInLocale(search: string): ParsedSearch {
  return parseSearch(search, { dateOrder: dateOrderOf(currentLocale()) });
}

/**
 * What the server is sent for a typed search: the same terms with English keywords, ISO dates
 * and built-in categories by their stored name (`kategorie:Lebensmittel` → `category:Groceries`),
 * so the list finds what the chips say. A plain search is sent as typed.
 */
export function searchForServer(search: string): string {
  return canonicalSearch(search, parseSearchInLocale(search), storedCategoryName);
}
