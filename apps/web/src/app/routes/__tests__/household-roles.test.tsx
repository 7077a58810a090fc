import type { HouseholdRole } from '@moneta/shared/household-schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mainAccount } from '@/testing/accounts';
import { fakeApi, makeHousehold, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

const ME = makeUser();
const PARTNER_ID = '0190a1b2-0000-7000-8000-0000000000c1';
const HOME = makeHousehold({ name: 'Home', memberCount: 2 });

/** Signed in as a member of Home with `role`, at `url`, its first heading drawn. */
async function openAs(role: HouseholdRole, url: string, heading: string) {
  window.localStorage.setItem('token', 'jwt-token');
  const api = fakeApi({
    'GET /api/auth/me': { body: ME },
    'GET /api/households': { body: [{ ...HOME, role }] },
    [`GET /api/households/${HOME._id}/members`]: {
      body: [
        { userId: ME._id, email: ME.email, role, joinedAt: '2026-03-01T08:00:00.000Z' },
        {
          userId: PARTNER_ID,
          email: 'grace@moneta.dev',
          role: 'owner',
          joinedAt: '2026-03-01T08:00:00.000Z',
        },
      ],
    },
    [`GET /api/households/${HOME._id}/invitations`]: { body: [] },
    'GET /api/accounts': { body: [mainAccount()] },
    'GET /api/budgets': { body: [] },
    'GET /api/goals': { body: [] },
    'GET /api/recurring': { body: [] },
    'GET /api/rules': { body: [] },
    'GET /api/imports': { body: [] },
    'GET /api/receipts': { body: [] },
    'GET /api/bank-connections': { body: [] },
  });
  renderApp(url);
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 });
  // The page may draw before the household, and so the role, is known: a viewer's page is
  // checked once the notice says the role.
  if (role === 'viewer') await screen.findByRole('note');
  return api;
}

const button = (name: string | RegExp) => screen.queryByRole('button', { name });

describe('a viewer', () => {
  it.each([
    ['/accounts', 'Accounts', ['Add Account', 'Transfer', 'Actions for Main']],
    ['/budgets', 'Budgets', ['Add Budget', 'Add Goal']],
    ['/recurring-transactions', 'Recurring Transactions', ['Add Recurring']],
    ['/rules', 'Rules', ['Add Rule']],
    ['/receipts', 'Upload Receipt', ['Upload & Create Transaction']],
    ['/import', 'Import', ['Upload and preview']],
    ['/dashboard', 'Dashboard Overview', ['Add Transaction']],
  ])('is offered no change on %s, and told why', async (url, heading, missing) => {
    await openAs('viewer', url, heading);
    expect(screen.getByRole('note')).toHaveTextContent('You are a viewer in this household');
    for (const name of missing) expect(button(name)).not.toBeInTheDocument();
  });

  it('is offered no own rate, restore or data export in Settings and Rates', async () => {
    await openAs('viewer', '/settings', 'Settings');
    expect(screen.queryByLabelText('Restore from a Moneta export')).not.toBeInTheDocument();
    expect(button('Download all my data')).not.toBeInTheDocument();
  });

  it('has no form to set an own exchange rate', async () => {
    await openAs('viewer', '/rates', 'Exchange Rates');
    expect(screen.queryByRole('form', { name: 'Set your own rate' })).not.toBeInTheDocument();
  });
});

describe('an editor', () => {
  it('has the write controls a viewer lacks', async () => {
    await openAs('editor', '/accounts', 'Accounts');
    expect(await screen.findByRole('button', { name: 'Add Account' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('is offered none of the owner’s controls of the household', async () => {
    await openAs('editor', '/settings/household', 'Household');
    const members = await screen.findByRole('region', { name: 'Members' });
    await within(members).findByText('grace@moneta.dev');
    expect(within(members).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(members).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Household name')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(button('Delete household')).not.toBeInTheDocument();
    expect(button('Leave household')).toBeInTheDocument();
  });

  it('sees the base currency and time zone without changing them, and why', async () => {
    await openAs('editor', '/settings', 'Settings');
    const preferences = screen.getByRole('region', { name: 'Preferences' });
    expect(
      await within(preferences).findByText(
        "The household's time zone: only its owner can change it.",
      ),
    ).toBeInTheDocument();
    const currency = within(preferences).getByRole('combobox', { name: 'Currency' });
    expect(currency).toHaveAttribute('aria-disabled', 'true');
    expect(currency).toHaveAccessibleDescription(
      "Only the household's owner can change its base currency.",
    );
    expect(within(preferences).getByLabelText('Time zone')).toBeDisabled();
    expect(preferences).toHaveTextContent(
      "The household's time zone: only its owner can change it.",
    );
  });
});

describe('an owner', () => {
  it('changes the base currency and the time zone', async () => {
    await openAs('owner', '/settings', 'Settings');
    const preferences = screen.getByRole('region', { name: 'Preferences' });
    const currency = within(preferences).getByRole('combobox', { name: 'Currency' });
    expect(currency).not.toHaveAttribute('aria-disabled');
    expect(within(preferences).getByLabelText('Time zone')).toBeEnabled();
  });
});
