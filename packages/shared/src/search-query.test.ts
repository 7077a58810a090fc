import { describe, expect, it } from 'vitest';
import { parseSearch, withoutTerm } from './search-query';

describe('parseSearch', () => {
  it('keeps plain words as one text, as a search always was', () => {
    expect(parseSearch('coffee shop')).toEqual({
      terms: [{ kind: 'words', value: 'coffee shop', raw: 'coffee shop' }],
      isPlain: true,
    });
  });

  it('reads every operator', () => {
    const { terms, isPlain } = parseSearch(
      'amount:>100 amount:12,50 account:Visa category:"Eating out" tag:trip before:2026-01-31 after:2026-01-01 -rent "corner shop" >=5 13,99',
    );
    expect(isPlain).toBe(false);
    expect(terms).toEqual([
      { kind: 'amount', comparison: '>', cents: 10000, raw: 'amount:>100' },
      { kind: 'amount', comparison: '=', cents: 1250, raw: 'amount:12,50' },
      { kind: 'account', value: 'Visa', raw: 'account:Visa' },
      { kind: 'category', value: 'Eating out', raw: 'category:"Eating out"' },
      { kind: 'tag', value: 'trip', raw: 'tag:trip' },
      { kind: 'before', date: '2026-01-31', raw: 'before:2026-01-31' },
      { kind: 'after', date: '2026-01-01', raw: 'after:2026-01-01' },
      { kind: 'exclude', value: 'rent', raw: '-rent' },
      { kind: 'phrase', value: 'corner shop', raw: '"corner shop"' },
      { kind: 'amount', comparison: '>=', cents: 500, raw: '>=5' },
      { kind: 'amountOrText', cents: 1399, value: '13,99', raw: '13,99' },
    ]);
  });

  it('reads amounts as people type them', () => {
    expect(parseSearch('amount:12.50').terms[0]).toMatchObject({ cents: 1250 });
    expect(parseSearch('amount:<1.234,56').terms[0]).toMatchObject({
      comparison: '<',
      cents: 123456,
    });
  });

  it('searches what is not valid operator syntax as plain words', () => {
    for (const search of [
      'amount:lots',
      'amount:>',
      'before:yesterday',
      'after:2026-02-30',
      'colour:red',
      '"unclosed quote',
      'tag:',
      '-',
      '--',
      'amount:1.234',
    ]) {
      const parsed = parseSearch(search);
      expect(parsed.isPlain, search).toBe(true);
      expect(parsed.terms.map((term) => term.raw).join(' '), search).toBe(search);
    }
  });

  it('drops one term for a removed chip', () => {
    const parsed = parseSearch('coffee tag:trip amount:>5');
    expect(withoutTerm(parsed, 1)).toBe('coffee amount:>5');
  });
});
