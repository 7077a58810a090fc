import { describe, expect, it } from 'vitest';
import { canonicalSearch } from './search-canonical';
import { readSearchDate } from './search-keywords';
import { parseSearch } from './search-query';

describe('search keywords in every language', () => {
  it('reads the German, French, Spanish, Italian and Japanese keywords as the English ones', () => {
    const kinds = (search: string) => parseSearch(search).terms.map((term) => term.kind);
    expect(kinds('betrag:>100 konto:Visa kategorie:Lebensmittel tag:reise')).toEqual([
      'amount',
      'account',
      'category',
      'tag',
    ]);
    expect(kinds('montant:<5 compte:Visa catégorie:Courses étiquette:voyage')).toEqual([
      'amount',
      'account',
      'category',
      'tag',
    ]);
    expect(kinds('importe:5 cuenta:Visa categoría:Comida etiqueta:viaje')).toEqual([
      'amount',
      'account',
      'category',
      'tag',
    ]);
    expect(kinds('importo:5 conto:Visa categoria:Spesa')).toEqual([
      'amount',
      'account',
      'category',
    ]);
    expect(kinds('金額:>1000 口座:財布 カテゴリ:食料品 タグ:旅行 カテゴリー：外食')).toEqual([
      'amount',
      'account',
      'category',
      'tag',
      'category',
    ]);
    expect(parseSearch('Kategorie:"Essen gehen"').terms).toEqual([
      { kind: 'category', value: 'Essen gehen', raw: 'Kategorie:"Essen gehen"' },
    ]);
  });

  it('keeps the English keywords and reads a date in the person order only when told it', () => {
    expect(parseSearch('vor:2026-02-01 nach:2026-01-01').terms.map((term) => term.kind)).toEqual([
      'before',
      'after',
    ]);
    // Without the order a German date is text, as it always was.
    expect(parseSearch('vor:01.02.2026').isPlain).toBe(true);
    expect(parseSearch('vor:01.02.2026', { dateOrder: 'dmy' }).terms).toEqual([
      { kind: 'before', date: '2026-02-01', raw: 'vor:01.02.2026' },
    ]);
    expect(parseSearch('before:02/01/2026', { dateOrder: 'mdy' }).terms[0]).toMatchObject({
      date: '2026-02-01',
    });
    expect(parseSearch('前:2026/02/01', { dateOrder: 'ymd' }).terms[0]).toMatchObject({
      kind: 'before',
      date: '2026-02-01',
    });
  });

  it('refuses a day that does not exist', () => {
    expect(readSearchDate('31.02.2026', 'dmy')).toBeUndefined();
    expect(readSearchDate('13/01/2026', 'mdy')).toBeUndefined();
    expect(readSearchDate('2026-02-01')).toBe('2026-02-01');
  });

  it('writes a search in the form the server reads, a plain one as typed', () => {
    const typed = 'kategorie:Lebensmittel betrag:>=12,5 vor:01.02.2026 konto:"Mein Konto" kaffee';
    const stored = (name: string) => (name === 'Lebensmittel' ? 'Groceries' : name);
    const written = canonicalSearch(typed, parseSearch(typed, { dateOrder: 'dmy' }), stored);
    expect(written).toBe(
      'category:Groceries amount:>=12,5 before:2026-02-01 account:"Mein Konto" kaffee',
    );
    expect(parseSearch(written).terms.map((term) => term.kind)).toEqual([
      'category',
      'amount',
      'before',
      'account',
      'words',
    ]);
    expect(canonicalSearch('kaffee  bar', parseSearch('kaffee  bar'))).toBe('kaffee  bar');
    // What the server reads already is sent as typed.
    const english = 'amount:>100 tag:trip category:"Eating out" before:2026-01-31 >5';
    expect(canonicalSearch(english, parseSearch(english, { dateOrder: 'mdy' }))).toBe(english);
  });
});
