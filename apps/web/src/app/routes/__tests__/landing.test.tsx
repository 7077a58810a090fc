import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

describe('landing page', () => {
  it('invites a visitor to sign up, with three feature cards', async () => {
    fakeApi({});
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Get Started for Free' })).toHaveAttribute(
      'href',
      '/register',
    );
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(banner).getByRole('button', { name: /Switch to/ })).toBeInTheDocument();
    for (const title of [
      'Visualise your spending',
      'Scan your receipts',
      'Customisable categories',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('offers a signed-in visitor the dashboard and logout', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    fakeApi({ 'GET /api/auth/me': { body: makeUser() } });
    const user = userEvent.setup();
    const app = renderApp('/');
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Login' })).toBeNull();

    await user.click(within(banner).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
    expect(await screen.findByText('Logged out successfully.')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
