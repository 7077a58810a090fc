import type { ParsedSearch, SearchTerm } from './search-query';

/** A value as one token: quoted when it has spaces, as the parser reads `key:"two words"`. */
function tokenValue(value: string): string {
  return /\s/.test(value) || value.startsWith('"') ? `"${value}"` : value;
}

/** The token's key and the text after its colon; undefined for a token without a key. */
function keyed(raw: string): { key: string; rest: string } | undefined {
  const match = /^(\p{L}+)[:：](.*)$/su.exec(raw);
  return match ? { key: match[1]!.toLowerCase(), rest: match[2]! } : undefined;
}

/**
 * A term as the server reads it. A term already in that form is sent as typed (`amount:>100`
 * stays `amount:>100`); otherwise only what differs is rewritten: the keyword into English,
 * a date into `YYYY-MM-DD`, a category into its stored name.
 */
function canonicalTerm(term: SearchTerm, categoryName: (typed: string) => string): string {
  const parts = keyed(term.raw);
  switch (term.kind) {
    case 'amount':
      // A bare `>100` has no key; the amount's text reads the same on the server.
      return parts && parts.key !== 'amount' ? `amount:${parts.rest}` : term.raw;
    case 'category': {
      const stored = categoryName(term.value);
      if (parts?.key === 'category' && stored === term.value) return term.raw;
      return `category:${stored === term.value && parts ? parts.rest : tokenValue(stored)}`;
    }
    case 'account':
    case 'tag':
      return parts && parts.key !== term.kind ? `${term.kind}:${parts.rest}` : term.raw;
    case 'before':
    case 'after':
      return parts?.key === term.kind && parts.rest === term.date
        ? term.raw
        : `${term.kind}:${term.date}`;
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
