import { CURRENCY_CATALOGUE, type CatalogueCurrency } from '@moneta/shared/currency-catalogue';

/**
 * The code, then each word of the name ("British Pound" → "british", "pound"), lower case: of the
 * catalogue's English name and, in another language, of the name shown ("Pfund Sterling").
 */
export function searchableWords(shownName: (currency: CatalogueCurrency) => string): string[][] {
  return CURRENCY_CATALOGUE.map((currency) =>
    [...new Set([currency.name, shownName(currency)])].flatMap((name) => [
      ...name.toLowerCase().split(/[\s()]+/),
      name.toLowerCase(),
    ]),
  ).map((words, index) => [CURRENCY_CATALOGUE[index]!.code.toLowerCase(), ...words]);
}

/**
 * The index of the first currency from `start` on (wrapping round) whose code, name or a word of
 * its name begins with `search` ("gbp", "brit", "pound"); a run of one letter ("ccc") steps
 * through the currencies that begin with it.
 */
export function matchIndex(searchable: string[][], search: string, start: number): number {
  const count = CURRENCY_CATALOGUE.length;
  const order = CURRENCY_CATALOGUE.map((_, offset) => (start + offset) % count);
  const startsWith = (text: string) =>
    order.find((index) => searchable[index]?.some((word) => word.startsWith(text)));
  const isOneLetter = [...search].every((letter) => letter === search[0]);
  return startsWith(search) ?? (isOneLetter ? startsWith(search.slice(0, 1)) : undefined) ?? -1;
}
