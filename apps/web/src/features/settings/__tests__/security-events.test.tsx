import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEvent, openSettings, SAFARI_IPHONE, section } from './settings-fixtures';

describe('security events', () => {
  it('shows each event in words with its time in the user zone, address and device', async () => {
    await openSettings({
      'GET /api/auth/events': {
        body: [
          makeEvent({ type: 'token-created', detail: 'Backup script' }),
          makeEvent({
            type: 'sign-in-failed',
            at: '2026-07-01T06:05:00.000Z',
            ip: '198.51.100.4',
            userAgent: SAFARI_IPHONE,
            detail: 'wrong two-factor code',
          }),
          makeEvent({ type: 'two-factor-enabled', ip: null, userAgent: null }),
        ],
      },
    });
    const list = await within(section('Security events')).findByRole('list', {
      name: 'Security events',
    });
    const [created, failed, enabled] = within(list).getAllByRole('listitem');
    expect(created).toHaveTextContent('API token created (Backup script)');
    expect(created).toHaveTextContent('Mar 10, 2026, 1:00 PM · 203.0.113.7 · Chrome on Linux');
    // Summer time in Paris: UTC+2.
    expect(failed).toHaveTextContent('Failed sign-in (wrong two-factor code)');
    expect(failed).toHaveTextContent('Jul 1, 2026, 8:05 AM · 198.51.100.4 · Safari on iOS');
    expect(enabled).toHaveTextContent('Two-factor authentication turned on');
    expect(enabled).toHaveTextContent('Unknown address · Unknown device');
  });

  it('shows the latest ten, then all of them on request', async () => {
    const { user } = await openSettings({
      'GET /api/auth/events': { body: Array.from({ length: 100 }, () => makeEvent()) },
    });
    const card = section('Security events');
    const list = await within(card).findByRole('list', { name: 'Security events' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(card).getByRole('button', { name: 'Show all 100' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
  });

  it('says when there are none', async () => {
    await openSettings();
    expect(
      await within(section('Security events')).findByText('No security events yet.'),
    ).toBeInTheDocument();
  });
});
