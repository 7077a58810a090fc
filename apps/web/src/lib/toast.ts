import type * as Toastify from 'react-toastify';
import type { ToastContent, ToastOptions } from 'react-toastify';

/**
 * Notifications, as react-toastify's `toast` shows them, with the library loaded on the first
 * one rather than with the page: it is 5 kB over the wire that no page needs before its first
 * render (docs/benchmarks.md, "First-load JavaScript"). react-toastify keeps a toast sent before
 * its container has mounted (app/provider.tsx mounts it lazily) and shows it then.
 */
let toastify: Promise<typeof Toastify> | undefined;

export function loadToastify() {
  if (!toastify) {
    toastify = import('react-toastify');
    // A failed download (offline, before the service worker had the app) may be tried again.
    toastify.catch(() => (toastify = undefined));
  }
  return toastify;
}

type Show = (content: ToastContent, options?: ToastOptions) => void;
const show =
  (kind: 'success' | 'error' | 'info'): Show =>
  (content, options) =>
    void loadToastify().then(({ toast: toastifyToast }) => toastifyToast[kind](content, options));

export const toast = { success: show('success'), error: show('error'), info: show('info') };
