// Checks the performance budget (run after `vite build`): the JavaScript a first visit of `/` and
// of `/login` downloads, gzipped, must stay at or under 120 kB each. It reads the import graph
// Vite records in dist/.vite/manifest.json and follows the static imports of the entry and of
// each route's chunk; lazily loaded chunks are not part of a first load and are not counted.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 120;
const ROUTES = {
  '/': 'src/app/routes/landing.tsx',
  '/login': 'src/app/routes/auth/login.tsx',
};
// Reported for information, not held to the budget.
const OTHER_ROUTES = {
  '/register': 'src/app/routes/auth/register.tsx',
  '/contact': 'src/app/routes/contact.tsx',
  '/dashboard': ['src/app/routes/app/root.tsx', 'src/app/routes/app/dashboard.tsx'],
  '/transactions': ['src/app/routes/app/root.tsx', 'src/app/routes/app/transactions.tsx'],
};

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

const gzipSizes = new Map();
function gzipSize(file) {
  if (!gzipSizes.has(file)) {
    gzipSizes.set(file, gzipSync(readFileSync(join(distDir, file))).length);
  }
  return gzipSizes.get(file);
}

function routeKilobytes(routeKeys) {
  const files = staticClosure([entryKey, ...[routeKeys].flat()]);
  const bytes = [...files].reduce((total, file) => total + gzipSize(file), 0);
  return { kilobytes: bytes / 1000, chunks: files.size };
}

let isOverBudget = false;
const lines = [`First-load JavaScript, gzipped (budget ${BUDGET_KB} kB for / and /login):`];
for (const [route, key] of Object.entries(ROUTES)) {
  const { kilobytes, chunks } = routeKilobytes(key);
  const isOver = kilobytes > BUDGET_KB;
  isOverBudget ||= isOver;
  lines.push(
    `  ${route.padEnd(12)} ${kilobytes.toFixed(1).padStart(7)} kB  (${chunks} chunks)  ${isOver ? 'OVER BUDGET' : 'ok'}`,
  );
}
for (const [route, key] of Object.entries(OTHER_ROUTES)) {
  const { kilobytes, chunks } = routeKilobytes(key);
  lines.push(
    `  ${route.padEnd(12)} ${kilobytes.toFixed(1).padStart(7)} kB  (${chunks} chunks)  (not budgeted)`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
if (isOverBudget) {
  process.stderr.write(`A route is over the ${BUDGET_KB} kB budget.\n`);
  process.exit(1);
}
