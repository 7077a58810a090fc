// First: zod must be configured (no eval probe under the CSP) before any schema is built.
import '@moneta/shared/zod';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './index.css';
import { registerServiceWorker } from './pwa/register-service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount Moneta in.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
