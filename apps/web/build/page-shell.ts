import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '../../../packages/shared/src/locales.ts';

/**
 * The frame of a signed-in first page, written into its HTML (build/page-preloads.ts): the
 * navigation bar and the page's title and the line under it, in the markup that AppLayout and
 * ContentLayout render. The browser paints it as soon as the HTML and the styles are in, while
 * the page's code and data load; the app's first render then replaces it with the same boxes
 * (the browser tests hold the two to the same place). Without it a signed-in page painted
 * nothing until its code, messages and data were in: 3 s on Lighthouse's slow 4G, against
 * 1.1 s for the frame (docs/benchmarks.md, Lighthouse).
 *
 * The HTML is one file for every language, so each text is there in every language, each in an
 * element with its `lang`; public/theme-init.js gives the root element the device's locale
 * before the first paint, and index.css shows the text of that language only.
 */

/**
 * A page's title and the line under it, by namespace and key, as its ContentLayout shows them.
 * A page whose title is data (an account's register: the account's name) has none here: its
 * frame keeps the title's place empty, the height of one line.
 */
type ShellHeading = { namespace: string; title?: string; description?: string };

/**
 * The pages drawn with a frame. A description holds no values (wordsOf refuses them): the frame
 * is the same for everyone.
 */
export const SHELL_PAGES: Record<string, ShellHeading> = {
  '/dashboard': { namespace: 'dashboard', title: 'title' },
  '/transactions': { namespace: 'transactions', title: 'page.title' },
  '/accounts': { namespace: 'accounts', title: 'title', description: 'description' },
  '/accounts/:accountId': { namespace: 'accounts', description: 'register.description' },
  '/budgets': { namespace: 'budgets', title: 'page.title', description: 'page.description' },
  '/reports': { namespace: 'reports', title: 'page.title', description: 'page.description' },
  '/import': { namespace: 'imports', title: 'page.title', description: 'page.description' },
  '/receipts': { namespace: 'receipts', title: 'upload.title', description: 'upload.description' },
  '/recurring-transactions': {
    namespace: 'recurring-transactions',
    title: 'page.title',
    description: 'page.description',
  },
  '/settings': { namespace: 'settings', title: 'title', description: 'description' },
};

/** The navigation bar's links, as app/layouts/nav-items.ts orders them. */
const NAV_LINKS: [path: string, key: string][] = [
  ['/dashboard', 'nav.dashboard'],
  ['/transactions', 'nav.transactions'],
  ['/accounts', 'nav.accounts'],
  ['/reports', 'nav.reports'],
  ['/receipts', 'nav.receipts'],
  ['/import', 'nav.import'],
  ['/rules', 'nav.rules'],
  ['/settings', 'nav.settings'],
  ['/budgets', 'nav.budgets'],
  ['/recurring-transactions', 'nav.recurringTransactions'],
];

// A path, not `new URL(…, import.meta.url)`: Vite reads that as an asset of the module.
const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales');
const messageFiles = new Map<string, Record<string, unknown>>();

function messageOf(language: string, namespace: string, key: string): string | undefined {
  const file = `${language}/${namespace}`;
  if (!messageFiles.has(file)) {
    messageFiles.set(
      file,
      JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8')),
    );
  }
  let value: unknown = messageFiles.get(file);
  for (const part of key.split('.')) {
    value =
      value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  }
  return typeof value === 'string' ? value : undefined;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!,
  );

/**
 * A message in every language, as `<span lang>`s inside a `shell-words` element; a language
 * without the message shows the English one (i18next's fallback).
 */
export function wordsOf(namespace: string, key: string): string {
  const english = messageOf('en', namespace, key);
  if (!english) throw new Error(`page-shell: no English message ${namespace}:${key}.`);
  if (/{{|<\d|<\w+>/.test(english)) {
    throw new Error(
      `page-shell: ${namespace}:${key} has values or markup; the frame holds text only.`,
    );
  }
  return LANGUAGES.map(
    (language) =>
      `<span lang="${language}">${escapeHtml(messageOf(language, namespace, key) ?? english)}</span>`,
  ).join('');
}

/** The frame of the page at `path`, or undefined for a page drawn without one. */
export function pageShellHtml(path: string): string | undefined {
  const heading = SHELL_PAGES[path];
  if (!heading) return undefined;
  const common = (key: string) => wordsOf('common', key);
  const links = NAV_LINKS.map(([to, key]) => {
    // As the app's NavLink: a page below a link's path (an account's register) marks it too.
    const isActive = path === to || path.startsWith(`${to}/`);
    return `<li><a${isActive ? ' aria-current="page"' : ''} class="rounded-lg px-2 py-2 text-sm font-medium whitespace-nowrap transition-colors 2xl:px-3 ${
      isActive
        ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200'
        : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white'
    }" href="${to}"><span class="shell-words">${common(key)}</span></a></li>`;
  }).join('');
  const description = heading.description
    ? `<p class="mt-1 text-sm text-neutral-600 dark:text-neutral-400"><span class="shell-words">${wordsOf(heading.namespace, heading.description)}</span></p>`
    : '';
  const titleClasses =
    'text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl dark:text-white';
  // A title that is data keeps its line, empty and hidden from screen readers, until the app's
  // first render writes it.
  const titleText = heading.title
    ? `<h1 class="${titleClasses}"><span class="shell-words">${wordsOf(heading.namespace, heading.title)}</span></h1>`
    : `<div aria-hidden="true" class="${titleClasses}">&nbsp;</div>`;
  const title = [
    '<div class="mb-8 flex flex-wrap items-start justify-between gap-4"><div class="min-w-0">',
    titleText,
    description,
    '</div></div>',
  ].join('');
  return [
    '<div class="flex min-h-dvh flex-col" data-page-shell>',
    `<a href="#main" class="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow dark:focus:bg-neutral-900"><span class="shell-words">${common('shell.skipToContent')}</span></a>`,
    '<header class="sticky top-0 z-30 border-b border-neutral-200/80 bg-white/85 backdrop-blur dark:border-neutral-800/80 dark:bg-neutral-950/85">',
    '<div class="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 xl:gap-4 xl:max-2xl:h-auto xl:max-2xl:flex-wrap xl:max-2xl:gap-y-2 xl:max-2xl:py-3">',
    '<a class="inline-flex items-center gap-2 rounded-lg text-xl font-bold tracking-tight text-neutral-900 dark:text-white" href="/"><svg aria-hidden="true" focusable="false" viewBox="0 0 32 32" class="size-8"><rect width="32" height="32" rx="8" class="fill-emerald-700 dark:fill-emerald-600"></rect><path d="M8 23V9.5l8 8.5 8-8.5V23" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"></path></svg><span class="xl:max-2xl:sr-only">Moneta</span></a>',
    `<nav class="hidden xl:block"><ul class="flex items-center gap-0.5">${links}</ul></nav>`,
    // Where the household switcher and the wide screen's controls go, as boxes of their size
    // without content: from 1280 px to 1536 px the switcher takes a line of its own.
    '<div class="relative min-w-0 ml-auto xl:max-2xl:order-last xl:max-2xl:flex xl:max-2xl:basis-full xl:max-2xl:justify-end"><span aria-hidden="true" class="invisible flex items-center rounded-lg border px-2.5 py-1.5 text-sm font-medium">&nbsp;</span></div>',
    '<div class="hidden items-center gap-2 xl:flex xl:max-2xl:ml-auto"><span class="size-10"></span></div>',
    // The menu opens once the app runs; until then it is a button that does nothing, so it is
    // left out of the tab order and the accessibility tree.
    '<span aria-hidden="true" class="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-neutral-700 xl:hidden dark:text-neutral-300"><svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="size-6"><path d="M4 6h16M4 12h16M4 18h16"></path></svg></span>',
    '</div></header>',
    '<main id="main" tabindex="-1" class="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">',
    title,
    '</main></div>',
  ].join('');
}
