// Checks the performance budget (run after `vite build`): the JavaScript a first visit of a page
// downloads before it can render, counted as the server sends it to a browser (the build's brotli
// file, or the file itself when it is too small to have one), must stay within the page's budget.
// What a first visit downloads is read from the page's own HTML as the build wrote it
// (dist/pages/*.html, build/page-preloads.ts): its scripts (the theme's small one and the entry)
// and every `modulepreload`, which are the page's code and what main.tsx awaits beside it
// (i18next and the English messages). Chunks loaded later, on demand, are not part of it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Kilobytes (1,000 bytes) over the wire, brotli as served, of everything a first visit downloads
 * before it can render. `/dashboard` keeps its first budget of 160 kB with the translation layer
 * in; `/` and `/login` have their first budget of 110 kB plus 15 kB for i18next itself
 * (15.8 kB), which every page needs before its first render and which no packaging makes
 * smaller. The aim was for the first budgets to hold on those two as well: docs/benchmarks.md,
 * "First-load JavaScript", gives what they weigh and what the rest would take.
 */
const BUDGETS_KB = { '/': 110, '/login': 110, '/dashboard': 160 };
// The pages a visit may start on and their route modules (the build preloads them the same way);
// those without a budget are reported for information.
const FIRST_PAGES = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'build', 'first-pages.json')),
);
const unlisted = Object.keys(BUDGETS_KB).filter((route) => !FIRST_PAGES[route]);
if (unlisted.length > 0) {
  process.stderr.write(`Budgeted pages missing from build/first-pages.json: ${unlisted}.\n`);
  process.exit(1);
}

const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(distDir, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  process.stderr.write(`No ${manifestPath}: run \`npm run build -w apps/web\` first.\n`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
if (!entry || !existsSync(join(distDir, `${entry.file}.br`))) {
  process.stderr.write(
    'The entry chunk is missing or has no .br file: is the compression plugin in vite.config.ts?\n',
  );
  process.exit(1);
}
/** A chunk's name by its file: 'i18n', 'messages-de-app', …. */
const chunkNames = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk.name]));
const isTranslationChunk = (file) => /^(i18n$|messages-)/.test(chunkNames.get(file) ?? '');

/**
 * `/` → pages/index.html, `/login` → pages/login.html, `/accounts/:accountId` →
 * pages/accounts/_.html, as build/page-preloads.ts writes them.
 */
const pageFile = (route) =>
  join(
    distDir,
    'pages',
    `${route === '/' ? 'index' : route.slice(1).replace(/\/:[^/]+$/, '/_')}.html`,
  );

/** The JavaScript files a page's HTML loads up front: its scripts and modulepreloads. */
function firstLoadFiles(route) {
  const path = pageFile(route);
  if (!existsSync(path)) throw new Error(`The build wrote no ${path}.`);
  const html = readFileSync(path, 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const files = tags.flatMap((tag) => {
    const loadsUpFront = tag.startsWith('<script') || /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="\/([^"]+\.js)"/.exec(tag)?.[1];
    return loadsUpFront && url ? [url] : [];
  });
  if (!files.includes(entry.file)) throw new Error(`${path} does not load the entry chunk.`);
  return [...new Set(files)];
}

/** Bytes sent for a file: its brotli variant when the build made one, as the server does. */
function servedSize(file, extension) {
  const compressed = join(distDir, `${file}${extension}`);
  return statSync(existsSync(compressed) ? compressed : join(distDir, file)).size;
}

function routeSize(route) {
  const files = firstLoadFiles(route);
  const kb = (list, extension) =>
    list.reduce((total, file) => total + servedSize(file, extension), 0) / 1000;
  return {
    brKb: kb(files, '.br'),
    gzipKb: kb(files, '.gz'),
    chunks: files.length,
    bootKb: kb(files.filter(isTranslationChunk), '.br'),
  };
}

const row = (route, { brKb, gzipKb, chunks, bootKb }, verdict) =>
  `  ${route.padEnd(14)} ${brKb.toFixed(1).padStart(7)} kB  ${gzipKb.toFixed(1).padStart(7)} kB  ${String(chunks).padStart(6)}  ${bootKb.toFixed(1).padStart(9)} kB  ${verdict}`;

const overBudget = [];
const lines = [
  'First-load JavaScript over the wire (brotli as served; gzip for reference):',
  `  ${'page'.padEnd(14)} ${'brotli'.padStart(10)}  ${'gzip'.padStart(10)}  chunks  of which i18n  budget (brotli)`,
];
for (const route of Object.keys(FIRST_PAGES)) {
  const size = routeSize(route);
  const budgetKb = BUDGETS_KB[route];
  if (budgetKb === undefined) {
    lines.push(row(route, size, '(not budgeted)'));
    continue;
  }
  const isOver = size.brKb > budgetKb;
  if (isOver) overBudget.push(`${route} by ${(size.brKb - budgetKb).toFixed(1)} kB`);
  lines.push(row(route, size, `${budgetKb} kB ${isOver ? 'OVER BUDGET' : 'ok'}`));
}
// Another language's messages come on top for a page shown in it.
const messagesKb = (language, group) => {
  const file = [...chunkNames].find(([, name]) => name === `messages-${language}-${group}`)?.[0];
  return file ? servedSize(file, '.br') / 1000 : 0;
};
lines.push(
  `"of which i18n": i18next and the English messages (the public pages', and the app's on a ` +
    `signed-in page). A page in another language also loads its messages (public + app): ` +
    ['de', 'fr', 'es', 'it', 'ja']
      .map(
        (language) =>
          `${language} ${messagesKb(language, 'public').toFixed(1)} + ${messagesKb(language, 'app').toFixed(1)}`,
      )
      .join(', ') +
    ' kB.',
);
process.stdout.write(`${lines.join('\n')}\n`);
if (overBudget.length > 0) {
  process.stderr.write(`Over the first-load budget: ${overBudget.join(', ')}.\n`);
  process.exit(1);
}
