import type { ApiToken } from '@moneta/shared/security-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeToken, openSettings, section } from './settings-fixtures';

describe('API tokens', () => {
  it('lists tokens with scope, expiry and creation in the user zone', async () => {
    await openSettings({
      'GET /api/auth/tokens': {
        body: [
          makeToken({ name: 'Backup script', scope: 'read' }),
          makeToken({
            name: 'Importer',
            scope: 'write',
            expiresAt: '2020-01-01T00:00:00.000Z',
            lastUsedAt: '2026-03-11T09:00:00.000Z',
          }),
        ],
      },
    });
    const list = await within(section('API tokens')).findByRole('list', { name: 'API tokens' });
    const [backup, importer] = within(list).getAllByRole('listitem');
    expect(backup).toHaveTextContent('Backup script');
    expect(backup).toHaveTextContent('Read only');
    expect(backup).toHaveTextContent('Expires Jun 8, 2099, 2:00 PM');
    expect(backup).toHaveTextContent('Created Mar 10, 2026, 1:00 PM');
    expect(backup).toHaveTextContent('Never used');
    expect(importer).toHaveTextContent('Read and write');
    expect(importer).toHaveTextContent('Expired Jan 1, 2020');
    expect(importer).toHaveTextContent('Last used Mar 11, 2026, 10:00 AM');
  });

  it('creates a token and shows its secret once, with Copy', async () => {
    let tokens: ApiToken[] = [];
    const { calls, user } = await openSettings({
      'GET /api/auth/tokens': () => ({ body: tokens }),
      'POST /api/auth/tokens': ({ body }) => {
        const created = makeToken(body as Partial<ApiToken>);
        tokens = [created];
        return { status: 201, body: { ...created, token: 'mnt_secret-value' } };
      },
    });
    const card = section('API tokens');
    expect(await within(card).findByText('No API tokens yet.')).toBeInTheDocument();
    expect(within(card).getByLabelText('Expires in (days)')).toHaveValue(90);

    await user.click(within(card).getByRole('button', { name: 'Create token' }));
    expect(within(card).getByText('Please give the token a name.')).toBeInTheDocument();
    await user.type(within(card).getByLabelText('Token name'), 'Nightly export');
    await user.selectOptions(within(card).getByLabelText('Access'), 'write');
    const days = within(card).getByLabelText('Expires in (days)');
    await user.clear(days);
    await user.type(days, '400');
    await user.click(within(card).getByRole('button', { name: 'Create token' }));
    expect(
      within(card).getByText('Expiry must be a whole number of days from 1 to 365.'),
    ).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(card).getByRole('button', { name: 'Create token' }));

    const secret = await within(card).findByLabelText('New API token');
    expect(secret).toHaveValue('mnt_secret-value');
    expect(within(card).getByText(/It will not be shown again/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Nightly export',
      scope: 'write',
      expiresInDays: 30,
    });
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe('mnt_secret-value');

    await user.click(within(card).getByRole('button', { name: 'Done' }));
    expect(within(card).queryByLabelText('New API token')).not.toBeInTheDocument();
    expect(screen.queryByText('mnt_secret-value')).not.toBeInTheDocument();
    expect(await within(card).findByText('Nightly export')).toBeInTheDocument();
  });

  it('revokes a token after confirmation', async () => {
    const token = makeToken({ name: 'Old script' });
    let tokens = [token];
    const { calls, user } = await openSettings({
      'GET /api/auth/tokens': () => ({ body: tokens }),
      [`DELETE /api/auth/tokens/${token._id}`]: () => {
        tokens = [];
        return { body: { message: 'Token revoked.' } };
      },
    });
    const card = section('API tokens');
    await user.click(await within(card).findByRole('button', { name: 'Revoke token Old script' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Revoke token Old script' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Revoke this token?' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    expect(await screen.findByText('Token "Old script" revoked.')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByText('No API tokens yet.')).toBeInTheDocument());
  });
});
