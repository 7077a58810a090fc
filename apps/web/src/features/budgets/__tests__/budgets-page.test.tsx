import type { Budget } from '@moneta/shared/budget-schemas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { renderApp } from '@/testing/render-app';
import { currentMonth, makeBudget, signedIn, openBudgets, requestedUrls } from './budgets-fixtures';

describe('budgets page', () => {
  it('shows the budgets of the current month in the table', async () => {
    const { fetchMock } = signedIn({
      'GET /api/budgets': {
        body: [
          makeBudget({ category: 'Food', amount: 200, spent: 50.5, remaining: 149.5, percent: 25 }),
        ],
      },
    });
    await openBudgets();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Category',
      'Month',
      'Budget',
      'Spent',
      'Remaining',
      'Progress',
      'Actions',
    ]);
    const { year, month } = currentMonth();
    const [, row] = within(table).getAllByRole('row');
    if (!row) throw new Error('No budget row');
    expect(within(row).getByRole('link', { name: /^Food expenses in / })).toHaveAttribute(
      'href',
      expect.stringContaining('/transactions?type=expense&category=Food&from='),
    );
    expect(within(row).getByText(`${month}/${year}`)).toBeInTheDocument();
    expect(within(row).getByText('$200.00')).toBeInTheDocument();
    expect(within(row).getByText('$50.50')).toBeInTheDocument();
    expect(within(row).getByText('$149.50')).toBeInTheDocument();
    expect(within(row).getByText('25%')).toBeInTheDocument();
    expect(requestedUrls(fetchMock)).toContain(`/api/budgets?month=${month}&year=${year}`);
  });

  it.each([
    // The month's name, amounts and percents as each locale writes them.
    ['de-DE' as const, 'Budgets für März 2026', 'Kategorie', /^1\.234,50\s\$$/, /^25\s%$/],
    ['ja-JP' as const, '2026年3月の予算', 'カテゴリ', /^\$1,234\.50$/, /^25%$/],
  ])('shows a month of budgets in %s', async (locale, caption, header, amount, percent) => {
    await changeLocale(locale);
    signedIn({
      'GET /api/budgets': {
        body: [makeBudget({ amount: 1234.5, month: 3, year: 2026, percent: 25 })],
      },
    });
    renderApp('/budgets?month=2026-03');
    const table = await screen.findByRole('table', { name: caption }, { timeout: 5000 });
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent(header);
    const [, row] = within(table).getAllByRole('row');
    if (!row) throw new Error('No budget row');
    expect(within(row).getByText(amount)).toBeInTheDocument();
    expect(within(row).getByText(percent)).toBeInTheDocument();
  });

  it('says so when the month has no budgets', async () => {
    signedIn({ 'GET /api/budgets': { body: [] } });
    await openBudgets();
    expect(await screen.findByText('No budgets found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an error with a retry when the budgets cannot be loaded', async () => {
    let attempts = 0;
    signedIn({
      'GET /api/budgets': () => {
        attempts += 1;
        return attempts <= 3 ? { status: 400, body: { message: 'Bad', code: 'X' } } : { body: [] };
      },
    });
    const { user } = await openBudgets();
    expect(await screen.findByText('Could not load the budgets. Please try again.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(attempts).toBeGreaterThan(1));
  });

  it("opens a row's expenses of the month on the Transactions page", async () => {
    signedIn({
      'GET /api/budgets': { body: [makeBudget({ category: 'Groceries', month: 2, year: 2024 })] },
      'GET /api/transactions': {
        body: { transactions: [], totalPages: 1, currentPage: 1, total: 0 },
      },
    });
    const { user } = await openBudgets();
    const link = await screen.findByRole('link', { name: /^Groceries expenses in/ });
    expect(link).toHaveAttribute(
      'href',
      '/transactions?type=expense&category=Groceries&from=2024-02-01&to=2024-02-29',
    );
    await user.click(within(link.closest('tr')!).getByText('$25.00'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('how much of a budget is used', () => {
  it.each([
    [0, 'green'],
    [79, 'green'],
    [80, 'yellow'],
    [99, 'yellow'],
    // Exactly all of it spent (Rent of 900 with 900 paid) is "spent", not overspent.
    [100, 'yellow'],
    [150, 'red'],
  ] as const)('colours a bar at %i percent %s', async (percent, color) => {
    signedIn({
      'GET /api/budgets': {
        body: [
          makeBudget({
            category: 'Bills',
            amount: 100,
            spent: percent,
            remaining: 100 - percent,
            percent,
          }),
        ],
      },
    });
    await openBudgets();
    const bar = await screen.findByRole('progressbar', { name: 'Bills budget used' });
    expect(bar).toHaveAttribute('aria-valuenow', String(percent));
    expect(bar).toHaveAttribute('data-color', color);
    const fill = within(bar).getByTestId('budget-progress-fill');
    const fillClass = { green: 'bg-emerald-600', yellow: 'bg-amber-500', red: 'bg-red-600' }[color];
    expect(fill).toHaveClass(fillClass);
    // The bar never grows past its track.
    expect(fill.style.width).toBe(`${Math.min(percent, 100)}%`);
    expect(screen.getByText(`${percent}%`)).toBeInTheDocument();
  });

  it('shows an overspent remaining amount in red', async () => {
    signedIn({
      'GET /api/budgets': {
        body: [makeBudget({ amount: 50, spent: 80, remaining: -30, percent: 160 })],
      },
    });
    await openBudgets();
    const remaining = await screen.findByText('-$30.00');
    expect(remaining).toHaveAttribute('data-negative', 'true');
    expect(remaining).toHaveClass('text-red-700');
  });
});

describe('moving between months', () => {
  it('moves between months and asks the server for the month shown', async () => {
    const { fetchMock } = signedIn({ 'GET /api/budgets': { body: [] } });
    const { user } = await openBudgets();
    await screen.findByText('No budgets found.');
    const { year, month } = currentMonth();
    const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() =>
      expect(requestedUrls(fetchMock)).toContain(
        `/api/budgets?month=${previous.month}&year=${previous.year}`,
      ),
    );
    expect(screen.getByLabelText('Month shown')).toHaveValue(
      `${previous.year}-${String(previous.month).padStart(2, '0')}`,
    );

    // Two clicks before the page has re-rendered still go back two months.
    const monthBefore = (shown: { year: number; month: number }) =>
      shown.month === 1
        ? { year: shown.year - 1, month: 12 }
        : { year: shown.year, month: shown.month - 1 };
    const threeBefore = monthBefore(monthBefore(previous));
    const previousButton = screen.getByRole('button', { name: 'Previous month' });
    act(() => {
      previousButton.click();
      previousButton.click();
    });
    expect(screen.getByLabelText('Month shown')).toHaveValue(
      `${threeBefore.year}-${String(threeBefore.month).padStart(2, '0')}`,
    );

    await user.click(screen.getByRole('button', { name: 'This month' }));
    expect(screen.getByLabelText('Month shown')).toHaveValue(
      `${year}-${String(month).padStart(2, '0')}`,
    );

    fireEvent.change(screen.getByLabelText('Month shown'), { target: { value: '2024-02' } });
    await waitFor(() =>
      expect(requestedUrls(fetchMock)).toContain('/api/budgets?month=2&year=2024'),
    );
  });

  it('copies last month onto an empty month', async () => {
    let copied: Budget[] = [];
    const { calls } = signedIn({
      'GET /api/budgets': () => ({ body: copied }),
      'POST /api/budgets/copy': () => {
        copied = [makeBudget({ category: 'Bills', amount: 900 })];
        return { status: 201, body: { created: 1 } };
      },
    });
    const { user } = await openBudgets();
    await screen.findByText('No budgets found.');
    const { year, month } = currentMonth();
    expect(screen.getByText(/^There are no budgets for .* yet\.$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy last month' }));

    expect(await screen.findByText('$900.00')).toBeInTheDocument();
    const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
    expect(calls.find((call) => call.path === '/api/budgets/copy')?.body).toEqual({
      fromMonth: previous.month,
      fromYear: previous.year,
      toMonth: month,
      toYear: year,
    });
    expect(await screen.findByText(/^Copied 1 budget from /)).toBeInTheDocument();
  });
});
