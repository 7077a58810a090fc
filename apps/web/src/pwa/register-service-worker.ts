/**
 * Registers the service worker of the built app (not in development, where Vite serves modules
 * one by one). By hand rather than through the plugin's helper: it keeps workbox-window out of
 * the first load, and a file rather than an inline script keeps the CSP strict.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without it the app still works online; nothing to tell the user.
    });
  });
}
