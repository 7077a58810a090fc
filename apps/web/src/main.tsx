// First: zod must be configured (no eval probe under the CSP) before any schema is built.
import '@moneta/shared/zod';
import { formatMoney } from '@moneta/shared';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadPage } from './app/router';
import './index.css';
import { getToken } from './lib/token';
import { registerServiceWorker } from './pwa/register-service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount Moneta in.');

// A signed-in page shows amounts as soon as its data arrives, and the first currency formatter
// loads ICU's number data (20 ms on a desktop, 80 ms or more on a phone). Made now, before the
// first paint, that cost stays out of the task that draws the data, when the page should already
// answer input. Visitors' pages format no money.
if (getToken()) formatMoney(0, 'USD');

// The page's code first (usually in already: the page's HTML preloads it), so that the first
// render draws the page rather than a spinner that it replaces. A failure is left to the
// render, whose error boundary explains it.
void preloadPage(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
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
  });

registerServiceWorker();
