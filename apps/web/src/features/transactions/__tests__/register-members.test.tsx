import type { HouseholdMember } from '@moneta/shared/household-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeHousehold, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { makePage, makeTransaction, transactionHandlers } from '@/testing/transactions';

const ME = makeUser();
const PARTNER_ID = '0190a1b2-0000-7000-8000-0000000000c1';
const GONE_ID = '0190a1b2-0000-7000-8000-0000000000d1';
const HOME = makeHousehold({ name: 'Home', memberCount: 2 });
const MEMBERS: HouseholdMember[] = [
  { userId: ME._id, email: ME.email, role: 'owner', joinedAt: '2026-03-01T08:00:00.000Z' },
  {
    userId: PARTNER_ID,
    email: 'grace@moneta.dev',
    role: 'editor',
    joinedAt: '2026-03-02T08:00:00.000Z',
  },
];
const ROWS = [
  makeTransaction({ name: 'Bakery', createdBy: PARTNER_ID }),
  makeTransaction({ name: 'Flat rent', createdBy: ME._id }),
  makeTransaction({ name: 'Gym pass', createdBy: null }),
  makeTransaction({ name: 'Bookshop', createdBy: GONE_ID }),
];

function openRegister(url: string, household = HOME) {
  window.localStorage.setItem('token', 'jwt-token');
  const api = fakeApi({
    'GET /api/auth/me': { body: ME },
    ...transactionHandlers(),
    'GET /api/households': { body: [household] },
    [`GET /api/households/${household._id}/members`]: { body: MEMBERS },
    'GET /api/transactions': ({ query }) => ({
      body: makePage(
        query.get('createdBy')
          ? ROWS.filter((row) => row.createdBy === query.get('createdBy'))
          : ROWS,
      ),
    }),
  });
  return { ...api, user: userEvent.setup(), ...renderApp(url) };
}

// The first render of the app loads its pages' code: slower than a findBy's default second.
const rowOf = async (name: string) =>
  (await screen.findAllByText(name, undefined, { timeout: 10_000 }))[0]!.closest('tr')!;

describe('the register in a household of several members', () => {
  it('says who entered each row: a member, a former member, or nothing for the system', async () => {
    openRegister('/transactions');
    expect(await within(await rowOf('Bakery')).findByText('by grace@moneta.dev')).toBeVisible();
    expect(within(await rowOf('Flat rent')).getByText(`by ${ME.email}`)).toBeInTheDocument();
    expect(within(await rowOf('Bookshop')).getByText('by a former member')).toBeInTheDocument();
    expect(within(await rowOf('Gym pass')).queryByText(/^by /)).not.toBeInTheDocument();
  });

  it('filters by the member chosen, sending createdBy and keeping it in the address', async () => {
    const { calls, user, currentSearch } = openRegister('/transactions');
    const member = await screen.findByRole('combobox', { name: 'Member' });
    await within(member).findByRole('option', { name: 'grace@moneta.dev' });
    await user.selectOptions(member, 'grace@moneta.dev');
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.path === '/api/transactions' && call.query.get('createdBy') === PARTNER_ID,
        ),
      ).toBe(true),
    );
    expect(new URLSearchParams(currentSearch()).get('member')).toBe(PARTNER_ID);
    expect(
      await screen.findByRole('button', { name: 'Remove filter Member: grace@moneta.dev' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Flat rent')).not.toBeInTheDocument());
  });
});

describe('the register in a household of one', () => {
  it('names no one and offers no Member filter, without asking for the members', async () => {
    const { calls } = openRegister('/transactions', makeHousehold());
    await rowOf('Bakery');
    expect(screen.queryByText(/^by /)).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Member' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/members'))).toBe(false);
  });
});

describe('the register of a viewer', () => {
  it('offers no way to change anything: no add, transfer, selection, edit or delete', async () => {
    const { user } = openRegister('/transactions', { ...HOME, role: 'viewer' });
    await rowOf('Bakery');
    expect(screen.getByRole('note')).toHaveTextContent('You are a viewer in this household');
    for (const name of [/Add Transaction/, /^Transfer$/, /Manage Categories/]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to CSV' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Bakery' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Details']);
  });
});
