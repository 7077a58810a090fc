import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeHousehold, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { reportHandlers, reportQueries } from '@/testing/reports';
import { transactionHandlers } from '@/testing/transactions';

// jsdom has no canvas: the chart is its summary, as a screen reader has it.
vi.mock('@/features/reports/components/report-charts', () => ({
  ReportChart: ({ summary }: { summary: string }) => <div role="img" aria-label={summary} />,
}));

const ME = makeUser();
const PARTNER_ID = '0190a1b2-0000-7000-8000-0000000000c1';

function openReports(memberCount: number) {
  window.localStorage.setItem('token', 'jwt-token');
  const household = makeHousehold({ memberCount });
  const api = fakeApi({
    'GET /api/auth/me': { body: ME },
    ...transactionHandlers(),
    ...reportHandlers({ expense: { '2026-10-01': 900 } }),
    'GET /api/households': { body: [household] },
    [`GET /api/households/${household._id}/members`]: {
      body: [
        { userId: ME._id, email: ME.email, role: 'owner', joinedAt: '2026-03-01T08:00:00.000Z' },
        {
          userId: PARTNER_ID,
          email: 'grace@moneta.dev',
          role: 'editor',
          joinedAt: '2026-03-01T08:00:00.000Z',
        },
      ],
    },
  });
  return { ...api, user: userEvent.setup(), ...renderApp('/reports') };
}

describe('the reports of one member', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for what the chosen member entered, and its figures open their transactions', async () => {
    const { calls, user, currentSearch } = openReports(2);
    const member = await screen.findByRole('combobox', { name: 'Member' }, { timeout: 10_000 });
    await within(member).findByRole('option', { name: 'grace@moneta.dev' });
    await user.selectOptions(member, 'grace@moneta.dev');
    await waitFor(() =>
      expect(
        reportQueries(calls, '/api/reports/cashflow').some(
          (query) => query.createdBy === PARTNER_ID,
        ),
      ).toBe(true),
    );
    expect(
      reportQueries(calls, '/api/reports/categories').some(
        (query) => query.createdBy === PARTNER_ID,
      ),
    ).toBe(true);
    expect(new URLSearchParams(currentSearch()).get('member')).toBe(PARTNER_ID);
    const cashflow = screen.getByRole('region', { name: 'Cash flow' });
    const links = await within(cashflow).findAllByRole('link');
    expect(links[0]).toHaveAttribute('href', expect.stringContaining(`member=${PARTNER_ID}`));
  });

  it('offers no Member choice in a household of one', async () => {
    const { calls } = openReports(1);
    await screen.findByRole('heading', { level: 1, name: 'Reports' }, { timeout: 10_000 });
    expect(screen.queryByRole('combobox', { name: 'Member' })).not.toBeInTheDocument();
    expect(reportQueries(calls, '/api/reports/cashflow').every((query) => !query.createdBy)).toBe(
      true,
    );
  });
});
