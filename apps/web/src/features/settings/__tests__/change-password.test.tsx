import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/fake-api';
import { openSettings, section } from './settings-fixtures';

describe('change password', () => {
  it('changes the password, keeps the new token and says other sessions were signed out', async () => {
    const { calls, user, app } = await openSettings({
      'PUT /api/auth/password': { body: { token: 'new-session-token', ...makeUser() } },
    });
    const card = section('Change password');
    await user.type(within(card).getByLabelText('Current password'), 'Old-pass1!');
    await user.type(within(card).getByLabelText('New password'), 'N3w-pass!');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));

    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Your password has been changed. Every other session has been signed out.',
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      currentPassword: 'Old-pass1!',
      newPassword: 'N3w-pass!',
    });
    expect(window.localStorage.getItem('token')).toBe('new-session-token');
    expect(within(card).getByLabelText('Current password')).toHaveValue('');
    // Still signed in, and the lists are read again with the new token.
    expect(app.currentPath()).toBe('/settings');
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.path === '/api/auth/sessions' &&
            call.headers.get('Authorization') === 'Bearer new-session-token',
        ),
      ).toBe(true),
    );
  });

  it('checks the register rules before sending', async () => {
    const { calls, user } = await openSettings();
    const card = section('Change password');
    await user.type(within(card).getByLabelText('Current password'), 'Old-pass1!');
    await user.type(within(card).getByLabelText('New password'), 'short');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(within(card).getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows a wrong current password on its field and stays signed in', async () => {
    const { user, app } = await openSettings({
      'PUT /api/auth/password': {
        status: 401,
        body: { message: 'The current password is not right.', code: 'WRONG_PASSWORD' },
      },
    });
    const card = section('Change password');
    await user.type(within(card).getByLabelText('Current password'), 'Wrong-pass1!');
    await user.type(within(card).getByLabelText('New password'), 'N3w-pass!');
    await user.click(within(card).getByRole('button', { name: 'Change password' }));

    expect(await within(card).findByText('The current password is not right.')).toBeVisible();
    const current = within(card).getByLabelText('Current password');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveFocus();
    expect(window.localStorage.getItem('token')).toBe('jwt-token');
    expect(app.currentPath()).toBe('/settings');
    expect(screen.queryByRole('heading', { name: 'Welcome Back' })).not.toBeInTheDocument();
  });
});
