import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

async function openLogin() {
  const user = userEvent.setup();
  const app = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
  return { user, app };
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ada@moneta.dev');
  await user.type(screen.getByLabelText('Password'), 'abc12345!');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login page', () => {
  it('shows the screen texts', async () => {
    fakeApi({});
    await openLogin();
    expect(screen.getByText('Sign in to continue to your account.')).toBeInTheDocument();
    expect(screen.getByText('New to Moneta?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByText('Protected by industry-standard security.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Moneta' })).toHaveAttribute('href', '/');
  });

  it('shows and hides the password', async () => {
    fakeApi({});
    const { user } = await openLogin();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'secret1!');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveValue('secret1!');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it('requires both fields and makes no call when one is empty', async () => {
    const { fetchMock } = fakeApi({});
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in, toasts and goes to the dashboard when setup is complete', async () => {
    const { calls } = fakeApi({
      'POST /api/auth/login': { body: { token: 'jwt-token', ...makeUser() } },
    });
    const { user, app } = await openLogin();
    await signIn(user);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard Overview' }),
    ).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('jwt-token');
    // Kept as this device's last user: the next visit draws its first render as that user.
    expect(JSON.parse(window.localStorage.getItem('lastUser') ?? 'null')).toEqual(makeUser());
    expect(calls[0]?.body).toMatchObject({ email: 'ada@moneta.dev', password: 'abc12345!' });
  });

  it('goes to /setup when setup is not complete', async () => {
    fakeApi({
      'POST /api/auth/login': {
        body: { token: 'jwt-token', ...makeUser({ isSetupComplete: false }) },
      },
    });
    const { user, app } = await openLogin();
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Welcome to Moneta!' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/setup');
  });

  it("shows the server's message inline and as a toast", async () => {
    fakeApi({
      'POST /api/auth/login': {
        status: 401,
        body: { message: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' },
      },
    });
    const { user } = await openLogin();
    await signIn(user);
    expect(await screen.findAllByText('Invalid email or password.')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
