import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openSettings, section } from './settings-fixtures';

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const otpauthUrl = `otpauth://totp/Moneta:ada%40moneta.dev?secret=${secret}&issuer=Moneta`;
const backupCodes = Array.from(
  { length: 10 },
  (_, index) => `ABCDE-FGH${String(index).padStart(2, '2')}`,
);

describe('two-factor authentication', () => {
  it('sets up with a local QR code and the key, turns on with a code, then shows the backup codes once', async () => {
    let enabled = false;
    const { calls, user } = await openSettings({
      'GET /api/auth/2fa': () => ({ body: { enabled, backupCodesLeft: enabled ? 10 : 0 } }),
      'POST /api/auth/2fa/setup': { body: { secret, otpauthUrl } },
      'POST /api/auth/2fa/enable': ({ body }) => {
        if ((body as { code: string }).code !== '123456') {
          return {
            status: 401,
            body: {
              message: 'That code is not right, or it was already used.',
              code: 'INVALID_CODE',
            },
          };
        }
        enabled = true;
        return { body: { backupCodes } };
      },
    });
    const card = section('Two-factor authentication');
    expect(await within(card).findByText('Off')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Set up' }));

    const qr = await within(card).findByRole('img', { name: 'QR code for your authenticator app' });
    // Drawn here: an SVG data URL, not an address of a QR service.
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(card).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    const code = within(card).getByLabelText('Code from the app');
    await user.type(code, '000000');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(
      await within(card).findByText('That code is not right, or it was already used.'),
    ).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(window.localStorage.getItem('token')).toBe('jwt-token');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    const list = await within(card).findByRole('list', { name: 'Backup codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(backupCodes);
    expect(within(card).getByText(/they will not be shown again/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(backupCodes.join('\n'));

    await user.click(within(card).getByRole('button', { name: 'I have saved them' }));
    expect(await within(card).findByText('On')).toBeInTheDocument();
    expect(within(card).getByText('10 backup codes left.')).toBeInTheDocument();
    expect(within(card).queryByRole('list', { name: 'Backup codes' })).not.toBeInTheDocument();
    expect(
      calls.filter((call) => call.path === '/api/auth/2fa/enable').map((call) => call.body),
    ).toEqual([{ code: '000000' }, { code: '123456' }]);
  });

  it('turns off with the password and a code, showing which was wrong', async () => {
    let enabled = true;
    const { calls, user } = await openSettings({
      'GET /api/auth/2fa': () => ({ body: { enabled, backupCodesLeft: enabled ? 7 : 0 } }),
      'POST /api/auth/2fa/disable': ({ body }) => {
        const { password } = body as { password: string };
        if (password !== 'Secr3t!pass') {
          return {
            status: 401,
            body: { message: 'The current password is not right.', code: 'WRONG_PASSWORD' },
          };
        }
        enabled = false;
        return { body: { message: 'Two-factor sign-in is off.' } };
      },
    });
    const card = section('Two-factor authentication');
    expect(await within(card).findByText('7 backup codes left.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    const form = within(card).getByRole('form', { name: 'Turn off two-factor' });
    await user.click(within(form).getByRole('button', { name: 'Turn off two-factor' }));
    expect(within(form).getByText('Please enter your current password.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/auth/2fa/disable')).toBe(false);

    await user.type(within(form).getByLabelText('Password'), 'wrong');
    await user.type(within(form).getByLabelText('Code'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Turn off two-factor' }));
    expect(await within(form).findByText('The current password is not right.')).toBeVisible();
    expect(window.localStorage.getItem('token')).toBe('jwt-token');

    await user.clear(within(form).getByLabelText('Password'));
    await user.type(within(form).getByLabelText('Password'), 'Secr3t!pass');
    await user.click(within(form).getByRole('button', { name: 'Turn off two-factor' }));
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByText('Off')).toBeInTheDocument());
    expect(within(card).getByRole('button', { name: 'Set up' })).toBeInTheDocument();
  });
});
