import type { Budget } from '@moneta/shared/budget-schemas';
import { todayIn } from '@moneta/shared/calendar-date';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

export const EXPENSE_CATEGORIES = ['Food', 'Shopping', 'Bills', 'Groceries'];

/** The month containing today for the test user (Europe/Paris). */
export function currentMonth() {
  const [year, month] = todayIn('Europe/Paris').split('-').map(Number) as [number, number];
  return { year, month };
}

export function makeBudget(overrides: Partial<Budget> = {}): Budget {
  const { year, month } = currentMonth();
  return {
    _id: crypto.randomUUID(),
    category: 'Food',
    amount: 100,
    month,
    year,
    rollover: false,
    repeat: false,
    repeatedFrom: null,
    carried: 0,
    available: overrides.amount ?? 100,
    spent: 25,
    remaining: 75,
    percent: 25,
    unconverted: 0,
    ...overrides,
  };
}

export function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    'GET /api/transactions/categories/expense': { body: EXPENSE_CATEGORIES },
    'GET /api/budgets/summary': {
      body: { budgeted: 0, spent: 0, available: 0, remaining: 0, income: 0, unconverted: 0 },
    },
    'GET /api/goals': { body: [] },
    'GET /api/accounts': { body: [] },
    ...handlers,
  });
}

export async function openBudgets() {
  const user = userEvent.setup();
  const app = renderApp('/budgets');
  // The first render of a file also loads the lazy route chunks.
  await screen.findByRole('heading', { level: 1, name: 'Budgets' }, { timeout: 5000 });
  return { user, app };
}

export function requestedUrls(fetchMock: ReturnType<typeof fakeApi>['fetchMock']): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input));
}
