import { describe, expect, it } from 'vitest';
import { currencyName } from '../components/rate-format';

// The rates page's currency names in the user's language (docs/i18n.md).
describe('currencyName', () => {
  it('names a currency in the locale, an old ECB one from the messages, and keeps English for en', () => {
    const none = () => undefined;
    expect(currencyName('USD', 'United States Dollar', 'en-US', none)).toBe('United States Dollar');
    expect(currencyName('USD', 'United States Dollar', 'de-DE', none)).toBe('US-Dollar');
    expect(currencyName('JPY', 'Japanese Yen', 'ja-JP', none)).toBe('日本円');
    const old = (code: string) => (code === 'CYP' ? 'Zypern-Pfund' : undefined);
    expect(currencyName('CYP', 'Cypriot Pound', 'de-DE', old)).toBe('Zypern-Pfund');
    expect(currencyName('QQQ', 'Nothing', 'de-DE', none)).toBe('Nothing');
  });
});
