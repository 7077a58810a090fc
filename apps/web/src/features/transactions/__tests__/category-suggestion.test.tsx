import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { MAIN_ACCOUNT_ID, makePage } from '@/testing/transactions';

function signedIn() {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    'GET /api/accounts': {
      body: [
        {
          _id: MAIN_ACCOUNT_ID,
          name: 'Main',
          type: 'checking',
          openingBalance: 0,
          balance: 500,
          isArchived: false,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ],
    },
    'GET /api/transactions': { body: makePage([]) },
    'GET /api/transactions/summary': {
      body: { totalIncome: 0, totalExpenses: 0, balance: 500, recentTransactions: [] },
    },
    'GET /api/transactions/categories/expense': { body: ['Food', 'Groceries', 'Bills'] },
    'GET /api/transactions/suggest': ({ query }) => ({
      body: /rewe/i.test(query.get('name') ?? '')
        ? { category: 'Groceries', source: 'rule' }
        : { category: 'Bills', source: 'history' },
    }),
  });
}

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/transactions');
  await user.click(await screen.findByRole('button', { name: 'Add Transaction' }));
  return screen.findByRole('dialog', { name: 'Add Expense' });
}

describe('the category suggestion of the transaction form', () => {
  it('pre-selects the suggested category as the name is typed, asking once per pause', async () => {
    const { calls } = signedIn();
    const user = userEvent.setup();
    const dialog = await openForm(user);
    const category = await within(dialog).findByLabelText('Category');
    await user.type(within(dialog).getByLabelText('Name'), 'REWE Markt');
    await waitFor(() => expect(category).toHaveValue('Groceries'));
    expect(within(dialog).getByText('Suggested by your rules.')).toBeVisible();
    const asked = calls.filter((call) => call.path === '/api/transactions/suggest');
    // One request for the whole name typed, not one per key.
    expect(asked.map((call) => call.query.get('name'))).toEqual(['REWE Markt']);
    expect(asked[0]?.query.get('isIncome')).toBe('false');
  });

  it('leaves a category the user picked alone', async () => {
    const { calls } = signedIn();
    const user = userEvent.setup();
    const dialog = await openForm(user);
    const category = await within(dialog).findByLabelText('Category');
    await waitFor(() => expect(within(category).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(category, 'Food');
    await user.type(within(dialog).getByLabelText('Name'), 'REWE');
    // Long enough for a suggestion to have come, had one been asked for.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(category).toHaveValue('Food');
    expect(calls.filter((call) => call.path === '/api/transactions/suggest')).toEqual([]);
  });
});
