// `node scripts/lighthouse-ab.mjs distA distB`: Lighthouse's mobile performance of one page for
// two web builds, to tell a change from the shared machine's noise (scores move by 5–15 points
// run to run here). Each build is served by its own built server (fresh database, the same
// seeded user of 1,000 transactions as scripts/lighthouse.mjs), and the runs alternate A, B,
// B, A, … AB_RUNS times each (default 5); it prints every run and each build's medians.
// AB_PAGE names the page (default dashboard): a public one, or a signed-in one as the seeded user.
import { resolve } from 'node:path';
import { measure, metricsOf, score } from './lighthouse-measure.mjs';
import { freePort, seedUser, startServer } from './seeded-server.mjs';

const dists = process.argv.slice(2).map((dir) => resolve(dir));
if (dists.length !== 2) {
  console.error('Usage: node scripts/lighthouse-ab.mjs <web dist A> <web dist B>');
  process.exit(1);
}
const RUNS = Math.max(1, Number(process.env.AB_RUNS ?? 5));
const PAGE = process.env.AB_PAGE ?? 'dashboard';
const PUBLIC_PATHS = { landing: '/', login: '/login' };
const SIGNED_IN_PATHS = {
  dashboard: '/dashboard',
  transactions: '/transactions',
  accounts: '/accounts',
  budgets: '/budgets',
  reports: '/reports',
  import: '/import',
  receipts: '/receipts',
  recurring: '/recurring-transactions',
  settings: '/settings',
};
const PATHS = { ...PUBLIC_PATHS, ...SIGNED_IN_PATHS };
if (!PATHS[PAGE]) {
  console.error(`AB_PAGE must be one of ${Object.keys(PATHS).join(', ')}.`);
  process.exit(1);
}

const sides = [];
try {
  for (const dist of dists) {
    const { child, base } = await startServer(await freePort(), dist);
    sides.push({ dist, child, base, rows: [] });
    if (SIGNED_IN_PATHS[PAGE]) sides.at(-1).storage = await seedUser(base, { label: 'ab' });
  }
  for (let run = 0; run < RUNS; run++) {
    // A, B, then B, A: neither build always runs first on a machine that warms or cools.
    for (const side of run % 2 === 0 ? sides : [...sides].reverse()) {
      const { lhr } = await measure(`${side.base}${PATHS[PAGE]}`, {
        storage: side.storage,
        base: side.base,
        categories: ['performance'],
      });
      // A run Lighthouse could not complete (NO_NAVSTART, now and then) is left out.
      if (lhr.runtimeError) {
        console.log(side.dist, `failed: ${lhr.runtimeError.code}`);
        continue;
      }
      const row = { performance: score(lhr, 'performance'), ...metricsOf(lhr) };
      side.rows.push(row);
      console.log(side.dist, JSON.stringify(row));
    }
  }
} finally {
  for (const side of sides) side.child.kill('SIGTERM');
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const side of sides) {
  const keys = Object.keys(side.rows[0]);
  console.log(
    `${side.dist}: median ${keys.map((key) => `${key} ${median(side.rows.map((row) => row[key]))}`).join(', ')}; runs ${side.rows.map((row) => row.performance).join(', ')}`,
  );
}
