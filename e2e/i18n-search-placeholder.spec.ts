// The transactions search's placeholder fits a 360 px phone in every language (docs/i18n.md):
// its text, measured in the input's own font, is no wider than the input's content box, so no
// language's hint is cut off.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createUser, signInWithToken } from './support/users';

const LOCALES_DIR = join(import.meta.dirname, '..', 'apps', 'web', 'src', 'locales');
/** The locale a person of each language picks at setup. */
const LOCALE_OF: Record<string, string> = {
  de: 'de-DE',
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  it: 'it-IT',
  ja: 'ja-JP',
};
const LANGUAGES = readdirSync(LOCALES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function filtersMessage(language: string, key: string): string {
  const file = join(LOCALES_DIR, language, 'transactions.json');
  const { filters } = JSON.parse(readFileSync(file, 'utf8')) as {
    filters: Record<string, string>;
  };
  return filters[key]!;
}

test.use({ viewport: { width: 360, height: 780 } });

test('every language has a locale to test it in', () => {
  expect(LANGUAGES.toSorted()).toEqual(Object.keys(LOCALE_OF).toSorted());
});

for (const language of LANGUAGES) {
  test(`the search placeholder is not cut at 360 px in ${language}`, async ({ page, request }) => {
    const locale = LOCALE_OF[language]!;
    const user = await createUser(request, { label: `placeholder-${language}`, locale });
    await signInWithToken(page, user.token);
    await page.goto('/transactions');
    const box = page.getByRole('searchbox', { name: filtersMessage(language, 'search') });
    await expect(box).toHaveAttribute('placeholder', filtersMessage(language, 'searchPlaceholder'));
    await page.evaluate(() => document.fonts.ready);
    const { textWidth, contentWidth, font } = await box.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      // The placeholder's own font (its size may differ from the typed text's).
      const hint = getComputedStyle(input, '::placeholder');
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${hint.fontStyle} ${hint.fontWeight} ${hint.fontSize} ${hint.fontFamily}`;
      context.letterSpacing = hint.letterSpacing === 'normal' ? '0px' : hint.letterSpacing;
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      return {
        textWidth: context.measureText(input.placeholder).width,
        contentWidth: input.clientWidth - padding,
        font: context.font,
      };
    });
    expect(
      textWidth,
      `"${await box.getAttribute('placeholder')}" is ${textWidth.toFixed(1)} px wide (${font}) in a box of ${contentWidth.toFixed(1)} px`,
    ).toBeLessThanOrEqual(contentWidth);
  });
}
