import { AUTH_MESSAGES } from '@moneta/shared/auth-rules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

async function openRegister() {
  const user = userEvent.setup();
  const app = renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: 'Create Account' });
  return { user, app };
}

function requirement(label: string) {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  const item = within(list).getByText(label).closest('li');
  if (!item) throw new Error(`No checklist item ${label}`);
  return item;
}

describe('register page', () => {
  it('shows the screen texts and the brand title linking home', async () => {
    fakeApi({});
    await openRegister();
    expect(screen.getByText('Start managing your finances today.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in instead' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Moneta' })).toHaveAttribute('href', '/');
    expect(
      screen.getByText('By signing up, you agree to our Terms & Privacy Policy.'),
    ).toBeInTheDocument();
  });

  it('ticks the live checklist and colours the strength bar as the password grows', async () => {
    fakeApi({});
    const { user } = await openRegister();
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    for (const label of [
      '8-16 characters',
      'At least one letter',
      'At least one number',
      'At least one symbol',
    ]) {
      expect(requirement(label)).toHaveAttribute('data-met', 'false');
    }
    expect(meter).toHaveAttribute('aria-valuenow', '0');

    const password = screen.getByLabelText('Password');
    await user.type(password, 'abc');
    expect(requirement('At least one letter')).toHaveAttribute('data-met', 'true');
    expect(requirement('8-16 characters')).toHaveAttribute('data-met', 'false');
    expect(meter).toHaveAttribute('data-strength', 'weak');

    await user.type(password, '12345');
    expect(requirement('8-16 characters')).toHaveAttribute('data-met', 'true');
    expect(requirement('At least one number')).toHaveAttribute('data-met', 'true');
    expect(meter).toHaveAttribute('aria-valuenow', '3');
    expect(meter).toHaveAttribute('data-strength', 'fair');
    const fairSegments = screen.getAllByTestId('strength-segment');
    expect(fairSegments.filter((s) => s.dataset.filled === 'true')).toHaveLength(3);
    expect(fairSegments[0]).toHaveClass('bg-amber-400');

    await user.type(password, '!');
    expect(requirement('At least one symbol')).toHaveAttribute('data-met', 'true');
    expect(meter).toHaveAttribute('aria-valuenow', '4');
    expect(meter).toHaveAttribute('data-strength', 'strong');
    for (const segment of screen.getAllByTestId('strength-segment')) {
      expect(segment).toHaveClass('bg-emerald-500');
    }
  });

  it.each([
    ['not-an-email', 'abc12345!', AUTH_MESSAGES.invalidEmail],
    ['someone@example.com', 'abc12345!', AUTH_MESSAGES.blockedDomain],
    ['someone@moneta.dev', 'a1!', AUTH_MESSAGES.passwordLength],
    ['someone@moneta.dev', 'abcdefgh1', AUTH_MESSAGES.passwordComplexity],
  ])('refuses %s / %s with "%s" and makes no call', async (email, password, message) => {
    const { fetchMock } = fakeApi({});
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs up, keeps the token, toasts and goes to /setup', async () => {
    const { calls } = fakeApi({
      'POST /api/auth/signup': {
        status: 201,
        body: { token: 'jwt-token', ...makeUser({ isSetupComplete: false }) },
      },
    });
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Email'), 'Ada@Moneta.dev');
    await user.type(screen.getByLabelText('Password'), 'abc12345!');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Welcome to Moneta!' })).toBeInTheDocument();
    expect(await screen.findByText('Signup successful!')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe('jwt-token');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/signup',
      body: { email: 'ada@moneta.dev', password: 'abc12345!' },
    });
  });

  it("shows the server's message inline and as a toast", async () => {
    fakeApi({
      'POST /api/auth/signup': {
        status: 409,
        body: { message: 'An account with this email already exists.', code: 'EMAIL_TAKEN' },
      },
    });
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Email'), 'ada@moneta.dev');
    await user.type(screen.getByLabelText('Password'), 'abc12345!');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const messages = await screen.findAllByText('An account with this email already exists.');
    expect(messages).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('falls back to the generic message when the server sends none', async () => {
    fakeApi({ 'POST /api/auth/signup': { status: 500 } });
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Email'), 'ada@moneta.dev');
    await user.type(screen.getByLabelText('Password'), 'abc12345!');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findAllByText('Signup failed. Please try again.')).toHaveLength(2);
  });
});
