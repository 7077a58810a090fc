import { ErrorCode } from '@moneta/shared/error-codes';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openSettings, section } from './settings-fixtures';

const RESTORED = {
  formatVersion: 1,
  counts: {
    accounts: 2,
    categories: 1,
    transactions: 120,
    transfers: 3,
    budgets: 4,
    recurring: 1,
    rules: 2,
    rates: 0,
    receipts: 5,
    receiptShops: 0,
  },
};

const exportFile = () =>
  new File([new Uint8Array([0x50, 0x4b, 0x05, 0x06])], 'moneta-export.zip', {
    type: 'application/zip',
  });

describe('settings: your data', () => {
  it('downloads all my data as a zip with the bearer token', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    // jsdom cannot follow a download link; the click itself is what the browser needs.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user, calls } = await openSettings({ 'GET /api/export': { body: {} } });
    await user.click(
      within(section('Your data')).getByRole('button', { name: 'Download all my data' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    const call = calls.find((made) => made.path === '/api/export');
    expect(call?.headers.get('Authorization')).toBe('Bearer jwt-token');
  });

  it('restores an export after a confirmation and shows what was restored', async () => {
    const { user, calls } = await openSettings({
      'POST /api/export/restore': { body: RESTORED },
    });
    const area = section('Your data');
    await user.upload(within(area).getByLabelText('Restore from a Moneta export'), exportFile());
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore this export?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(
      await within(area).findByText(/Restored 2 accounts, 120 transactions, 3 transfers/),
    ).toBeInTheDocument();
    const sent = calls.find((made) => made.path === '/api/export/restore');
    expect((sent?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user, calls } = await openSettings();
    await user.upload(
      within(section('Your data')).getByLabelText('Restore from a Moneta export'),
      exportFile(),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore this export?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((made) => made.path === '/api/export/restore')).toBe(false);
  });

  it("shows the server's reason when the restore is refused", async () => {
    const { user } = await openSettings({
      'POST /api/export/restore': {
        status: 409,
        body: {
          message: 'A restore needs an account without transactions or transfers.',
          code: ErrorCode.RESTORE_TARGET_NOT_EMPTY,
        },
      },
    });
    const area = section('Your data');
    await user.upload(within(area).getByLabelText('Restore from a Moneta export'), exportFile());
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }),
    );
    expect(await within(area).findByRole('alert')).toHaveTextContent(
      'Nothing was restored: A restore needs an account without transactions or transfers.',
    );
  });
});
