import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

describe('settings preferences', () => {
  it('changes the time zone, keeping the currency, and the theme', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    const user = makeUser({ defaultCurrency: 'EUR', timeZone: 'Europe/Paris' });
    const { calls } = fakeApi({
      'GET /api/auth/me': { body: user },
      'PUT /api/auth/setup': ({ body }) => ({ body: { ...user, ...(body as object) } }),
    });
    const events = userEvent.setup();
    renderApp('/settings');
    const preferences = await screen.findByRole(
      'region',
      { name: 'Preferences' },
      { timeout: 10_000 },
    );
    expect(within(preferences).getByRole('combobox', { name: 'Currency' })).toHaveTextContent(
      'EUR (€)',
    );
    const zone = within(preferences).getByLabelText<HTMLSelectElement>('Time zone');
    expect(zone).toHaveValue('Europe/Paris');
    // The zones are listed when the picker is first used: the chosen one alone until then.
    expect(zone.options).toHaveLength(1);
    await events.click(zone);
    expect(zone.options.length).toBeGreaterThan(100);
    expect(zone).toHaveValue('Europe/Paris');

    await events.selectOptions(zone, 'Asia/Tokyo');
    await waitFor(() => expect(zone).toHaveValue('Asia/Tokyo'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      defaultCurrency: 'EUR',
      timeZone: 'Asia/Tokyo',
    });
    expect(await screen.findByText('Time zone set to Asia/Tokyo.')).toBeInTheDocument();

    await events.click(within(preferences).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(within(preferences).getByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  it('lists the time zones when the picker is reached with the keyboard', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    fakeApi({
      'GET /api/auth/me': { body: makeUser({ defaultCurrency: 'EUR', timeZone: 'Asia/Tokyo' }) },
    });
    renderApp('/settings');
    const preferences = await screen.findByRole(
      'region',
      { name: 'Preferences' },
      { timeout: 10_000 },
    );
    const zone = within(preferences).getByLabelText<HTMLSelectElement>('Time zone');
    expect(zone.options).toHaveLength(1);
    act(() => zone.focus());
    expect(zone.options.length).toBeGreaterThan(100);
    expect(zone).toHaveValue('Asia/Tokyo');
    expect([...zone.options].map((option) => option.value)).toContain('Europe/Berlin');
  });
});
