import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { transactionHandlers } from '@/testing/transactions';
import { preloadPage } from '../router';

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
    await preloadPage('/dashboard');
    renderApp('/dashboard');
    // Only the session is loading: the code of the shell and the page is in.
    expect(screen.getByText('Loading your account…')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Dashboard Overview' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
