import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { makePage, makeTransaction, transactionHandlers } from '@/testing/transactions';

describe('the transactions list', () => {
  it('marks a row the bank has not booked yet as pending, and only that row', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    fakeApi({
      'GET /api/auth/me': { body: makeUser() },
      ...transactionHandlers(),
      'GET /api/transactions': {
        body: makePage([
          makeTransaction({ name: 'Corner Cafe', isPending: true }),
          makeTransaction({ name: 'Grocer' }),
        ]),
      },
    });
    renderApp('/transactions');
    const pending = (await screen.findAllByText('Corner Cafe'))[0]!.closest('tr')!;
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    const booked = screen.getAllByText('Grocer')[0]!.closest('tr')!;
    expect(within(booked).queryByText('Pending')).not.toBeInTheDocument();
  });
});
