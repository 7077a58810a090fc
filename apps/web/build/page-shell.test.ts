import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@moneta/shared/locales';
import { describe, expect, it } from 'vitest';
import { PAGE_CODE_TEMPLATE_ID, withShell } from './page-preloads.ts';
import { pageShellHtml, SHELL_PAGES, wordsOf } from './page-shell.ts';

const messages = (language: string, namespace: string) =>
  JSON.parse(
    readFileSync(
      join(
        dirname(fileURLToPath(import.meta.url)),
        '..',
        'src',
        'locales',
        language,
        `${namespace}.json`,
      ),
      'utf8',
    ),
  ) as Record<string, Record<string, string> | string>;

function parse(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
}

describe('a signed-in page’s frame', () => {
  it.each(Object.entries(SHELL_PAGES).filter(([, heading]) => heading.title))(
    '%s: its title and the line under it in every language, as the messages say them',
    (path, heading) => {
      const document = parse(pageShellHtml(path)!);
      const title = document.querySelector('main h1 .shell-words')!;
      const description = document.querySelector('main h1 + p .shell-words');
      expect(description === null).toBe(heading.description === undefined);
      const read = (bundle: Record<string, unknown>, key: string) =>
        key
          .split('.')
          .reduce<unknown>((value, part) => (value as Record<string, unknown>)?.[part], bundle);
      for (const language of LANGUAGES) {
        const own = messages(language, heading.namespace);
        const english = messages('en', heading.namespace);
        expect(title.querySelector(`[lang="${language}"]`)?.textContent).toBe(
          read(own, heading.title!) ?? read(english, heading.title!),
        );
        if (description) {
          expect(description.querySelector(`[lang="${language}"]`)?.textContent).toBe(
            read(own, heading.description!) ?? read(english, heading.description!),
          );
        }
      }
    },
  );

  it('marks the page’s own link in the navigation, and no other', () => {
    const document = parse(pageShellHtml('/budgets')!);
    const current = [...document.querySelectorAll('nav a[aria-current="page"]')];
    expect(current.map((link) => link.getAttribute('href'))).toEqual(['/budgets']);
    expect(document.querySelectorAll('nav a')).toHaveLength(10);
  });

  it('frames an account’s register with its line but not its title, the account’s name', () => {
    const document = parse(pageShellHtml('/accounts/:accountId')!);
    expect(document.querySelector('header')).not.toBeNull();
    expect(document.querySelector('main h1')).toBeNull();
    const placeholder = document.querySelector('main [aria-hidden="true"]')!;
    expect(placeholder.textContent).toBe('\u00a0');
    const description = placeholder.nextElementSibling!;
    expect(description.tagName).toBe('P');
    for (const language of LANGUAGES) {
      const own = messages(language, 'accounts').register as unknown as Record<string, string>;
      expect(description.querySelector(`[lang="${language}"]`)?.textContent).toBe(own.description);
    }
    const current = [...document.querySelectorAll('nav a[aria-current="page"]')];
    expect(current.map((link) => link.getAttribute('href'))).toEqual(['/accounts']);
  });

  it('has no frame for a public page', () => {
    expect(pageShellHtml('/login')).toBeUndefined();
    expect(pageShellHtml('/')).toBeUndefined();
  });

  it('refuses a message with values or markup in it: the frame is drawn before any data', () => {
    expect(() => wordsOf('reports', 'controls.showing.month')).toThrow(/values or markup/);
    expect(() => wordsOf('common', 'no.such.key')).toThrow(/no English message/);
  });
});

describe('withShell', () => {
  const html = [
    '<html><head>',
    '<script src="/theme-init.js"></script>',
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-2.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-3.css">',
    '<link rel="modulepreload" crossorigin href="/assets/page-4.js">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');

  it('puts the frame into #root and the page’s code into the template, leaving the styles', () => {
    const result = withShell(html, '<p>frame</p>');
    const document = new DOMParser().parseFromString(result, 'text/html');
    expect(document.getElementById('root')?.innerHTML).toBe('<p>frame</p>');
    expect(
      document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]'),
    ).toHaveLength(0);
    expect(document.head.querySelector('link[rel="stylesheet"]')).not.toBeNull();
    expect(document.head.querySelector('script[src="/theme-init.js"]')).not.toBeNull();
    const template = document.getElementById(PAGE_CODE_TEMPLATE_ID) as HTMLTemplateElement;
    expect(
      [...template.content.querySelectorAll('script, link')].map(
        (node) => node.getAttribute('src') ?? node.getAttribute('href'),
      ),
    ).toEqual(['/assets/index-1.js', '/assets/react-2.js', '/assets/page-4.js']);
    expect(document.querySelector('script[src="/page-code.js"]')?.hasAttribute('defer')).toBe(true);
  });

  it('refuses an index.html without code or without an empty #root', () => {
    expect(() => withShell('<html><body><div id="root"></div></body></html>', 'x')).toThrow(
      /no code/,
    );
    expect(() =>
      withShell('<script type="module" src="/a.js"></script><div id="app"></div>', 'x'),
    ).toThrow(/#root/);
  });
});
