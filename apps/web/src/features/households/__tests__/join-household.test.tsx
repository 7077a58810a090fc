import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { HOME, ME, openApp, PERSONAL } from './households-fixtures';

describe('join link', () => {
  it('asks a signed-in user, joins, and moves the app to the household', async () => {
    let households = [PERSONAL];
    const { calls, user, currentPath } = openApp('/join/the-code', {
      'GET /api/households': () => ({ body: households }),
      'POST /api/invitations/accept': () => {
        households = [PERSONAL, HOME];
        return { body: HOME };
      },
    });
    expect(await screen.findByRole('heading', { name: 'Join a household?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await screen.findByRole('button', { name: 'Household: Home' });
    expect(currentPath()).toBe('/dashboard');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ code: 'the-code' });
    expect(screen.getByText('You joined Home.')).toBeInTheDocument();
  });

  it('says why an invitation cannot be used', async () => {
    const { user } = openApp('/join/used', {
      'POST /api/invitations/accept': {
        status: 404,
        body: {
          code: 'INVITATION_NOT_FOUND',
          message:
            'This invitation is not valid: it may have been used, revoked or have expired. Ask for a new one.',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByText(/This invitation is not valid: it may have been used/),
    ).toBeInTheDocument();
  });

  it('sends a visitor to sign in, and after sign-in back to the join page', async () => {
    fakeApi({
      'POST /api/auth/login': { body: { token: 'jwt-token', ...ME } },
      'GET /api/auth/me': { body: ME },
      'GET /api/households': { body: [PERSONAL] },
    });
    const user = userEvent.setup();
    const { currentPath } = renderApp('/join/the-code');
    expect(await screen.findByText(/Sign in, or create an account, to accept/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText('Email'), 'grace@moneta.dev');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(currentPath()).toBe('/join/the-code'));
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });
});
