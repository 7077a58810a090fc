import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAIN_ACCOUNT_ID } from '@/testing/accounts';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { reportHandlers, reportQueries } from '@/testing/reports';
import { makePage, makeTransaction, transactionHandlers } from '@/testing/transactions';

// jsdom has no canvas: the chart is its summary, as a screen reader has it (the browser test draws
// the real one).
vi.mock('@/features/reports/components/report-charts', () => ({
  ReportChart: ({ summary }: { summary: string }) => <div role="img" aria-label={summary} />,
}));

function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    ...transactionHandlers(),
    'GET /api/transactions': { body: makePage([]) },
    ...handlers,
  });
}

/** Spending and income of Aug–Oct 2026, and a year before for the comparison. */
const FIGURES = {
  income: { '2026-08-01': 3000, '2026-09-01': 3000, '2026-10-01': 3200, '2025-10-01': 2800 },
  expense: { '2026-08-01': 1200, '2026-09-01': 1500, '2026-10-01': 900.5, '2025-10-01': 1000 },
  categories: {
    Food: { '2026-09-01': 400, '2026-10-01': 350.5 },
    Rent: { '2026-08-01': 1200, '2026-09-01': 1100, '2026-10-01': 550 },
  },
  payees: [{ name: 'Corner Shop', total: 420.5, count: 7 }],
};

async function openReports(url = '/reports') {
  const app = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Reports' }, { timeout: 10_000 });
  return app;
}

function section(name: RegExp | string) {
  return screen.getByRole('region', { name });
}

beforeEach(() => {
  // Only the clock: today is Nov 15, 2026 in the user's zone (Europe/Paris).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reports: periods', () => {
  it('shows the last 12 whole months of cash flow with totals, averages and comparisons', async () => {
    const { calls } = signedIn(reportHandlers(FIGURES));
    await openReports();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveDisplayValue('Last 12 months');
    expect(screen.getByTestId('report-range')).toHaveTextContent(
      'Showing Nov 1, 2025 – Oct 31, 2026, by month, all accounts, in USD',
    );
    const cashflow = section('Cash flow');
    const table = await within(cashflow).findByRole('table');
    // The range, and the 12 months before it for the comparison.
    expect(reportQueries(calls, '/api/reports/cashflow')).toEqual([
      { from: '2025-11-01', to: '2026-10-31', interval: 'month' },
      { from: '2024-11-01', to: '2025-10-31', interval: 'month' },
    ]);
    const october = within(table).getByRole('row', { name: /^Oct 2026/ });
    expect(october).toHaveTextContent('$3,200.00');
    expect(october).toHaveTextContent('$900.50');
    expect(october).toHaveTextContent('$2,299.50');
    // Net vs September's $1,500.00.
    expect(october).toHaveTextContent('+$799.50 (+53%)');
    const total = within(table).getByRole('row', { name: /^Total/ });
    expect(total).toHaveTextContent('$9,200.00');
    expect(total).toHaveTextContent('$3,600.50');
    expect(total).toHaveTextContent('$5,599.50');
    const average = within(table).getByRole('row', { name: /^Average per month/ });
    expect(average).toHaveTextContent('$766.67');
    // The totals against the 12 months before ($2,800 of income then).
    expect(
      await within(cashflow).findByText('+$6,400.00 (+229%) vs Nov 1, 2024 – Oct 31, 2025'),
    ).toBeVisible();
    // Every chart has its table; the picture is an image with a summary.
    expect(await within(cashflow).findByRole('img', {}, { timeout: 10_000 })).toHaveAccessibleName(
      /^Cash flow per month: income \$9,200\.00, expense \$3,600\.50, net \$5,599\.50/,
    );
  });

  it('switches to quarters, and to last year, asking the API for them', async () => {
    const { calls } = signedIn(reportHandlers(FIGURES));
    const user = userEvent.setup();
    const app = await openReports();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Interval' }), 'Quarter');
    const cashflow = section('Cash flow');
    const q3 = await within(cashflow).findByRole('row', { name: /^Q3 2026/ });
    // August and September.
    expect(q3).toHaveTextContent('$6,000.00');
    expect(q3).toHaveTextContent('$2,700.00');
    // The quarters the range cuts say their days.
    expect(within(cashflow).getByRole('row', { name: /^Nov 1 – Dec 31, 2025/ })).toBeVisible();
    expect(within(cashflow).getByRole('row', { name: /^Oct 1 – Oct 31, 2026/ })).toBeVisible();
    expect(app.currentSearch()).toBe('?interval=quarter');
    expect(reportQueries(calls, '/api/reports/categories').at(-1)).toMatchObject({
      interval: 'quarter',
      isIncome: 'false',
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last year');
    await waitFor(() =>
      expect(reportQueries(calls, '/api/reports/cashflow')).toContainEqual({
        from: '2025-01-01',
        to: '2025-12-31',
        interval: 'quarter',
      }),
    );
    // Whole years compare with the one before.
    expect(reportQueries(calls, '/api/reports/cashflow')).toContainEqual({
      from: '2024-01-01',
      to: '2024-12-31',
      interval: 'quarter',
    });
    expect(screen.getByTestId('report-range')).toHaveTextContent(
      'Showing Jan 1 – Dec 31, 2025, by quarter, all accounts, in USD',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'This year');
    await waitFor(() =>
      expect(reportQueries(calls, '/api/reports/net-worth')).toContainEqual({
        from: '2026-01-01',
        to: '2026-11-15',
        interval: 'quarter',
      }),
    );
    // A year to date compares with the same days a year before.
    expect(reportQueries(calls, '/api/reports/cashflow')).toContainEqual({
      from: '2025-01-01',
      to: '2025-11-15',
      interval: 'quarter',
    });
  });
});

describe('reports: custom dates and what the figures are made of', () => {
  it('takes custom dates, and refuses a start after the end', async () => {
    const { calls } = signedIn(reportHandlers(FIGURES));
    const user = userEvent.setup();
    await openReports();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Custom');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue('2025-11-01');
    await user.clear(from);
    await user.type(from, '2026-09-15');
    await waitFor(() =>
      expect(reportQueries(calls, '/api/reports/cashflow')).toContainEqual({
        from: '2026-09-15',
        to: '2026-10-31',
        interval: 'month',
      }),
    );
    // 47 days, compared with the 47 days before.
    expect(reportQueries(calls, '/api/reports/cashflow')).toContainEqual({
      from: '2026-07-30',
      to: '2026-09-14',
      interval: 'month',
    });
    expect(
      await within(section('Cash flow')).findByRole('row', { name: /^Sep 15 – Sep 30, 2026/ }),
    ).toBeVisible();
    await user.clear(to);
    await user.type(to, '2026-09-01');
    expect(await screen.findByText('The start date must not be after the end date.')).toBeVisible();
  });

  it('opens the transactions behind a category cell, filtered to that category and month', async () => {
    const { calls } = signedIn({
      ...reportHandlers(FIGURES),
      'GET /api/transactions': {
        body: makePage([
          makeTransaction({ name: 'Market', category: 'Food', addedOn: '2026-10-04' }),
        ]),
      },
    });
    const user = userEvent.setup();
    const app = await openReports();
    const categories = section('Spending by category');
    const food = await within(categories).findByRole('row', { name: /^Food/ });
    expect(food).toHaveTextContent('$750.50');
    // Its average over the 12 months, and the months without any.
    expect(food).toHaveTextContent('$62.54');
    await user.click(
      within(food).getByRole('link', {
        name: '$350.50, Food in Oct 2026: show the transactions',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    expect(app.currentPath()).toBe('/transactions');
    expect(new URLSearchParams(app.currentSearch())).toEqual(
      new URLSearchParams({
        type: 'expense',
        category: 'Food',
        from: '2026-10-01',
        to: '2026-10-31',
      }),
    );
    await waitFor(() =>
      expect(reportQueries(calls, '/api/transactions').at(-1)).toMatchObject({
        isIncome: 'false',
        category: 'Food',
        startDate: '2026-10-01',
        endDate: '2026-10-31',
      }),
    );
    expect(screen.getByRole('button', { name: 'Remove filter Category: Food' })).toBeVisible();
  });

  it('links cash flow, payee and net-worth figures to what they are made of', async () => {
    signedIn({ ...reportHandlers(FIGURES), 'GET /api/accounts/:id': { status: 404 } });
    await openReports(`/reports?account=${MAIN_ACCOUNT_ID}`);
    const cashflow = section('Cash flow');
    const income = await within(cashflow).findByRole('link', {
      name: '$3,200.00, income in Oct 2026: show the transactions',
    });
    expect(income).toHaveAttribute(
      'href',
      `/transactions?type=income&from=2026-10-01&to=2026-10-31&account=${MAIN_ACCOUNT_ID}`,
    );
    // A month without any has nothing to open.
    const november = within(cashflow).getByRole('row', { name: /^Nov 2025/ });
    expect(within(november).queryAllByRole('link')).toEqual([]);

    const payees = section('Top payees');
    expect(
      await within(payees).findByRole('link', {
        name: '$420.50, Corner Shop: show the transactions',
      }),
    ).toHaveAttribute(
      'href',
      `/transactions?q=Corner+Shop&type=expense&from=2025-11-01&to=2026-10-31&account=${MAIN_ACCOUNT_ID}`,
    );
    expect(within(payees).getByRole('row', { name: /^Corner Shop/ })).toHaveTextContent('$60.07');

    const netWorth = section('Net worth');
    const october = await within(netWorth).findByRole('row', { name: /^Oct 31, 2026/ });
    expect(
      within(october).getByRole('link', { name: /^\$2,100\.00, Main on Oct 31, 2026/ }),
    ).toHaveAttribute('href', `/accounts/${MAIN_ACCOUNT_ID}`);
    expect(october).toHaveTextContent('+$100.00 (+5%)');
  });
});

describe('reports: downloads, empty and failed reports, and the ways in', () => {
  it('downloads each report as CSV with the session, in the query on screen', async () => {
    const { calls } = signedIn(reportHandlers(FIGURES));
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    await openReports('/reports?interval=year&categories=income');
    const categories = section('Income by category');
    await within(categories).findByText('No transactions in this period.');
    await user.click(
      within(categories).getByRole('button', { name: 'Download CSV: Income by category' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = calls.filter((entry) => entry.path === '/api/reports/categories').at(-1);
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      from: '2025-11-01',
      to: '2026-10-31',
      interval: 'year',
      isIncome: 'true',
      format: 'csv',
    });
    expect(call?.headers.get('Authorization')).toBe('Bearer jwt-token');
    const link = click.mock.contexts.at(-1) as HTMLAnchorElement;
    expect(link.download).toBe('moneta_categories.csv');
    click.mockRestore();
  });

  it('says when there is nothing, and offers Retry when a report fails', async () => {
    let isDown = true;
    signedIn({
      ...reportHandlers({ unconverted: 2 }),
      'GET /api/reports/payees': () =>
        isDown
          ? { status: 500, body: { message: 'The database is unavailable.' } }
          : { body: { payees: [{ name: 'Bakery', total: 12, count: 2 }], unconverted: 0 } },
    });
    const user = userEvent.setup();
    await openReports();
    expect(
      await within(section('Cash flow')).findByText('No transactions in this period.'),
    ).toBeVisible();
    const payees = section('Top payees');
    const alert = await within(payees).findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('The database is unavailable.');
    isDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(payees).findByText('Bakery')).toBeVisible();
  });

  it('is reached from the navigation and from each dashboard card, over the same period', async () => {
    signedIn({ ...reportHandlers(FIGURES), 'GET /api/transactions/summary': { body: {} } });
    const user = userEvent.setup();
    const app = renderApp('/dashboard');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Dashboard Overview' },
      { timeout: 10_000 },
    );
    const income = screen.getByRole('heading', { name: 'Total Income' }).closest('li');
    if (!income) throw new Error('card missing');
    // The dashboard's default, the last 30 days.
    expect(within(income).getByRole('link', { name: 'Cash flow report' })).toHaveAttribute(
      'href',
      '/reports?range=custom&from=2026-10-17&to=2026-11-15',
    );
    expect(
      within(screen.getByRole('region', { name: 'Expenses by Category' })).getByRole('link', {
        name: 'Category report',
      }),
    ).toHaveAttribute('href', '/reports?range=custom&from=2026-10-17&to=2026-11-15');
    await user.click(screen.getByRole('link', { name: 'Net worth report' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    expect(app.currentPath()).toBe('/reports');
    expect(
      screen.getByRole('navigation', { name: 'Main' }).querySelector('a[aria-current="page"]'),
    ).toHaveTextContent('Reports');
  });
});
