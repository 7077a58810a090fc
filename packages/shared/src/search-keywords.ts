import { isCalendarDate } from './calendar-date';

/**
 * The search operators' keywords in every language Moneta speaks (docs/api.md, Search). Every
 * keyword works in every language, so a search copied from a German page still reads on an
 * English one, and the English keywords keep working everywhere. Keys are lower-case; the parser
 * lower-cases what is typed.
 */
export const SEARCH_FIELDS = ['amount', 'account', 'category', 'tag', 'before', 'after'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

const KEYWORDS: Record<SearchField, readonly string[]> = {
  amount: ['amount', 'betrag', 'montant', 'importe', 'importo', '金額'],
  account: ['account', 'konto', 'compte', 'cuenta', 'conto', '口座'],
  category: [
    'category',
    'kategorie',
    'catégorie',
    'categorie',
    'categoría',
    'categoria',
    'カテゴリ',
    'カテゴリー',
  ],
  tag: ['tag', 'étiquette', 'etiquette', 'etiqueta', 'タグ'],
  before: ['before', 'vor', 'avant', 'antes', 'prima', '前', '以前'],
  after: ['after', 'nach', 'après', 'apres', 'después', 'despues', 'dopo', '後', '以降'],
};

const FIELD_OF_KEYWORD = new Map<string, SearchField>(
  SEARCH_FIELDS.flatMap((field) => KEYWORDS[field].map((keyword) => [keyword, field] as const)),
);

/** The operator a keyword names, in any language; undefined for any other word. */
export function searchFieldOf(keyword: string): SearchField | undefined {
  return FIELD_OF_KEYWORD.get(keyword.normalize('NFC').toLowerCase());
}

/**
 * How a locale writes a date with numbers only: day first (de 01.02.2026, fr 01/02/2026), month
 * first (en-US 02/01/2026) or year first (ja 2026/02/01).
 */
export type DateOrder = 'dmy' | 'mdy' | 'ymd';

/**
 * A date typed in the person's order ('01.02.2026' in German) as 'YYYY-MM-DD'; the ISO form is
 * read in every order. Undefined when it is not a real day.
 */
export function readSearchDate(text: string, order?: DateOrder): string | undefined {
  if (isCalendarDate(text)) return text;
  if (!order) return undefined;
  const parts = /^(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})\.?$/.exec(text.trim());
  if (!parts) return undefined;
  const [first, second, third] = [parts[1]!, parts[2]!, parts[3]!];
  const [year, month, day] =
    order === 'ymd'
      ? [first, second, third]
      : order === 'dmy'
        ? [third, second, first]
        : [third, first, second];
  if (year.length !== 4 || month.length > 2 || day.length > 2) return undefined;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : undefined;
}
