import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrashedTransaction } from '@moneta/shared/transaction-schemas';
import { changeLocale } from '@/lib/i18n/i18n';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { MAIN_ACCOUNT_ID, transactionHandlers } from '@/testing/transactions';

const trashed: TrashedTransaction = {
  _id: '0190a1b2-0000-7000-8000-00000000aaaa',
  name: 'Old lamp',
  category: 'Shopping',
  cost: 40,
  currency: 'USD',
  addedOn: '2026-11-02',
  isIncome: false,
  note: null,
  accountId: MAIN_ACCOUNT_ID,
  tags: [],
  deletedAt: '2026-11-27T09:00:00.000Z',
  purgeOn: '2026-12-27',
};

function signedIn() {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    ...transactionHandlers(),
    'GET /api/transactions/trash': {
      body: { transactions: [trashed], totalPages: 1, currentPage: 1, total: 1 },
    },
  });
}

/** The cell of a row that holds `text`. */
async function cellWith(text: string) {
  const row = (await screen.findByText('Old lamp', {}, { timeout: 10_000 })).closest('tr')!;
  return within(row).getByText(text).closest('td')!;
}

describe('the Trash', () => {
  it('labels the kept-until date on phones as the table header names it', async () => {
    signedIn();
    renderApp('/transactions/trash');
    expect(await screen.findByRole('columnheader', { name: 'Kept until' })).toBeInTheDocument();
    // Below 640 px the header row is hidden: the cell shows its label before the date.
    expect(await cellWith('Dec 27, 2026')).toHaveAttribute('data-stack-label', 'Kept until');
    // The transaction's own date is not the kept-until date and carries no such label.
    expect(await cellWith('Nov 2, 2026')).not.toHaveAttribute('data-stack-label');
  });

  it('labels it in the user’s language, the date written their way', async () => {
    // The user's locale is the page's (LocaleSync): set before the user is made.
    await changeLocale('de-DE');
    signedIn();
    renderApp('/transactions/trash');
    expect(await cellWith('27.12.2026')).toHaveAttribute('data-stack-label', 'Aufbewahrt bis');
  });
});
