/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa, injectManifest): the app shell is precached so the app
// opens offline; the API is never cached (its answers are the user's data, always fresh).
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { paths } from './config/paths';
import {
  SHARE_ACTION,
  SHARE_CACHE,
  SHARED_FILE_KEY,
  SHARED_FILE_NAME_HEADER,
} from './pwa/share-target';

declare const self: ServiceWorkerGlobalScope;

// A new version takes over at once rather than after every tab is closed.
void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is the one index.html; the router draws the rest.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }),
);

/** Keeps the shared file for the receipts page, then opens it (303: the next request is a GET). */
async function receiveShare(request: Request): Promise<Response> {
  const target = `${paths.receipts}?shared=1`;
  try {
    const form = await request.formData();
    const file = form.get('file');
    if (file instanceof File) {
      const cache = await caches.open(SHARE_CACHE);
      await cache.put(
        SHARED_FILE_KEY,
        new Response(file, {
          headers: {
            'Content-Type': file.type || 'application/octet-stream',
            [SHARED_FILE_NAME_HEADER]: encodeURIComponent(file.name),
          },
        }),
      );
    }
  } catch {
    // An unreadable share still lands on the receipts page, where the user can pick the file.
  }
  return Response.redirect(target, 303);
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (
    event.request.method === 'POST' &&
    url.origin === self.location.origin &&
    url.pathname === SHARE_ACTION
  ) {
    event.respondWith(receiveShare(event.request));
  }
});
