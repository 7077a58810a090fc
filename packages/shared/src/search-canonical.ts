import { STORED_DECIMALS } from './money';
import type { ParsedSearch, SearchTerm } from './search-query';

/** A value as one token: quoted when it has spaces, as the parser reads `key:"two words"`. */
function tokenValue(value: string): string {
  return /\s/.test(value) || value.startsWith('"') ? `"${value}"` : value;
}

function canonicalTerm(term: SearchTerm, categoryName: (typed: string) => string): string {
  switch (term.kind) {
    case 'amount': {
      const comparison = term.comparison === '=' ? '' : term.comparison;
      return `amount:${comparison}${(term.cents / 10 ** STORED_DECIMALS).toFixed(STORED_DECIMALS)}`;
    }
    case 'category':
      return `category:${tokenValue(categoryName(term.value))}`;
    case 'account':
    case 'tag':
      return `${term.kind}:${tokenValue(term.value)}`;
    case 'before':
    case 'after':
      return `${term.kind}:${term.date}`;
    default:
      return term.raw;
  }
}

/**
 * A search read in the person's language (search-keywords.ts: keywords, dates in their order) in
 * the form every reader understands: English keywords, ISO dates, and the category as stored
 * (`categoryName` turns a built-in category's translated name into its stored one). The web sends
 * this to the server while the box, the address and the chips keep what was typed, so the server
 * needs neither the person's date order nor the translations of the category names. A plain
 * search is returned as typed.
 */
export function canonicalSearch(
  search: string,
  parsed: ParsedSearch,
  categoryName: (typed: string) => string = (typed) => typed,
): string {
  if (parsed.isPlain) return search;
  return parsed.terms.map((term) => canonicalTerm(term, categoryName)).join(' ');
}
