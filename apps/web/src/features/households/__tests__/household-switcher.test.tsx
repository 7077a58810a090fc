import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOME, openApp, PERSONAL } from './households-fixtures';

const switcher = (name: string) => screen.findByRole('button', { name: `Household: ${name}` });

describe('household switcher', () => {
  it('shows the default household, and after a switch sends the other one with every request', async () => {
    const { calls, user } = openApp('/accounts');
    const button = await switcher('Personal');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/accounts')).toBe(true));
    expect(
      calls.find((call) => call.path === '/api/accounts')!.headers.get('Moneta-Household'),
    ).toBeNull();

    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Households' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Personal'),
      expect.stringContaining('Home'),
    ]);
    expect(items[0]).toHaveAttribute('aria-checked', 'true');
    expect(items[0]).toHaveFocus();

    const before = calls.length;
    await user.click(items[1]!);
    await switcher('Home');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // The money data is read again, for the household now named.
    await waitFor(() =>
      expect(
        calls
          .slice(before)
          .some(
            (call) =>
              call.path === '/api/accounts' && call.headers.get('Moneta-Household') === HOME._id,
          ),
      ).toBe(true),
    );
    expect(JSON.parse(window.localStorage.getItem('activeHouseholds')!)).toMatchObject({
      ['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b']: HOME._id,
    });
  });

  it('is a keyboard menu: arrows move, Escape closes and gives the focus back', async () => {
    const { user } = openApp('/accounts', {}, { activeHousehold: HOME._id });
    const button = await switcher('Home');
    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu');
    const [personal, home] = within(menu).getAllByRole('menuitemradio');
    expect(home).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Create household' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(personal).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('creates a household in the user base currency and moves to it', async () => {
    const made = { ...HOME, _id: '0190a1b2-0000-7000-8000-0000000000d1', name: 'Flat' };
    let households = [PERSONAL, HOME];
    const { calls, user } = openApp('/accounts', {
      'GET /api/households': () => ({ body: households }),
      'POST /api/households': ({ body }) => {
        households = [...households, made];
        return { status: 201, body: { ...made, ...(body as object) } };
      },
    });
    await user.click(await switcher('Personal'));
    await user.click(screen.getByRole('menuitem', { name: 'Create household' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create household' });
    expect(dialog).toHaveTextContent('counted in USD');
    await user.type(within(dialog).getByLabelText('Name'), 'Flat');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await switcher('Flat');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Flat',
      baseCurrency: 'USD',
    });
  });

  it('falls back to the default when the household kept on this device is no longer one of the user’s', async () => {
    openApp('/accounts', {}, { activeHousehold: '0190a1b2-0000-7000-8000-0000000000ff' });
    expect(await switcher('Personal')).toBeInTheDocument();
    // Forgotten, so that requests stop naming it.
    await waitFor(() => expect(window.localStorage.getItem('activeHouseholds')).toBe('{}'));
  });
});
