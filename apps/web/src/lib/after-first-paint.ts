/**
 * Runs `then` once the page has painted content and the browser is idle: for work a first visit
 * needs soon but not before the page is drawn (the service worker's install, code the page runs
 * later). Started earlier, such work took the network and the processor from the page's own
 * requests and first render (docs/benchmarks.md, session 18).
 *
 * "Painted" is the page's first-contentful-paint entry, or FIRST_PAINT_TIMEOUT_MS at most: a page
 * opened in a background tab records no paint.
 */
export function afterFirstPaint(then: () => void): void {
  let observer: PerformanceObserver | undefined;
  let isDone = false;
  const done = () => {
    if (isDone) return;
    isDone = true;
    clearTimeout(timer);
    observer?.disconnect();
    whenIdle(then);
  };
  const timer = setTimeout(done, FIRST_PAINT_TIMEOUT_MS);
  if (
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
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
/** The longest the work then waits for an idle moment (a page that keeps the browser busy). */
const IDLE_TIMEOUT_MS = 5_000;
const FALLBACK_DELAY_MS = 500;
