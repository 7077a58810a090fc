import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSession, openSettings, SAFARI_IPHONE, section } from './settings-fixtures';

const current = makeSession({ current: true });
const phone = makeSession({
  userAgent: SAFARI_IPHONE,
  ip: '198.51.100.4',
  createdAt: '2026-03-01T08:00:00.000Z',
  lastSeenAt: '2026-03-09T18:15:00.000Z',
});

describe('sessions', () => {
  it('lists each session with its device, times in the user zone and This device', async () => {
    await openSettings({ 'GET /api/auth/sessions': { body: [current, phone] } });
    const list = await within(section('Sessions')).findByRole('list', { name: 'Sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Chrome on Linux');
    expect(rows[0]).toHaveTextContent('This device');
    // 12:00 UTC is 1:00 PM in Paris.
    expect(rows[0]).toHaveTextContent('Signed in Mar 10, 2026, 1:00 PM');
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Safari on iOS');
    expect(rows[1]).toHaveTextContent('Last seen Mar 9, 2026, 7:15 PM');
    expect(rows[1]).toHaveTextContent('198.51.100.4');
    expect(rows[1]).not.toHaveTextContent('This device');
  });

  it('signs out one other session', async () => {
    let sessions = [current, phone];
    const { calls, user } = await openSettings({
      'GET /api/auth/sessions': () => ({ body: sessions }),
      [`DELETE /api/auth/sessions/${phone._id}`]: () => {
        sessions = [current];
        return { body: { message: 'Session ended.' } };
      },
    });
    const card = section('Sessions');
    await user.click(await within(card).findByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await screen.findByText('Signed out Safari on iOS.')).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/auth/sessions/${phone._id}`,
    ]);
  });

  it('signs out every other session', async () => {
    const { calls, user } = await openSettings({
      'GET /api/auth/sessions': { body: [current, phone] },
      'DELETE /api/auth/sessions': {
        body: { message: 'Signed out of 1 other session.', ended: 1 },
      },
    });
    const card = section('Sessions');
    await within(card).findByText('Safari on iOS');
    await user.click(within(card).getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('Signed out of 1 other session.')).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === '/api/auth/sessions'),
    ).toBe(true);
  });

  it('offers nothing to sign out when this is the only session', async () => {
    await openSettings({ 'GET /api/auth/sessions': { body: [current] } });
    const card = section('Sessions');
    await within(card).findByText('This device');
    expect(
      within(card).getByRole('button', { name: 'Sign out all other sessions' }),
    ).toBeDisabled();
  });

  it('shows a failure with Retry', async () => {
    let fails = true;
    const { user } = await openSettings({
      'GET /api/auth/sessions': () =>
        fails
          ? { status: 500, body: { message: 'Something went wrong.', code: 'INTERNAL' } }
          : { body: [current] },
    });
    const card = section('Sessions');
    expect(await within(card).findByRole('alert')).toHaveTextContent('Something went wrong.');
    fails = false;
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByText('This device')).toBeInTheDocument();
  });
});
