import { STORED_DECIMALS, toStoredHundredths } from './money';
import { readSearchDate, searchFieldOf, type DateOrder, type SearchField } from './search-keywords';
import { parseTypedAmount } from './typed-amount';

/**
 * The register's search language (docs/api.md, Search): plain words as before, plus
 * `amount:>100` `amount:12.50` `account:Visa` `category:Food` `tag:trip` `before:2026-01-31`
 * `after:2026-01-01` `-word` and `"quoted phrases"`. A bare `>100` is an amount too, and a bare
 * `13,99` finds that amount as well as the text. A token that looks like an operator but does
 * not read as one (`amount:lots`, `before:yesterday`, an unclosed quote) is a plain word:
 * a search is never refused for its syntax. The keywords read in every language Moneta speaks
 * (`betrag:`, `kategorie:`, `vor:`…, search-keywords.ts), and with a `dateOrder` dates also in the
 * person's order (`vor:01.02.2026`).
 *
 * Pure and shared: the server turns the terms into SQL, the web shows them as chips. The server
 * matches `category:` against a split transaction's parts too, as the category filter does.
 */
export type AmountComparison = '>' | '>=' | '<' | '<=' | '=';

export type SearchTerm =
  | { kind: 'words'; value: string; raw: string }
  | { kind: 'phrase'; value: string; raw: string }
  | { kind: 'exclude'; value: string; raw: string }
  | { kind: 'amount'; comparison: AmountComparison; cents: number; raw: string }
  /** A bare decimal number: that amount, or the text as typed. */
  | { kind: 'amountOrText'; cents: number; value: string; raw: string }
  | { kind: 'account' | 'category' | 'tag'; value: string; raw: string }
  | { kind: 'before' | 'after'; date: string; raw: string };

export interface ParsedSearch {
  terms: SearchTerm[];
  /** true when every term is plain words: the search means what it always meant. */
  isPlain: boolean;
}

type Field = SearchField;

export interface SearchOptions {
  /** How the person writes dates with numbers; without it only 'YYYY-MM-DD' is a date. */
  dateOrder?: DateOrder;
}

/** A token as written, and its value without quotes. */
interface Token {
  raw: string;
  /** `key:` before the value, lower-cased, when the token has one. */
  key?: string;
  value: string;
  isNegated: boolean;
  isQuoted: boolean;
}

/**
 * Splits on spaces, keeping a quoted part ("two words", key:"two words") as one token. A
 * quote that is never closed is an ordinary character.
 */
function tokenize(search: string): Token[] {
  const tokens: Token[] = [];
  // A key is letters of any script (kategorie:, catégorie:, カテゴリ:), with a full-width colon too.
  const pattern = /(-?)(?:(\p{L}+)[:：])?"([^"]*)"(?=\s|$)|\S+/gu;
  for (const match of search.matchAll(pattern)) {
    const raw = match[0];
    if (match[3] !== undefined) {
      tokens.push({
        raw,
        ...(match[2] ? { key: match[2].toLowerCase() } : {}),
        value: match[3],
        isNegated: match[1] === '-',
        isQuoted: true,
      });
      continue;
    }
    const keyed = /^(-?)(\p{L}+)[:：](.+)$/u.exec(raw);
    if (keyed) {
      tokens.push({
        raw,
        key: keyed[2]!.toLowerCase(),
        value: keyed[3]!,
        isNegated: keyed[1] === '-',
        isQuoted: false,
      });
    } else {
      const isNegated = raw.length > 1 && raw.startsWith('-') && !/^-[-\d.,]/.test(raw);
      tokens.push({ raw, value: isNegated ? raw.slice(1) : raw, isNegated, isQuoted: false });
    }
  }
  return tokens;
}

/** An amount as typed, in hundredths; undefined when it is not one. */
function readCents(text: string): number | undefined {
  const read = parseTypedAmount(text);
  if (!read.ok) return undefined;
  const cents = toStoredHundredths(read.value);
  // More decimals than an amount keeps (1.234 in en-US) match nothing: not an amount.
  if (Math.abs(cents / 10 ** STORED_DECIMALS - read.value) > 1e-9) return undefined;
  return cents;
}

function readComparison(text: string): { comparison: AmountComparison; cents: number } | undefined {
  const match = /^(>=|<=|>|<|=)?(.+)$/.exec(text);
  if (!match) return undefined;
  const cents = readCents(match[2]!);
  if (cents === undefined) return undefined;
  return { comparison: (match[1] as AmountComparison | undefined) ?? '=', cents };
}

function fieldTerm(field: Field, token: Token, options: SearchOptions): SearchTerm | undefined {
  const { raw } = token;
  const value = token.value.trim();
  if (value === '') return undefined;
  switch (field) {
    case 'amount': {
      const read = readComparison(value);
      return read && { kind: 'amount', ...read, raw };
    }
    case 'before':
    case 'after': {
      const date = readSearchDate(value, options.dateOrder);
      return date ? { kind: field, date, raw } : undefined;
    }
    default:
      return { kind: field, value, raw };
  }
}

function termOf(token: Token, options: SearchOptions): SearchTerm {
  const { raw } = token;
  if (token.key !== undefined) {
    const field = searchFieldOf(token.key);
    const term = field && !token.isNegated ? fieldTerm(field, token, options) : undefined;
    return term ?? { kind: 'words', value: raw, raw };
  }
  if (token.isQuoted) {
    if (token.value.trim() === '') return { kind: 'words', value: raw, raw };
    return token.isNegated
      ? { kind: 'exclude', value: token.value, raw }
      : { kind: 'phrase', value: token.value, raw };
  }
  if (token.isNegated) return { kind: 'exclude', value: token.value, raw };
  if (/^(>=|<=|>|<)/.test(raw)) {
    const read = readComparison(raw);
    if (read) return { kind: 'amount', ...read, raw };
  }
  if (/^\d+[.,]\d{1,2}$/.test(raw)) {
    const cents = readCents(raw);
    if (cents !== undefined) return { kind: 'amountOrText', cents, value: raw, raw };
  }
  return { kind: 'words', value: raw, raw };
}

/**
 * The terms of a search, in the order typed; consecutive plain words become one `words` term
 * (they are searched together, as one text, as a search always was).
 */
export function parseSearch(search: string, options: SearchOptions = {}): ParsedSearch {
  const terms: SearchTerm[] = [];
  for (const token of tokenize(search)) {
    const term = termOf(token, options);
    const last = terms.at(-1);
    if (term.kind === 'words' && last?.kind === 'words') {
      terms[terms.length - 1] = {
        kind: 'words',
        value: `${last.value} ${term.value}`,
        raw: `${last.raw} ${term.raw}`,
      };
    } else {
      terms.push(term);
    }
  }
  return { terms, isPlain: terms.every((term) => term.kind === 'words') };
}

/** The search without one of its terms (a chip removed). */
export function withoutTerm(parsed: ParsedSearch, index: number): string {
  return parsed.terms
    .filter((_, position) => position !== index)
    .map((term) => term.raw)
    .join(' ');
}
