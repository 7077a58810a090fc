import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

describe('route guards', () => {
  it('sends a visitor who is not signed in from /dashboard to /login', async () => {
    const { fetchMock } = fakeApi({});
    const app = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a signed-in user who has not finished setup to /setup', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    const { calls } = fakeApi({
      'GET /api/auth/me': { body: makeUser({ isSetupComplete: false }) },
    });
    const app = renderApp('/transactions');
    expect(await screen.findByRole('heading', { name: 'Welcome to Moneta!' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/setup');
    expect(screen.getByText('ada@moneta.dev')).toBeInTheDocument();
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer jwt-token');
  });

  it('lets a user with setup done into the protected pages', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    fakeApi({ 'GET /api/auth/me': { body: makeUser() } });
    const app = renderApp('/recurring-transactions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Recurring Transactions' }),
    ).toBeInTheDocument();
    expect(app.currentPath()).toBe('/recurring-transactions');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows a spinner while the session loads', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    fakeApi({ 'GET /api/auth/me': { body: makeUser() } });
    renderApp('/dashboard');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard Overview' })).toBeInTheDocument();
  });

  it('drops a token the server rejects and treats the visitor as signed out', async () => {
    window.localStorage.setItem('token', 'expired');
    fakeApi({ 'GET /api/auth/me': { status: 401, body: { message: 'Unauthorized', code: 'X' } } });
    const app = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('keeps the token when the check fails for another reason (server down)', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    fakeApi({ 'GET /api/auth/me': { status: 503 } });
    const app = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
    expect(window.localStorage.getItem('token')).toBe('jwt-token');
  });

  it('requires a signed-in user for /setup', async () => {
    fakeApi({});
    const app = renderApp('/setup');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
  });
});
