import { defineConfig, devices } from '@playwright/test';
import { appPort as port, enableBankingUrl, publicUrl } from './e2e/support/addresses';
import { chromiumPath } from './scripts/chromium-path.mjs';

/**
 * End-to-end tests drive the real built app (served by the same code path as `npm start`, with a
 * fresh embedded PostgreSQL in a temporary data directory) in Debian's Chromium.
 */
export default defineConfig({
  testDir: './e2e',
  // Its own folder: Playwright empties it at start, and test-results/summary must survive.
  outputDir: './test-results/playwright',
  fullyParallel: false,
  // Two spec files at a time, one per core: 9.5 minutes instead of 11.9 on this 2-core machine,
  // which keeps CI under its 30. Every spec signs up users of its own, so none sees another's
  // data; the tests within a file still run in order.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The built app installs a service worker that precaches every chunk: only the specs that
    // test it (e2e/pwa.spec.ts) let it run, so the others measure the app, not its cache.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath(),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    // The Enable Banking flow (e2e/bank-connections.spec.ts) needs both known at the start.
    env: { PORT: String(port), PUBLIC_URL: publicUrl, ENABLE_BANKING_URL: enableBankingUrl },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
