import type { Passkey } from '@moneta/shared/security-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePasskey, openSettings, section } from './settings-fixtures';

const browser = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => browser);

const attestation = {
  id: 'cred-id',
  rawId: 'cred-id',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm' },
  clientExtensionResults: {},
};

describe('passkeys', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.stubGlobal('navigator', { ...navigator, credentials: { create: vi.fn(), get: vi.fn() } });
  });

  it('adds a passkey with the browser and a name', async () => {
    let passkeys: Passkey[] = [];
    browser.startRegistration.mockResolvedValue(attestation);
    const { calls, user } = await openSettings({
      'GET /api/auth/passkeys': () => ({ body: passkeys }),
      'POST /api/auth/passkeys/register/options': {
        body: { challenge: 'xyz', rp: { id: 'localhost', name: 'Moneta' } },
      },
      'POST /api/auth/passkeys/register': ({ body }) => {
        const added = makePasskey({ name: (body as { name?: string }).name ?? 'Passkey' });
        passkeys = [added];
        return { status: 201, body: added };
      },
    });
    const card = section('Passkeys');
    expect(await within(card).findByText('No passkeys yet.')).toBeInTheDocument();
    await user.type(within(card).getByLabelText('Passkey name (optional)'), 'Phone');
    await user.click(within(card).getByRole('button', { name: 'Add a passkey' }));

    expect(await screen.findByText('Passkey "Phone" added.')).toBeInTheDocument();
    expect(browser.startRegistration).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'xyz', rp: { id: 'localhost', name: 'Moneta' } },
    });
    expect(calls.find((call) => call.path === '/api/auth/passkeys/register')?.body).toEqual({
      name: 'Phone',
      response: attestation,
    });
    const list = await within(card).findByRole('list', { name: 'Passkeys' });
    expect(list).toHaveTextContent('Phone');
    expect(list).toHaveTextContent('Added Mar 10, 2026, 1:00 PM · Never used');
  });

  it('says so when the prompt is cancelled, and stays signed in when the server refuses', async () => {
    browser.startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('Not allowed.'), { name: 'NotAllowedError' }),
    );
    const { user } = await openSettings({
      'POST /api/auth/passkeys/register/options': { body: { challenge: 'xyz' } },
      'POST /api/auth/passkeys/register': {
        status: 401,
        body: {
          message: 'This passkey could not be verified. Please try again.',
          code: 'PASSKEY_REJECTED',
        },
      },
    });
    const card = section('Passkeys');
    await user.click(await within(card).findByRole('button', { name: 'Add a passkey' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'The passkey request was cancelled or timed out.',
    );

    browser.startRegistration.mockResolvedValueOnce(attestation);
    await user.click(within(card).getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() =>
      expect(within(card).getByRole('alert')).toHaveTextContent(
        'This passkey could not be verified. Please try again.',
      ),
    );
    expect(window.localStorage.getItem('token')).toBe('jwt-token');
  });

  it('deletes a passkey after confirmation', async () => {
    const passkey = makePasskey({ name: 'Old phone', lastUsedAt: '2026-03-12T07:30:00.000Z' });
    let passkeys = [passkey];
    const { user } = await openSettings({
      'GET /api/auth/passkeys': () => ({ body: passkeys }),
      [`DELETE /api/auth/passkeys/${passkey._id}`]: () => {
        passkeys = [];
        return { body: { message: 'Passkey removed.' } };
      },
    });
    const card = section('Passkeys');
    expect(await within(card).findByText(/Last used Mar 12, 2026, 8:30 AM/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Delete passkey Old phone' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this passkey?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Passkey "Old phone" deleted.')).toBeInTheDocument();
    expect(await within(card).findByText('No passkeys yet.')).toBeInTheDocument();
  });
});
