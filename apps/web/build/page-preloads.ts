import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';
import { LATER_CODE_TEMPLATE_ID } from '../src/lib/later-code.ts';
import firstPages from './first-pages.json' with { type: 'json' };
import { pageShellHtml } from './page-shell.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The pages a visit may start on, by path, with the route modules that draw them (router.tsx).
 * scripts/bundle-size.mjs holds the same pages to their first-load budgets.
 */
export const FIRST_PAGES: Record<string, string[]> = firstPages;

/**
 * `/` → pages/index.html, `/login` → pages/login.html, and a page of one item,
 * `/accounts/:accountId`, → pages/accounts/_.html: the server finds a page's file so
 * (apps/server/src/plugins/web-app.ts).
 */
export const pageFileName = (path: string) =>
  path === '/' ? 'pages/index.html' : `pages/${path.slice(1).replace(/\/:[^/]+$/, '/_')}.html`;

/**
 * Code a first page runs only later, fetched ahead at the lowest priority (`rel=prefetch`) once
 * the page has painted, and run when needed: the dashboard's charts, drawn when they come into
 * view (on a phone, after a scroll), so that their 60 kB need not be downloaded then, nor run
 * before. The links go into an inert `<template>` that the app moves into the page after its
 * first paint (src/lib/later-code.ts): in the HTML itself, they shared the network with the
 * page's own code and data.
 */
export const PAGE_PREFETCHES: Record<string, string[]> = {
  '/dashboard': ['src/features/dashboard/components/charts.tsx'],
  // The password change's checks (and zod): loaded at its first check (lib/forms/lazy-resolver.ts).
  '/settings': ['src/features/settings/utils/change-password-resolver.ts'],
  // The forms a page opens from its buttons (and zod), loaded when first opened.
  '/transactions': [
    'src/features/transactions/components/TransactionFormDialog.tsx',
    'src/components/TransferFormDialog.tsx',
  ],
  '/accounts': [
    'src/features/accounts/components/AccountFormDialog.tsx',
    'src/components/TransferFormDialog.tsx',
  ],
  '/accounts/:accountId': ['src/components/TransferFormDialog.tsx'],
  '/budgets': ['src/features/budgets/components/BudgetForm.tsx'],
};

/**
 * First pages that must not load the validation library's schema code up front (docs/benchmarks.md,
 * First-load JavaScript): zod's schema modules are 20 kB over the wire and are evaluated before the
 * page can be drawn. A page that needs a form loads it when it opens; a constant shared with the
 * server lives in a module without a schema (packages/shared/src/idempotency.ts).
 */
export const PAGES_WITHOUT_VALIDATION = [
  '/',
  '/login',
  '/dashboard',
  '/transactions',
  '/accounts',
  '/accounts/:accountId',
  '/budgets',
  '/reports',
  '/import',
  '/settings',
];

/**
 * What main.tsx loads at boot, beside the page's code, and awaits before the first render:
 * i18next (this module's chunk) and the English messages of the public pages (every language
 * falls back to English). Preloaded by every first page, so that they download with the entry
 * rather than after it has run.
 */
export const BOOT_MODULES = ['src/lib/i18n/i18n.ts'];
export const BOOT_MESSAGES = 'messages-en-public';
/**
 * What router.tsx loads with the signed-in app's route modules (its shell and the setup page),
 * beside their code: the app's English messages (a chunk) and its query client (a module).
 * Preloaded by the first pages that have one of those route modules.
 */
export const APP_MESSAGES = 'messages-en-app';
export const APP_MODULES = ['src/lib/query-client.ts'];
export const APP_ROUTE_MODULES = ['src/app/routes/app/root.tsx', 'src/app/routes/setup.tsx'];
const VALIDATION_MODULE = /\/node_modules\/zod\/v4\/(core|classic)\/schemas\.js$/;

/**
 * Writes a copy of index.html for each first page (see pageFileName) with a `modulepreload`
 * for every chunk the page's route modules load up front. Every page is a lazy chunk (router.tsx), so
 * without it the browser learns of the page's code only once the entry chunk has been
 * downloaded and run: one more round trip before anything is drawn (two for the signed-in
 * pages, whose shell is a chunk of its own). The server sends these files for those paths
 * (plugins/web-app.ts), and index.html for every other.
 */
export function pagePreloads(
  pages: Record<string, string[]> = FIRST_PAGES,
  prefetches: Record<string, string[]> = PAGE_PREFETCHES,
): Plugin {
  return {
    name: 'moneta:page-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') this.error('page-preloads: the build wrote no index.html.');
        const indexHtml = String(html.source);
        const chunks = Object.values(bundle).filter(
          (file): file is OutputChunk => file.type === 'chunk',
        );
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) this.error('page-preloads: the build has no entry chunk.');
        // index.html preloads the entry's own imports already.
        const preloaded = staticClosure(bundle, [entry.fileName]);
        const chunkOf = (module: string, path: string) => {
          const chunk = chunks.find((candidate) =>
            candidate.facadeModuleId?.endsWith(`/${module}`),
          );
          if (!chunk) this.error(`page-preloads: no chunk for ${module} (page ${path}).`);
          return chunk.fileName;
        };
        // A chunk Rolldown shares between importers has no facade module: found by its modules.
        const chunkHolding = (module: string) => {
          const chunk = chunks.find((candidate) =>
            candidate.moduleIds.some((id) => id.endsWith(`/${module}`)),
          );
          if (!chunk) this.error(`page-preloads: no chunk holds ${module}.`);
          return chunk.fileName;
        };
        const chunkNamed = (name: string) => {
          const chunk = chunks.find((candidate) => candidate.name === name);
          if (!chunk) this.error(`page-preloads: no chunk named ${name}.`);
          return chunk.fileName;
        };
        const bootFiles = staticClosure(bundle, [
          ...BOOT_MODULES.map(chunkHolding),
          chunkNamed(BOOT_MESSAGES),
        ]);
        for (const [path, modules] of Object.entries(pages)) {
          const pageFiles = staticClosure(bundle, [
            ...modules.map((module) => chunkOf(module, path)),
            ...(modules.some((module) => APP_ROUTE_MODULES.includes(module))
              ? [chunkNamed(APP_MESSAGES), ...APP_MODULES.map(chunkHolding)]
              : []),
          ]);
          for (const file of bootFiles) pageFiles.add(file);
          if (PAGES_WITHOUT_VALIDATION.includes(path)) {
            const loadsValidation = [...preloaded, ...pageFiles].find((file) => {
              const chunk = bundle[file];
              return (
                chunk?.type === 'chunk' && chunk.moduleIds.some((id) => VALIDATION_MODULE.test(id))
              );
            });
            if (loadsValidation) {
              this.error(
                `page-preloads: ${path} loads zod's schemas up front (${loadsValidation}); import what it needs from a module that builds no schema, or load the form lazily.`,
              );
            }
          }
          const later = staticClosure(bundle, (prefetches[path] ?? []).map(chunkHolding));
          const laterLinks = [...later]
            .filter((file) => !preloaded.has(file) && !pageFiles.has(file))
            .map((file) => `<link rel="prefetch" as="script" crossorigin href="/${file}">`);
          const links = [
            ...[...pageFiles]
              .filter((file) => !preloaded.has(file))
              .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`),
            ...(laterLinks.length > 0
              ? [`    <template id="${LATER_CODE_TEMPLATE_ID}">${laterLinks.join('')}</template>`]
              : []),
          ];
          const withLinks = indexHtml.replace('</head>', `\n${links.join('\n')}\n  </head>`);
          const shell = pageShellHtml(path);
          const source = shell ? withShell(withLinks, shell) : withLinks;
          const fileName = pageFileName(path);
          this.emitFile({ type: 'asset', fileName, source });
          // Written after the compression plugin's pass (they need the finished index.html),
          // so compressed here, as it compresses every other text file, for the server's
          // preCompressed sending.
          const brotli = brotliCompressSync(source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          });
          this.emitFile({ type: 'asset', fileName: `${fileName}.br`, source: brotli });
          const gzip = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
          this.emitFile({ type: 'asset', fileName: `${fileName}.gz`, source: gzip });
        }
      },
    },
  };
}

/** The id of the `<template>` that holds a framed page's code until it has painted. */
export const PAGE_CODE_TEMPLATE_ID = 'page-code';

/**
 * A page drawn with its frame (build/page-shell.ts): the frame goes into #root, and the page's
 * code (the entry script and every `modulepreload`) into an inert template that public/page-code.js
 * moves into the page once the frame has painted. Requested from the head, the code shared the
 * network with the styles before that paint, and Lighthouse's simulation, which counts every
 * request started before a paint, drew the frame no sooner than the page: 3.4 s.
 */
export function withShell(html: string, shell: string): string {
  const code: string[] = [];
  const head = html.replace(
    /\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g,
    (_match, tag: string) => {
      code.push(tag);
      return '';
    },
  );
  if (code.length === 0) throw new Error('page-preloads: a framed page has no code to load.');
  const root = '<div id="root"></div>';
  if (!head.includes(root)) throw new Error('page-preloads: index.html has no empty #root.');
  return head.replace(
    root,
    `<div id="root">${shell}</div>\n    <template id="${PAGE_CODE_TEMPLATE_ID}">${code.join('')}</template>\n    <script src="/page-code.js" defer></script>`,
  );
}

/** The chunk files that `roots` load up front: themselves and their static imports. */
function staticClosure(bundle: OutputBundle, roots: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (files.has(fileName) || chunk?.type !== 'chunk') return;
    files.add(fileName);
    chunk.imports.forEach(visit);
  };
  roots.forEach(visit);
  return files;
}
