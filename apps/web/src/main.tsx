import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadPage } from './app/router';
import './index.css';
import { fetchLaterCode } from './lib/later-code';
import { nextTask } from './lib/next-task';
import { registerServiceWorker } from './pwa/register-service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount Moneta in.');

// The page's code first (usually in already: the page's HTML preloads it), so that the first
// render draws the page rather than a spinner that it replaces, and a signed-in page's data, so
// that it is drawn with it (preloadPage bounds that wait). A failure is left to the render,
// whose error boundary explains it. i18next and the messages of the device's language load
// alongside, as a chunk of their own rather than in this entry chunk (docs/decisions.md,
// I18N-7): a page is never drawn with keys in place of words.
void (async () => {
  // The entry's modules were evaluated in this task; i18next's and the page's each in one of
  // their own (lib/next-task.ts).
  await nextTask();
  const i18nReady = import('./lib/i18n/i18n')
    .then(({ initI18n }) => initI18n())
    .catch(() => undefined);
  await nextTask();
  await Promise.all([preloadPage(window.location.pathname).catch(() => undefined), i18nReady]);
  const root = createRoot(container);
  // As a transition, React renders the first page in slices of a few milliseconds and lets the
  // browser answer input between them, instead of one task of 200 ms or more on a phone.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  // After the first render: both wait for the page's first paint, and a signed-in page's frame
  // (build/page-shell.ts) is painted by its HTML, before this code has even loaded.
  registerServiceWorker();
  fetchLaterCode();
})();
