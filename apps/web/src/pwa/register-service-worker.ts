/**
 * Registers the service worker of the built app (not in development, where Vite serves modules
 * one by one) once the first page has been drawn and the browser is idle. Installing the worker
 * downloads and stores every file of the app shell. Started at the `load` event, which comes
 * before a signed-in page's first render (that waits for the page's data), the download and the
 * worker's start-up competed with the page's own requests and rendering on a first visit: on
 * the dashboard, Lighthouse's blocking time fell from 514 to 145 ms without them (docs/benchmarks.md).
 * Angular's service worker waits the same way (`registerWhenStable`).
 *
 * By hand rather than through the plugin's helper: it keeps workbox-window out of the first
 * load, and a file rather than an inline script keeps the CSP strict.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  afterFirstPaint(() => whenIdle(register));
}

function register() {
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // Without it the app still works online; nothing to tell the user.
  });
}

/**
 * Runs `then` once the page has painted content (its first-contentful-paint entry), or after
 * FIRST_PAINT_TIMEOUT_MS: a page opened in a background tab records no paint.
 */
function afterFirstPaint(then: () => void) {
  let observer: PerformanceObserver | undefined;
  const timer = window.setTimeout(done, FIRST_PAINT_TIMEOUT_MS);
  let isDone = false;
  function done() {
    if (isDone) return;
    isDone = true;
    window.clearTimeout(timer);
    observer?.disconnect();
    then();
  }
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
}

/** Safari has no requestIdleCallback: a short timeout lets the next frames go out first. */
function whenIdle(then: () => void) {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(then, { timeout: IDLE_TIMEOUT_MS });
  } else {
    setTimeout(then, FALLBACK_DELAY_MS);
  }
}

const FIRST_PAINT_TIMEOUT_MS = 10_000;
/** The longest the registration then waits for an idle moment (a page that keeps it busy). */
const IDLE_TIMEOUT_MS = 5_000;
const FALLBACK_DELAY_MS = 500;
