import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Finding English left on a translated screen (docs/i18n.md, Browser checks): in visible text and
 * in what assistive technology reads (aria-label, title, placeholder, alt, a chart's summary).
 */
export type Language = 'en' | 'de' | 'fr' | 'es' | 'it' | 'ja';

const LOCALES = join(import.meta.dirname, '..', '..', 'apps/web/src/locales');

export const messagesOf = (language: Language, namespace: string) =>
  JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

/** A message of the web's own files, to find an element by the name the user reads. */
export function message(language: Language, namespace: string, key: string): string {
  const found = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)?.[part],
      messagesOf(language, namespace),
    );
  if (typeof found !== 'string') throw new Error(`${language}/${namespace}:${key} is missing`);
  return found;
}

/** Words that are the same in every language: names, formats, codes, browsers (lower case). */
export const SAME_IN_EVERY_LANGUAGE = [
  'Moneta',
  'CSV',
  'OFX',
  'QFX',
  'PDF',
  'JPG',
  'JPEG',
  'PNG',
  'WebP',
  'HEIC',
  'QIF',
  'CAMT',
  'MT940',
  'XML',
  'PIN',
  'TOTP',
  'IBAN',
  'ECB',
  'API',
  'URL',
  'YNAB',
  'Firefly',
  'III',
  'Mint',
  'Chrome',
  'Chromium',
  'Firefox',
  'Safari',
  'Edge',
  'Opera',
  'Windows',
  'macOS',
  'Linux',
  'Android',
  'iOS',
  'iPhone',
  'iPad',
  // The bank-data services' own names.
  'SimpleFIN',
  'Bridge',
  'Enable',
  'Banking',
].map((word) => word.toLowerCase());

/** The same, and what only the screens this file checks show: the notifications' keyboard
 * shortcut (Alt+T) and the rules' example of a shop's name. */
const ALLOWED_WORDS = [...SAME_IN_EVERY_LANGUAGE, 'alt', 'rewe'];

/**
 * English a Latin-script page must not show: each English message whose translation differs and
 * that has a word of three letters or more the language never uses, as a pattern (its values any
 * text). Null for Japanese, where any English word shows.
 */
export function englishPatterns(language: Language): string[] | null {
  return language === 'ja' ? null : messagePatterns(language);
}

/**
 * Each English message of the web whose translation differs and that has a word of three
 * letters or more the language never uses ("Import" is German too), as a pattern whose
 * `{{values}}` match any text.
 */
export function messagePatterns(language: Language): string[] {
  const patterns: string[] = [];
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const namespaces = readdirSync(join(LOCALES, 'en'))
    .filter((name) => name.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''));
  const own = new Set(
    JSON.stringify(namespaces.map((namespace) => messagesOf(language, namespace))).match(
      /\p{L}+/gu,
    ),
  );
  const pair = (english: unknown, other: unknown) => {
    if (typeof english === 'string') {
      const words = english.replace(/\{\{\w+\}\}/g, ' ').match(/[A-Za-z]{3,}/g) ?? [];
      if (english !== other && words.some((word) => !own.has(word))) {
        patterns.push(
          `^${english
            .split(/\{\{\w+\}\}/)
            .map(escape)
            .join('.+')}$`,
        );
      }
      return;
    }
    if (english && typeof english === 'object') {
      for (const [key, value] of Object.entries(english)) {
        pair(value, (other as Record<string, unknown> | undefined)?.[key]);
      }
    }
  };
  for (const namespace of namespaces) {
    pair(messagesOf('en', namespace), messagesOf(language, namespace));
  }
  return patterns;
}

/**
 * The English on the page: visible texts, and the accessible names and hints of visible elements
 * and of charts (aria-label, title, placeholder, alt), each prefixed with where it was found.
 */
export function englishOnPage(
  page: Page,
  userData: string[],
  patterns: string[] | null,
): Promise<string[]> {
  return page.evaluate(
    ({ userData, allowed, patterns }) => {
      const allowedWords = new Set(allowed);
      const english = patterns?.map((source) => new RegExp(source, 'u'));
      const isEnglish = (text: string) => {
        if (
          /^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/\S/.test(
            text,
          )
        ) {
          return false;
        }
        let rest = text;
        for (const datum of userData) rest = rest.split(datum).join(' ');
        // A path or web address (/api/…, https://…) is written the same in every language.
        rest = rest.replace(/(?:https?:\/\/|\/)[\w./?=&%-]*[\w/]/g, ' ');
        if (english) return english.some((pattern) => pattern.test(rest.trim()));
        const words = rest.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
        return words.some(
          (word) =>
            word.replace(/[0-9]/g, '').length >= 3 &&
            !/^[A-Z]{3}$/.test(word) &&
            !allowedWords.has(word.toLowerCase()),
        );
      };
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
        const parent = node.parentElement;
        if (!text || !parent || parent.closest('script, style, noscript, datalist, template')) {
          continue;
        }
        if (parent instanceof HTMLOptionElement && /^[a-z]{2}-[A-Z]{2}$/.test(parent.value)) {
          continue;
        }
        const isOption = parent.closest('select') !== null;
        if (!isOption && !parent.checkVisibility({ checkVisibilityCSS: true })) continue;
        if (isEnglish(text)) found.push(text);
      }
      const named = document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]');
      for (const element of Array.from(named)) {
        const isChart = element instanceof HTMLCanvasElement;
        if (!isChart && !element.checkVisibility({ checkVisibilityCSS: true })) continue;
        for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
          const value = element.getAttribute(attribute)?.replace(/\s+/g, ' ').trim();
          if (value && isEnglish(value)) found.push(`${attribute}: ${value}`);
        }
      }
      if (isEnglish(document.title)) found.push(`title: ${document.title}`);
      return [...new Set(found)];
    },
    { userData, allowed: ALLOWED_WORDS, patterns },
  );
}

/** Scrolls down the page a screen at a time, so that charts drawn when in view are drawn. */
export async function scrollThrough(page: Page): Promise<void> {
  for (let step = 0; step < 30; step += 1) {
    const isAtEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (isAtEnd) break;
  }
  await page.waitForTimeout(300);
}
