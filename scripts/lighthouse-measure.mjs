// One Lighthouse run of a page (mobile, its default simulated throttling) in a fresh Chromium
// profile, for scripts/lighthouse.mjs and scripts/lighthouse-ab.mjs. Debian's Chromium
// (CHROMIUM_PATH overrides it) through chrome-launcher: nothing is downloaded.
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from './chromium-path.mjs';
import { signInPage } from './seeded-server.mjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Signs in the way the web app keeps a session: the token and the last user in localStorage, as
 * after a sign-in (seedUser).
 */
async function signIn(chromePort, base, storage) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${base}/favicon-light.svg`);
  await signInPage(page, storage);
  // The measured load starts with an empty cache, as Lighthouse's own storage reset would.
  const session = await page.context().newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await page.close();
}

/** Lighthouse's result for `url`; signed in first when `storage` (seedUser's answer) is given. */
export async function measure(url, { storage, base, categories = CATEGORIES } = {}) {
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS });
  try {
    if (storage) await signIn(chrome.port, base, storage);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      // Keeps the signed-in session (the cache was emptied in signIn); a fresh profile anyway.
      disableStorageReset: Boolean(storage),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result;
  } finally {
    chrome.kill();
  }
}

export const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The metrics the performance score is made of, rounded. */
export function metricsOf(lhr) {
  const value = (id) => lhr.audits[id].numericValue;
  return {
    firstContentfulPaintMs: Math.round(value('first-contentful-paint')),
    largestContentfulPaintMs: Math.round(value('largest-contentful-paint')),
    totalBlockingTimeMs: Math.round(value('total-blocking-time')),
    cumulativeLayoutShift: Number(value('cumulative-layout-shift').toFixed(3)),
    speedIndexMs: Math.round(value('speed-index')),
  };
}

/**
 * The page's main-thread tasks from its navigation to its largest contentful paint, from the
 * run's trace: their wall time (what Lighthouse's simulation multiplies by 4) and the CPU time
 * the thread actually ran in them. On a busy machine the renderer waits for a core inside its
 * tasks, so the first exceeds the second by that much; on a quiet one they are about equal.
 * Null when the trace lacks the events.
 */
export function mainThreadBeforeLcp(trace) {
  const events = trace?.traceEvents ?? [];
  const navigation = events
    .filter(
      (event) =>
        event.name === 'navigationStart' &&
        event.args?.data?.isLoadingMainFrame &&
        /^https?:/.test(event.args.data.documentLoaderURL ?? ''),
    )
    .at(-1);
  if (!navigation) return null;
  const { pid, ts: start } = navigation;
  const lcp = events
    .filter(
      (event) =>
        event.name === 'largestContentfulPaint::Candidate' &&
        event.pid === pid &&
        event.ts >= start,
    )
    .at(-1);
  const mainThread = events.find(
    (event) =>
      event.ph === 'M' &&
      event.name === 'thread_name' &&
      event.pid === pid &&
      event.args?.name === 'CrRendererMain',
  );
  if (!lcp || !mainThread) return null;
  let wallUs = 0;
  let cpuUs = 0;
  for (const event of events) {
    const isTask =
      event.name === 'RunTask' &&
      event.ph === 'X' &&
      event.pid === pid &&
      event.tid === mainThread.tid;
    if (!isTask || event.ts < start || event.ts >= lcp.ts) continue;
    wallUs += event.dur ?? 0;
    cpuUs += event.tdur ?? 0;
  }
  return { wallMs: Math.round(wallUs / 1000), cpuMs: Math.round(cpuUs / 1000) };
}
