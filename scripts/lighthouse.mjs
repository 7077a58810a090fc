// `npm run lighthouse`: Lighthouse (mobile, its default simulated throttling) against the built
// app served by the real server, on the public pages and every signed-in page a user works in
// (PAGES), signed in as a user with 1,000 transactions. Each page is measured LIGHTHOUSE_RUNS times (default 3), each
// run in a fresh Chromium profile, and the run with the median performance score is kept.
// Prints the scores, writes test-results/lighthouse/summary.{json,md} and the kept reports,
// and, with LIGHTHOUSE_STRICT=1, exits non-zero when a page is below the targets;
// LIGHTHOUSE_TRACE=1 also writes the kept runs' traces (<page>.trace.json). Two builds are
// compared with scripts/lighthouse-ab.mjs.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath, hasChromium } from './chromium-path.mjs';
import {
  CATEGORIES,
  mainThreadBeforeLcp,
  measure,
  metricsOf,
  score,
} from './lighthouse-measure.mjs';
import { firstAccountId, freePort, seedUser, startServer } from './seeded-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputDir = join(root, 'test-results', 'lighthouse');
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const isStrict = process.env.LIGHTHOUSE_STRICT === '1';
// LIGHTHOUSE_PAGES=dashboard,login measures only those pages (by PAGES' names).
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
const TRANSACTION_COUNT = 1000;
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100 };
/**
 * The pages measured, by name: the public ones, then the signed-in ones, most used first. A
 * signed-in page's path may name the seeded user's account (`{account}`, its register).
 */
const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'contact', path: '/contact' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'dashboard', path: '/dashboard', isSignedIn: true },
  { name: 'transactions', path: '/transactions', isSignedIn: true },
  { name: 'account', path: '/accounts/{account}', isSignedIn: true },
  { name: 'accounts', path: '/accounts', isSignedIn: true },
  { name: 'budgets', path: '/budgets', isSignedIn: true },
  { name: 'reports', path: '/reports', isSignedIn: true },
  { name: 'import', path: '/import', isSignedIn: true },
  { name: 'receipts', path: '/receipts', isSignedIn: true },
  { name: 'recurring', path: '/recurring-transactions', isSignedIn: true },
  { name: 'settings', path: '/settings', isSignedIn: true },
];
const unknownPages = ONLY_PAGES?.filter((name) => !PAGES.some((page) => page.name === name));
if (unknownPages?.length) {
  console.error(
    `Unknown pages: ${unknownPages.join(', ')} (known: ${PAGES.map((page) => page.name).join(', ')}).`,
  );
  process.exit(1);
}

if (!hasChromium()) {
  console.error(
    `No Chromium at ${chromiumPath()} (apt-get install chromium, or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
for (const built of ['apps/web/dist/index.html', 'apps/server/dist/server.js']) {
  if (!existsSync(join(root, built))) {
    console.error(`No ${built}: run \`npm run build\` first.`);
    process.exit(1);
  }
}

/** Audits that cost points (score < 1 and weighed in a category), for the summary. */
function failingAudits(lhr) {
  const weighed = new Set(
    CATEGORIES.flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => ref.id),
    ),
  );
  return Object.values(lhr.audits)
    .filter((audit) => weighed.has(audit.id) && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

// The machine's load moves the scores (the renderer waits for a core inside its tasks, whose
// wall time the simulation multiplies): printed and recorded beside them.
const loadAtStart = loadavg()[0];
console.log(`Load average at the start: ${loadAtStart.toFixed(1)}.`);
const port = await freePort();
const { child: server, base } = await startServer(port);
const stopServer = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stopServer);
let results;
try {
  const started = Date.now();
  const storage = await seedUser(base, { label: 'lighthouse', count: TRANSACTION_COUNT });
  console.log(
    `Seeded a user with ${TRANSACTION_COUNT} transactions in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  const accountId = await firstAccountId(base, storage.token);
  const pages = PAGES.filter((page) => !ONLY_PAGES || ONLY_PAGES.includes(page.name)).map(
    ({ name, path, isSignedIn }) => ({
      name,
      url: `${base}${path.replace('{account}', encodeURIComponent(accountId))}`,
      storage: isSignedIn ? storage : undefined,
    }),
  );
  results = [];
  mkdirSync(outputDir, { recursive: true });
  for (const page of pages) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await measure(page.url, { storage: page.storage, base });
      const { pathname } = new URL(result.lhr.finalDisplayedUrl);
      if (page.storage && pathname !== new URL(page.url).pathname) {
        throw new Error(`The ${page.name} run ended on ${pathname}: not signed in?`);
      }
      runs.push(result);
    }
    // A run Lighthouse could not complete (a timeout on a busy machine) scores 0: it is listed
    // but left out of the median while another run completed.
    const completed = runs.filter((run) => !run.lhr.runtimeError);
    const ranked = (completed.length > 0 ? completed : runs).sort(
      (a, b) => score(a.lhr, 'performance') - score(b.lhr, 'performance'),
    );
    const kept = ranked[Math.floor(ranked.length / 2)];
    writeFileSync(join(outputDir, `${page.name}.report.json`), kept.report);
    if (process.env.LIGHTHOUSE_TRACE === '1') {
      // The kept run's trace, for a look at the main thread (chrome://tracing or DevTools).
      writeFileSync(
        join(outputDir, `${page.name}.trace.json`),
        JSON.stringify(kept.artifacts.Trace),
      );
    }
    const { lhr } = kept;
    results.push({
      page: page.name,
      path: new URL(page.url).pathname,
      scores: Object.fromEntries(CATEGORIES.map((category) => [category, score(lhr, category)])),
      performanceRuns: runs.map((run) =>
        run.lhr.runtimeError ? run.lhr.runtimeError.code : score(run.lhr, 'performance'),
      ),
      metrics: metricsOf(lhr),
      mainThreadBeforeLcp: mainThreadBeforeLcp(kept.artifacts.Trace),
      costingPoints: failingAudits(lhr),
    });
    const { scores } = results.at(-1);
    console.log(
      `${page.name.padEnd(10)} performance ${scores.performance} (runs ${results.at(-1).performanceRuns.join(', ')}), accessibility ${scores.accessibility}, best practices ${scores['best-practices']}`,
    );
  }
} finally {
  stopServer();
}

const belowTargets = results.flatMap((result) =>
  Object.entries(TARGETS)
    .filter(([category, target]) => result.scores[category] < target)
    .map(
      ([category, target]) => `${result.page} ${category} ${result.scores[category]} < ${target}`,
    ),
);
const summary = {
  date: new Date().toISOString(),
  lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version,
  settings: 'mobile (Moto G Power), simulated throttling (slow 4G, 4x CPU), cold cache',
  loadAverage: { start: loadAtStart, end: loadavg()[0] },
  runsPerPage: RUNS,
  targets: TARGETS,
  results,
  belowTargets,
};
writeFileSync(join(outputDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
const table = [
  '| page | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS | main thread before LCP: wall / CPU ms | costing points |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    ({ page, scores, performanceRuns, metrics, mainThreadBeforeLcp: main, costingPoints }) =>
      `| ${page} | ${scores.performance} (runs ${performanceRuns.join(', ')}) | ${scores.accessibility} | ${scores['best-practices']} | ${metrics.firstContentfulPaintMs} | ${metrics.largestContentfulPaintMs} | ${metrics.totalBlockingTimeMs} | ${metrics.cumulativeLayoutShift} | ${main ? `${main.wallMs} / ${main.cpuMs}` : '—'} | ${costingPoints.join(', ') || '—'} |`,
  ),
].join('\n');
writeFileSync(
  join(outputDir, 'summary.md'),
  `# Lighthouse ${summary.lighthouse}, ${summary.date}\n\n${summary.settings}; median of ${RUNS} runs per page; load average ${loadAtStart.toFixed(1)} at the start, ${summary.loadAverage.end.toFixed(1)} at the end.\n\n${table}\n`,
);
console.log(`\n${table}\n\nWritten to ${outputDir}.`);
if (belowTargets.length > 0) {
  console.log(`Below the targets: ${belowTargets.join('; ')}.`);
  if (isStrict) process.exit(1);
}
