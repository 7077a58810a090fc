import { describe, expect, it } from 'vitest';
import { isSupportedLocale, languageOf, matchLocale } from './locales';

describe('locales', () => {
  it('offers the browser’s own locale, else the first of its language, else en-US', () => {
    expect(matchLocale(['de-AT', 'en-US'])).toBe('de-AT');
    expect(matchLocale(['de-LU'])).toBe('de-DE');
    expect(matchLocale(['ja'])).toBe('ja-JP');
    expect(matchLocale(['fr_ca'])).toBe('fr-CA');
    expect(matchLocale(['pt-BR', 'it'])).toBe('it-IT');
    expect(matchLocale(['pt-BR', 'nl'])).toBe('en-US');
    expect(matchLocale([])).toBe('en-US');
  });

  it('accepts only the listed locales, exactly spelled', () => {
    expect(isSupportedLocale('de-CH')).toBe(true);
    expect(isSupportedLocale('de-ch')).toBe(false);
    expect(isSupportedLocale('de')).toBe(false);
    expect(isSupportedLocale(42)).toBe(false);
    expect(languageOf('fr-BE')).toBe('fr');
  });
});
