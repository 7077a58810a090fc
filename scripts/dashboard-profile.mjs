// `node scripts/dashboard-profile.mjs [distA distB ...]`: what the main thread does while the
// dashboard of a user with 1,000 transactions loads, measured in a way that depends less on the
// shared machine's load than Lighthouse's scores: long tasks (count, longest, and the sum of
// their time over 50 ms, a TBT), script/layout/style time from Chrome's own counters, the CPU
// profile's self time per file, and the layout shifts — at 4x CPU slowdown as Lighthouse's mobile
// run. Each given web build (default: apps/web/dist) is served by its own built server (fresh
// database, seeded as scripts/lighthouse.mjs does) and the builds are measured in turn, A, B,
// A, B, PROFILE_ROUNDS times (default 3), each in a fresh browser. PROFILE_PAGE measures another
// page instead (a signed-in one as the seeded user; `/`, `/login`, `/register` and `/contact`
// signed out).
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumPath } from './chromium-path.mjs';
import { freePort, seedUser, signInPage, startServer } from './seeded-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Math.max(1, Number(process.env.PROFILE_ROUNDS ?? 3));
const PAGE = process.env.PROFILE_PAGE ?? '/dashboard';
const SIGNED_IN = !['/', '/login', '/register', '/contact'].includes(PAGE);
const dists = process.argv.slice(2).length
  ? process.argv.slice(2).map((dir) => resolve(dir))
  : [join(root, 'apps/web/dist')];

// Collected in the page from the first script on.
function observe() {
  const record = { longTasks: [], shifts: [], lcp: 0 };
  globalThis.__profile = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      record.longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (!entry.hadRecentInput) record.shifts.push(Number(entry.value.toFixed(4)));
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.lcp = Math.round(entry.startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function measure({ base, storage }) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.goto(`${base}/favicon-light.svg`);
    if (SIGNED_IN) await signInPage(page, storage);
    await page.addInitScript(observe);
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Network.clearBrowserCache');
    let requests = 0;
    let bytes = 0;
    session.on('Network.loadingFinished', (event) => {
      requests++;
      bytes += event.encodedDataLength;
    });
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await session.send('Performance.enable');
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 200 });
    await session.send('Profiler.start');
    const started = Date.now();
    await page.goto(`${base}${PAGE}`);
    // Loaded: the network quiet, then 3 s for what the page still does (the charts in view
    // are drawn by then; on a phone they are below the fold, and drawn when scrolled to).
    await page.waitForLoadState('networkidle');
    const loadedMs = Date.now() - started;
    await page.waitForTimeout(3000);
    const { profile } = await session.send('Profiler.stop');
    const { metrics } = await session.send('Performance.getMetrics');
    const metric = (name) => metrics.find((entry) => entry.name === name)?.value ?? 0;
    const record = await page.evaluate(() => globalThis.__profile);
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    );
    // Self time per script file from the CPU profile.
    const perFile = new Map();
    const perFunction = new Map();
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    for (let index = 0; index < profile.samples.length; index++) {
      const node = byId.get(profile.samples[index]);
      const ms = (profile.timeDeltas[index] ?? 0) / 1000;
      const url = node.callFrame.url.replace(/^.*\//, '') || `(${node.callFrame.functionName})`;
      perFile.set(url, (perFile.get(url) ?? 0) + ms);
      const name = `${node.callFrame.functionName || '(anonymous)'} ${url}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`;
      perFunction.set(name, (perFunction.get(name) ?? 0) + ms);
    }
    const top = (map, count) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([name, ms]) => `${name} ${Math.round(ms)}`);
    return {
      loadedMs,
      fcp: Math.round(fcp),
      lcp: record.lcp,
      longTasks: record.longTasks.length,
      longestTask: Math.max(0, ...record.longTasks.map(([, duration]) => duration)),
      blockingMs: record.longTasks.reduce(
        (sum, [, duration]) => sum + Math.max(0, duration - 50),
        0,
      ),
      scriptMs: Math.round(metric('ScriptDuration') * 1000),
      taskMs: Math.round(metric('TaskDuration') * 1000),
      layoutMs: Math.round(metric('LayoutDuration') * 1000),
      styleMs: Math.round(metric('RecalcStyleDuration') * 1000),
      cls: Number(record.shifts.reduce((sum, value) => sum + value, 0).toFixed(4)),
      requests,
      kB: Math.round(bytes / 100) / 10,
      files: top(perFile, 8),
      functions: top(perFunction, 12),
      tasks: record.longTasks,
    };
  } finally {
    await browser.close();
  }
}

const servers = [];
try {
  for (const dist of dists) {
    const server = await startServer(await freePort(), dist);
    servers.push(server);
    server.storage = await seedUser(server.base, { label: 'profile' });
    console.error(`Serving ${dist} at ${server.base}, seeded.`);
  }
  const results = dists.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, server] of servers.entries()) {
      const result = await measure(server);
      results[index].push(result);
      const { files, functions, tasks, ...figures } = result;
      console.log(`${String.fromCharCode(65 + index)}${round + 1}`, JSON.stringify(figures));
      if (process.env.PROFILE_VERBOSE) console.log({ files, functions, tasks });
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const [index, runs] of results.entries()) {
    const keys = [
      'blockingMs',
      'longTasks',
      'longestTask',
      'scriptMs',
      'taskMs',
      'layoutMs',
      'styleMs',
      'fcp',
      'lcp',
      'cls',
      'requests',
      'kB',
    ];
    const medians = Object.fromEntries(
      keys.map((key) => [key, median(runs.map((run) => run[key]))]),
    );
    console.log(
      `median ${String.fromCharCode(65 + index)} (${dists[index]}):`,
      JSON.stringify(medians),
    );
    console.log('  self time per file (last run):', runs.at(-1).files.join(' | '));
  }
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
}
