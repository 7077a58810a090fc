import { afterFirstPaint } from '@/lib/after-first-paint';

/**
 * Registers the service worker of the built app (not in development, where Vite serves modules
 * one by one) once the first page has been drawn and the browser is idle. Installing the worker
 * downloads and stores every file of the app shell. Started at the `load` event, which comes
 * before a signed-in page's first render (that waits for the page's data), the download and the
 * worker's start-up competed with the page's own requests and rendering on a first visit: on
 * the dashboard, Lighthouse's blocking time fell from 514 to 145 ms without them
 * (docs/benchmarks.md). Angular's service worker waits the same way (`registerWhenStable`).
 *
 * By hand rather than through the plugin's helper: it keeps workbox-window out of the first
 * load, and a file rather than an inline script keeps the CSP strict.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  afterFirstPaint(() => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without it the app still works online; nothing to tell the user.
    });
  });
}
