import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const browser = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => browser);

const signedInUser = makeUser();
const challenge = 'challenge-from-the-server';

async function openLogin() {
  const user = userEvent.setup();
  const app = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
  return { user, app };
}

async function enterPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ada@moneta.dev');
  await user.type(screen.getByLabelText('Password'), 'abc12345!');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

function twoFactorAccount(codeReply: Parameters<typeof fakeApi>[0][string]) {
  return fakeApi({
    'POST /api/auth/login': { body: { twoFactorRequired: true, challenge } },
    'POST /api/auth/login/2fa': codeReply,
    'GET /api/auth/me': { body: signedInUser },
  });
}

describe('two-factor sign-in', () => {
  it('asks for the code after the password and signs in with it', async () => {
    let tries = 0;
    const { calls } = twoFactorAccount(() => {
      tries += 1;
      return tries === 1
        ? {
            status: 401,
            body: {
              message: 'That code is not right, or it was already used.',
              code: 'INVALID_CODE',
            },
          }
        : { body: { token: 'session-token', ...signedInUser } };
    });
    const { user, app } = await openLogin();
    await enterPassword(user);

    const code = await screen.findByLabelText('Code');
    expect(
      screen.getByText('Enter the 6-digit code from your authenticator app, or a backup code.'),
    ).toBeInTheDocument();
    // The form takes the focus in its mount effect, which may run after the field is found.
    await waitFor(() => expect(code).toHaveFocus());
    // No session before the second factor.
    expect(window.localStorage.getItem('token')).toBeNull();

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right, or it was already used.',
    );
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(app.currentPath()).toBe('/login');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.currentPath()).toBe('/dashboard'));
    expect(window.localStorage.getItem('token')).toBe('session-token');
    const sent = calls.filter((call) => call.path === '/api/auth/login/2fa').map((c) => c.body);
    expect(sent).toEqual([
      expect.objectContaining({ challenge, code: '000000' }),
      expect.objectContaining({ challenge, code: '123456' }),
    ]);
  });

  it('says so when too many codes were tried', async () => {
    twoFactorAccount({
      status: 429,
      body: {
        message: 'Too many attempts. Please wait a moment and try again.',
        code: 'RATE_LIMITED',
      },
    });
    const { user } = await openLogin();
    await enterPassword(user);
    await user.type(await screen.findByLabelText('Code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(screen.getByLabelText('Code')).toBeInTheDocument();
  });

  it('goes back to the password when the challenge has expired', async () => {
    twoFactorAccount({
      status: 401,
      body: {
        message: 'This sign-in has expired or was already used. Please sign in again.',
        code: 'CHALLENGE_INVALID',
      },
    });
    const { user } = await openLogin();
    await enterPassword(user);
    await user.type(await screen.findByLabelText('Code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in has expired or was already used. Please sign in again.',
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
  });

  it('asks for the code before sending an empty one', async () => {
    const { calls } = twoFactorAccount({ status: 500 });
    const { user } = await openLogin();
    await enterPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(
      screen.getByText('Please enter the code from your authenticator app, or a backup code.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/login/2fa')).toBe(false);
  });
});

describe('passkey sign-in', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.stubGlobal('navigator', {
      ...navigator,
      credentials: { create: vi.fn(), get: vi.fn() },
    });
  });

  it('signs in with the passkey the browser gives', async () => {
    const assertion = { id: 'cred', rawId: 'cred', type: 'public-key', response: {} };
    browser.startAuthentication.mockResolvedValue(assertion);
    const { calls } = fakeApi({
      'POST /api/auth/passkeys/login/options': { body: { challenge: 'abc', rpId: 'localhost' } },
      'POST /api/auth/passkeys/login': { body: { token: 'passkey-token', ...signedInUser } },
      'GET /api/auth/me': { body: signedInUser },
    });
    const { user, app } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(app.currentPath()).toBe('/dashboard'));
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'abc', rpId: 'localhost' },
    });
    expect(calls.find((call) => call.path === '/api/auth/passkeys/login')?.body).toEqual({
      response: assertion,
    });
    expect(window.localStorage.getItem('token')).toBe('passkey-token');
  });

  it('says the request was cancelled when the user closes the prompt', async () => {
    browser.startAuthentication.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    fakeApi({ 'POST /api/auth/passkeys/login/options': { body: { challenge: 'abc' } } });
    const { user, app } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The passkey request was cancelled or timed out.',
    );
    expect(app.currentPath()).toBe('/login');
  });

  it("shows the server's refusal", async () => {
    browser.startAuthentication.mockResolvedValue({ id: 'x' });
    fakeApi({
      'POST /api/auth/passkeys/login/options': { body: { challenge: 'abc' } },
      'POST /api/auth/passkeys/login': {
        status: 401,
        body: {
          message: 'This passkey could not be verified. Please try again.',
          code: 'PASSKEY_REJECTED',
        },
      },
    });
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This passkey could not be verified. Please try again.',
    );
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
