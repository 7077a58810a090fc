import { describe, expect, it } from 'vitest';
import {
  isSupportedLocale,
  languageOf,
  LOCALE_NAMES,
  matchLocale,
  SUPPORTED_LOCALES,
} from './locales';

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

describe('LOCALE_NAMES', () => {
  it('names every supported locale, each differently, in its own script', () => {
    const names = SUPPORTED_LOCALES.map((locale) => LOCALE_NAMES[locale]);
    expect(names.every((name) => name.trim().length > 0)).toBe(true);
    expect(new Set(names).size).toBe(SUPPORTED_LOCALES.length);
    // Japanese in Japanese; every other in the Latin script, starting with a capital.
    expect(LOCALE_NAMES['ja-JP']).toMatch(/^日本語/);
    for (const locale of SUPPORTED_LOCALES.filter((each) => each !== 'ja-JP')) {
      expect(LOCALE_NAMES[locale].charAt(0)).toBe(
        LOCALE_NAMES[locale].charAt(0).toLocaleUpperCase(locale),
      );
    }
  });
});
