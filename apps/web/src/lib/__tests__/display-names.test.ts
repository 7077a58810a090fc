import { describe, expect, it } from 'vitest';
import { categoryDisplayName } from '@/lib/categories/category-name';
import { compactMoney } from '@/lib/chart-theme';
import { changeLocale, i18n } from '@/lib/i18n/i18n';

// Names and figures written outside a component (docs/i18n.md), in the user's language.
describe('outside React, in the user’s language', () => {
  it('names a built-in category in the current language, and the user’s own as written', async () => {
    expect(categoryDisplayName('Food')).toBe('Food');
    await changeLocale('de-DE');
    expect(categoryDisplayName('Food')).toBe(i18n.t('common:categories.food'));
    expect(categoryDisplayName('Food')).not.toBe('Food');
    expect(categoryDisplayName('Katzenfutter')).toBe('Katzenfutter');
    await changeLocale('ja-JP');
    expect(categoryDisplayName('Salary')).toBe('給与');
  });

  it('writes an axis tick the locale’s way, and the original way without a locale', () => {
    expect(compactMoney(1200, 'USD')).toBe('$1.2K');
    expect(compactMoney(0.9, 'EUR', 'de-DE')).toBe('0,9\u00a0€');
  });
});
