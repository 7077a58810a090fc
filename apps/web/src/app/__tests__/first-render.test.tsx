import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { provideQueryClient } from '@/lib/app-query-client';
import { createQueryClient } from '@/lib/query-client';
import {
  fakeApi,
  holdAnswersTo,
  makeHousehold,
  makeUser,
  withRefusedSession,
} from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { transactionHandlers } from '@/testing/transactions';
import { FIRST_DATA_WAIT_MS, preloadPage } from '../router';

// Each assertion right after renderApp looks at the first render, before any promise settles.
describe('the first render (main.tsx preloads the page before it)', () => {
  it("draws a visitor's preloaded page at once: no spinner for the session or the code", async () => {
    fakeApi({});
    await preloadPage('/login');
    renderApp('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('shows the spinner for a page whose code is not in yet, then the page', async () => {
    fakeApi({});
    renderApp('/register');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create Account' }),
    ).toBeInTheDocument();
  });

  it("preloads the signed-in shell with the page, so only the session's answer is awaited", async () => {
    window.localStorage.setItem('token', 'jwt-token');
    fakeApi({ 'GET /api/auth/me': { body: makeUser() }, ...transactionHandlers() });
    // The session answers only once the page is drawn (past preloadPage's wait for data).
    const answerSession = holdAnswersTo('/api/auth/me');
    await preloadPage('/dashboard', 50);
    renderApp('/dashboard');
    // Only the session is loading: the code of the shell and the page is in.
    expect(screen.getByText('Loading your account…')).toBeInTheDocument();
    answerSession();
    expect(
      await screen.findByRole('heading', { name: 'Dashboard Overview' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it("draws a returning user's dashboard at once as the last user, its data asked with the session", async () => {
    window.localStorage.setItem('token', 'jwt-token');
    window.localStorage.setItem('lastUser', JSON.stringify(makeUser()));
    const { calls } = fakeApi({
      'GET /api/auth/me': { body: makeUser() },
      ...transactionHandlers(),
    });
    await preloadPage('/dashboard');
    renderApp('/dashboard');
    expect(screen.getByRole('heading', { name: 'Dashboard Overview' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your account…')).not.toBeInTheDocument();
    // Sent from the first render, before the session's answer could have arrived.
    const paths = calls.map((call) => call.path);
    expect(paths).toContain('/api/auth/me');
    expect(paths).toContain('/api/transactions/summary');
  });

  it("fetches a signed-in page's data with its code, so the first render draws it", async () => {
    window.localStorage.setItem('token', 'jwt-token');
    window.localStorage.setItem('lastUser', JSON.stringify(makeUser()));
    const { calls } = fakeApi({
      'GET /api/auth/me': { body: makeUser() },
      ...transactionHandlers(),
      'GET /api/accounts': { body: [] },
      'GET /api/households': { body: [makeHousehold()] },
    });
    const queryClient = createQueryClient();
    provideQueryClient(queryClient);
    await preloadPage('/dashboard');
    expect(calls.map((call) => call.path).sort()).toEqual([
      '/api/accounts',
      '/api/auth/me',
      '/api/households',
      '/api/recurring/upcoming',
      '/api/transactions/charts',
      '/api/transactions/summary',
    ]);
    renderApp('/dashboard', queryClient);
    // The totals are there in the first render: no skeleton, no second request.
    expect(screen.getAllByText('$1,000.00').length).toBeGreaterThan(0);
    expect(calls).toHaveLength(6);
  });

  it('waits a bounded time for data that does not come, then draws the page', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    window.localStorage.setItem('lastUser', JSON.stringify(makeUser()));
    fakeApi({});
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    const queryClient = createQueryClient();
    provideQueryClient(queryClient);
    const started = performance.now();
    await preloadPage('/dashboard', 50);
    expect(performance.now() - started).toBeLessThan(FIRST_DATA_WAIT_MS);
    // The summary of the dashboard's period, whichever it is.
    const summary = queryClient
      .getQueryCache()
      .find({ queryKey: ['transactions', 'summary'], exact: false });
    expect(summary?.state.fetchStatus).toBe('fetching');
    renderApp('/dashboard', queryClient);
    expect(screen.getByRole('heading', { name: 'Dashboard Overview' })).toBeInTheDocument();
  });

  it('does not wait for data while the device is offline', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    window.localStorage.setItem('lastUser', JSON.stringify(makeUser()));
    fakeApi({});
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // A wait longer than the test's time limit: only not waiting lets the test pass.
    await preloadPage('/dashboard', 60_000);
    renderApp('/dashboard');
    expect(screen.getByRole('heading', { name: 'Dashboard Overview' })).toBeInTheDocument();
  });

  it('prefetches nothing for a visitor without a token, nor for a public page', async () => {
    const { calls } = fakeApi({ ...transactionHandlers() });
    await preloadPage('/dashboard');
    window.localStorage.setItem('token', 'jwt-token');
    await preloadPage('/login');
    expect(calls).toEqual([]);
  });

  it('still signs out when the server refuses the token, forgetting the last user', async () => {
    withRefusedSession(transactionHandlers());
    await preloadPage('/dashboard');
    const app = renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Back' }),
    ).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('lastUser')).toBeNull();
  });
});
