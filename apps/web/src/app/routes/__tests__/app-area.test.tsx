import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { knownUser } from '@/lib/auth/get-user';
import { renderApp } from '@/testing/render-app';
import { makeSummary, transactionHandlers } from '@/testing/transactions';

function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({ 'GET /api/auth/me': { body: makeUser() }, ...handlers });
}

describe('protected area: navigation and settings', () => {
  it('offers every page in the navigation bar', async () => {
    signedIn();
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Transactions',
      'Accounts',
      'Reports',
      'Receipts',
      'Import',
      'Rules',
      'Settings',
      'Budgets',
      'Recurring Transactions',
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it.each([
    ['/transactions', 'Transactions'],
    ['/receipts', 'Upload Receipt'],
    ['/budgets', 'Budgets'],
    ['/settings', 'Settings'],
    ['/import', 'Import'],
    ['/rules', 'Rules'],
    ['/rates', 'Exchange Rates'],
    ['/reports', 'Reports'],
  ])('%s shows its title', async (path, title) => {
    signedIn();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('changes the currency on the server and keeps the answer as the user', async () => {
    const { calls } = signedIn({
      'PUT /api/auth/setup': { body: makeUser({ defaultCurrency: 'GBP' }) },
    });
    const user = userEvent.setup();
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard Overview' });
    const [picker] = screen.getAllByRole('combobox', { name: 'Currency' });
    if (!picker) throw new Error('No currency picker');
    expect(picker).toHaveTextContent('USD ($)');

    await user.click(picker);
    await user.click(screen.getByRole('option', { name: /^GBP British Pound/ }));
    // Every total changes with the base currency: the choice is confirmed first.
    const confirmation = await screen.findByRole('alertdialog', {
      name: 'Show totals in British Pound (GBP)?',
    });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(within(confirmation).getByRole('button', { name: 'Confirm' }));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      defaultCurrency: 'GBP',
    });
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(picker).toHaveAttribute('aria-busy', 'false'));
    for (const combobox of screen.getAllByRole('combobox', { name: 'Currency' })) {
      expect(combobox).toHaveTextContent('GBP (£)');
    }
  });

  it('opens the mobile menu accessibly, closes it with Escape and navigates from it', async () => {
    signedIn();
    const user = userEvent.setup();
    const app = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard Overview' });

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Built on first opening: until then no hidden copy of the links is rendered.
    expect(screen.queryByRole('dialog', { name: 'Menu', hidden: true })).not.toBeInTheDocument();
    expect(toggle).not.toHaveAttribute('aria-controls');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(toggle.getAttribute('aria-controls')).toBe(menu.id);
    expect(within(menu).getByRole('button', { name: 'Close menu' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', {
        name: 'Budgets',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Budgets' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/budgets');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('protected area: logging out and deleting the account', () => {
  it('logs out leaving nothing of the user behind but a visitor session', async () => {
    const { calls } = signedIn({
      ...transactionHandlers(),
      'POST /api/auth/logout': { body: { message: 'Signed out.' } },
      'GET /api/transactions/summary': { body: makeSummary({ totalIncome: 4321, balance: 4321 }) },
    });
    const user = userEvent.setup();
    const app = renderApp('/dashboard');
    expect(await screen.findAllByText('$4,321.00')).not.toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    // The server's session ended first, with the token it was for.
    const logout = calls.find((call) => call.path === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('Authorization')).toBe('Bearer jwt-token');
    expect(window.localStorage.getItem('token')).toBeNull();
    // No query of the user's is left, nor what a mutation sent; the session is a visitor's.
    expect(app.queryClient.getQueryCache().getAll()).toEqual([]);
    expect(app.queryClient.getMutationCache().getAll()).toEqual([]);
    expect(knownUser()).toBeNull();
  });

  it('logs out here even when the server cannot be reached', async () => {
    signedIn({ ...transactionHandlers() });
    const user = userEvent.setup();
    renderApp('/dashboard');
    const logoutButton = await screen.findByRole('button', { name: 'Logout' });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await user.click(logoutButton);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('deletes the account after confirmation, then logs out', async () => {
    const { calls } = signedIn({
      'DELETE /api/users/account': { body: { message: 'Account deleted.' } },
    });
    const user = userEvent.setup();
    const app = renderApp('/settings');
    expect(await screen.findByText('ada@moneta.dev')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Danger Zone' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/login');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(window.localStorage.getItem('token')).toBeNull();
    // The sign-in page says what happened, in a status message rather than a logout toast.
    const notice = await screen.findByText('Your account and all its data were deleted.');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('Logged out successfully.')).toBeNull();
  });

  it('shows no deletion notice on a plain visit to the sign-in page', async () => {
    fakeApi({ 'GET /api/auth/me': { status: 401 } });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByText('Your account and all its data were deleted.')).toBeNull();
  });

  it('shows an inline error when the account cannot be deleted', async () => {
    signedIn({ 'DELETE /api/users/account': { status: 500 } });
    const user = userEvent.setup();
    renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to delete account. Please try again.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });
});
