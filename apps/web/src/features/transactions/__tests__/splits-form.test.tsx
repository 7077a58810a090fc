import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { makePage, makeTransaction, transactionHandlers } from '@/testing/transactions';

function signedIn() {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    ...transactionHandlers(),
    'GET /api/transactions': { body: makePage([]) },
    'POST /api/transactions': ({ body }) => ({
      status: 201,
      body: makeTransaction(body as object),
    }),
  });
}

describe('splitting a transaction in the form', () => {
  it('adds and removes parts, says what is left to assign, and sends the parts', async () => {
    const { calls } = signedIn();
    const user = userEvent.setup();
    renderApp('/transactions');
    await user.click(await screen.findByRole('button', { name: 'Add Transaction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Expense' });
    await user.type(within(dialog).getByLabelText('Name'), 'Market');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Food');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '84.50');

    await user.click(within(dialog).getByRole('button', { name: 'Split into categories' }));
    const split = within(dialog).getByRole('group', { name: 'Split' });
    expect(within(split).getByText('Left to assign: $84.50')).toBeVisible();
    await user.selectOptions(within(split).getByLabelText('Part 1 category'), 'Food');
    await user.type(within(split).getByLabelText('Part 1 amount (USD)'), '60');
    expect(within(split).getByText('Left to assign: $24.50')).toBeVisible();
    // Two parts at least: neither can be removed yet.
    expect(within(split).getByRole('button', { name: 'Remove part 2' })).toBeDisabled();
    // A new part takes what is left.
    await user.click(within(split).getByRole('button', { name: 'Add part' }));
    expect(within(split).getByLabelText('Part 3 amount (USD)')).toHaveValue('24.50');
    expect(within(split).getByText('All of the amount is assigned.')).toBeVisible();
    await user.click(within(split).getByRole('button', { name: 'Remove part 2' }));
    await user.selectOptions(within(split).getByLabelText('Part 2 category'), 'Bills');

    await user.click(within(dialog).getByRole('button', { name: 'Save Expense' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      cost: 84.5,
      splits: [
        { category: 'Food', amount: 60 },
        { category: 'Bills', amount: 24.5 },
      ],
    });
  });
});
