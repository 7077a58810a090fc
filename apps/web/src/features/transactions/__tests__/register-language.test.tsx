import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser, type FakeCall } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { makePage, makeTransaction, transactionHandlers } from '@/testing/transactions';

function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    ...transactionHandlers(),
    'GET /api/transactions': { body: makePage([]) },
    ...handlers,
  });
}

const searches = (calls: FakeCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.path === '/api/transactions')
    .map((call) => call.query.get('search'));

describe('the register in the person’s language', () => {
  it('sends a search with keywords of another language and a typed date in the server’s form', async () => {
    const { calls } = signedIn();
    const user = userEvent.setup();
    renderApp('/transactions');
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    await user.type(box, 'kategorie:groceries vor:02/01/2026 betrag:>=12,5');
    await waitFor(() =>
      expect(searches(calls).at(-1)).toBe('category:Groceries before:2026-02-01 amount:>=12,5'),
    );
    // The chips say what the list finds, as the person reads it.
    expect(screen.getByText('Category: Groceries')).toBeInTheDocument();
    expect(screen.getByText('Before Feb 1, 2026')).toBeInTheDocument();
    expect(screen.getByText('Amount at least 12.50')).toBeInTheDocument();
  });

  it('marks a split transaction in the list', async () => {
    signedIn({
      'GET /api/transactions': {
        body: makePage([
          makeTransaction({
            name: 'Market',
            cost: 30,
            splits: [
              { category: 'Groceries', amount: 20, note: null },
              { category: 'Household', amount: 10, note: null },
            ],
          }),
          makeTransaction({ name: 'Bus' }),
        ]),
      },
    });
    renderApp('/transactions');
    const market = (await screen.findByRole('rowheader', { name: /Market/ })).closest('tr');
    const bus = screen.getByRole('rowheader', { name: /Bus/ }).closest('tr');
    if (!market || !bus) throw new Error('rows missing');
    expect(within(market).getByText('Split in 2')).toBeInTheDocument();
    expect(within(bus).queryByText(/Split in/)).toBeNull();
  });
});
