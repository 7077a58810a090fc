// Checks the performance budget (run after `vite build`): the JavaScript a first visit of a page
// downloads, counted as the server sends it to a browser (the build's brotli file, or the file
// itself when it is too small to have one), must stay within the page's budget. It reads the
// import graph Vite records in dist/.vite/manifest.json and follows the static imports of the
// entry and of the page's route chunks; lazily loaded chunks are not part of a first load.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Kilobytes (1,000 bytes) over the wire, brotli as served (issue 15's targets). */
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

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  process.stderr.write('The manifest has no entry chunk.\n');
  process.exit(1);
}
if (!existsSync(join(distDir, `${manifest[entryKey].file}.br`))) {
  process.stderr.write(
    'The entry chunk has no .br file: is the compression plugin in vite.config.ts?\n',
  );
  process.exit(1);
}

/** The chunk files a key loads up front: itself and, recursively, its static imports. */
function staticClosure(keys, files = new Set(), seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk for ${key}.`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    staticClosure(chunk.imports ?? [], files, seen);
  }
  return files;
}

/** Bytes sent for a file: its brotli variant when the build made one, as the server does. */
function servedSize(file, extension) {
  const compressed = join(distDir, `${file}${extension}`);
  return statSync(existsSync(compressed) ? compressed : join(distDir, file)).size;
}

function routeSize(routeKeys) {
  const files = [...staticClosure([entryKey, ...[routeKeys].flat()])];
  const sum = (extension) => files.reduce((total, file) => total + servedSize(file, extension), 0);
  return { brKb: sum('.br') / 1000, gzipKb: sum('.gz') / 1000, chunks: files.length };
}

const row = (route, { brKb, gzipKb, chunks }, verdict) =>
  `  ${route.padEnd(14)} ${brKb.toFixed(1).padStart(7)} kB  ${gzipKb.toFixed(1).padStart(7)} kB  ${String(chunks).padStart(6)}  ${verdict}`;

const overBudget = [];
const lines = [
  'First-load JavaScript over the wire (brotli as served; gzip for reference):',
  `  ${'page'.padEnd(14)} ${'brotli'.padStart(10)}  ${'gzip'.padStart(10)}  chunks  budget (brotli)`,
];
for (const [route, keys] of Object.entries(FIRST_PAGES)) {
  const size = routeSize(keys);
  const budgetKb = BUDGETS_KB[route];
  if (budgetKb === undefined) {
    lines.push(row(route, size, '(not budgeted)'));
    continue;
  }
  const isOver = size.brKb > budgetKb;
  if (isOver) overBudget.push(`${route} by ${(size.brKb - budgetKb).toFixed(1)} kB`);
  lines.push(row(route, size, `${budgetKb} kB ${isOver ? 'OVER BUDGET' : 'ok'}`));
}
// Not in the figures above, and not budgeted: what main.tsx loads beside the page's code, as
// chunks of their own, before the first render (docs/decisions.md, "Languages and formats").
const i18nKey = Object.keys(manifest).find((key) => manifest[key].name === 'i18n');
const messagesKb = (language) => {
  const key = `src/locales/${language}/index.ts`;
  return manifest[key] ? servedSize(manifest[key].file, '.br') / 1000 : 0;
};
if (i18nKey) {
  const i18nFiles = [...staticClosure([i18nKey])].filter(
    (file) => !staticClosure([entryKey]).has(file),
  );
  const i18nKb = i18nFiles.reduce((total, file) => total + servedSize(file, '.br'), 0) / 1000;
  lines.push(
    `Beside every page, before its first render (not budgeted): i18next ${i18nKb.toFixed(1)} kB, ` +
      `English messages ${messagesKb('en').toFixed(1)} kB; another language's messages ` +
      `${['de', 'fr', 'es', 'it', 'ja'].map((language) => `${language} ${messagesKb(language).toFixed(1)}`).join(', ')} kB.`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
if (overBudget.length > 0) {
  process.stderr.write(`Over the first-load budget: ${overBudget.join(', ')}.\n`);
  process.exit(1);
}
