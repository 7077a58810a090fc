import type { Rate } from '@moneta/shared/rate-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const rate = (
  currency: string,
  date: string,
  ecbRate: number | null,
  ownRate: number | null = null,
): Rate => ({
  currency,
  baseCurrency: 'USD',
  date,
  rate: (ownRate ?? ecbRate)!,
  source: ownRate === null ? 'ecb' : 'manual',
  ecbRate,
  ownRate,
});

const EUR_RATES = [
  rate('EUR', '2026-04-13', 1.1684),
  rate('EUR', '2026-04-12', null, 1.19),
  rate('EUR', '2026-04-10', 1.1711),
];
const JPY_RATES = [rate('JPY', '2026-04-13', 0.0062565)];

function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    'GET /api/rates': ({ query }) => ({
      body:
        query.get('currency') === 'JPY'
          ? JPY_RATES
          : query.get('currency') === 'EUR'
            ? EUR_RATES
            : [],
    }),
    ...handlers,
  });
}

describe('rates page', () => {
  it('shows the ECB’s rate and the user’s own by day, for any currency but the base', async () => {
    const api = signedIn();
    renderApp('/rates');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Exchange Rates' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1.1684', '—'],
      ['—', '1.19'],
      ['1.1711', '—'],
    ]);
    const select = screen.getByRole('combobox', { name: 'Rates of' });
    const codes = within(select)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(codes).toHaveLength(41);
    expect(codes).not.toContain('USD');
    expect(codes).toEqual(expect.arrayContaining(['EUR', 'CHF', 'ISK', 'ZAR']));

    await userEvent.selectOptions(select, 'JPY');
    expect(await screen.findByText('0.0062565')).toBeInTheDocument();
    expect(
      api.calls
        .filter((call) => call.path === '/api/rates')
        .map((call) => call.query.get('currency')),
    ).toEqual(['EUR', 'JPY']);
  });

  it('sets the user’s own rate for a day, read with a decimal comma, and shows a refusal', async () => {
    const puts: unknown[] = [];
    signedIn({
      'PUT /api/rates': ({ body }) => {
        puts.push(body);
        const { rate: typed } = body as { rate: string };
        return typed === '0'
          ? {
              status: 400,
              body: { message: 'Please enter a rate greater than 0.', code: 'VALIDATION' },
            }
          : { body: rate('EUR', '2026-04-10', 1.1711, 1.2) };
      },
    });
    renderApp('/rates');
    const table = await screen.findByRole('table');
    await userEvent.click(
      within(table).getByRole('button', { name: 'Set your rate for 2026-04-10' }),
    );
    const field = screen.getByRole('textbox', { name: 'Your rate (USD per 1 EUR)' });
    expect(field).toHaveValue('1.1711');
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, '1,2');
    await userEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    await waitFor(() =>
      expect(puts).toEqual([{ currency: 'EUR', date: '2026-04-10', rate: '1.2' }]),
    );
    expect(
      await screen.findByText('Your rate for EUR on 2026-04-10 is saved.'),
    ).toBeInTheDocument();

    await userEvent.type(field, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('Please enter a rate greater than 0.')).toBeInTheDocument();
  });

  it('deletes the user’s own rate of a day', async () => {
    const api = signedIn({
      'DELETE /api/rates/EUR/2026-04-12': { body: { message: 'Rate deleted.' } },
    });
    renderApp('/rates');
    const table = await screen.findByRole('table');
    // Only a day with an own rate offers to delete it.
    expect(within(table).getAllByRole('button', { name: /^Delete/ })).toHaveLength(1);
    await userEvent.click(
      within(table).getByRole('button', { name: 'Delete your rate for 2026-04-12' }),
    );
    expect(
      await screen.findByText('Your rate for EUR on 2026-04-12 is deleted.'),
    ).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/rates/EUR/2026-04-12',
    ]);
  });

  it('goes back 30 days at a time and looks a day up', async () => {
    const api = signedIn();
    const user = userEvent.setup();
    renderApp('/rates');
    await screen.findByRole('table');
    const navigation = screen.getByRole('navigation', { name: 'Days shown' });
    const upTo = within(navigation).getByLabelText('Rates up to');
    const today = (upTo as HTMLInputElement).value;
    await user.click(within(navigation).getByRole('button', { name: 'Earlier 30 days' }));
    const asked = () =>
      api.calls.filter((call) => call.path === '/api/rates').map((call) => call.query.get('to'));
    await waitFor(() => expect(asked().at(-1)).not.toBeNull());
    const earlier = asked().at(-1)!;
    expect(Date.parse(today) - Date.parse(earlier)).toBe(30 * 86_400_000);
    expect(upTo).toHaveValue(earlier);

    fireEvent.change(upTo, { target: { value: '2026-03-14' } });
    await waitFor(() => expect(asked().at(-1)).toBe('2026-03-14'));
    expect(within(navigation).getByText(/Mar 14, 2026|Feb 13/)).toBeInTheDocument();
  });
});
