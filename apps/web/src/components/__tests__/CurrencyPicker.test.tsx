import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CURRENCY_CATALOGUE } from '@moneta/shared/currency-catalogue';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { makeSummary, transactionHandlers } from '@/testing/transactions';

type Handlers = Parameters<typeof fakeApi>[0];

/** Settings with the user's currency EUR; the picker of its Preferences, and the fake API. */
async function openSettings(handlers: Handlers = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  const user = makeUser({ defaultCurrency: 'EUR' });
  const api = fakeApi({
    'GET /api/auth/me': { body: user },
    'PUT /api/auth/setup': ({ body }) => ({ body: { ...user, ...(body as object) } }),
    ...handlers,
  });
  const events = userEvent.setup();
  renderApp('/settings');
  const preferences = await screen.findByRole(
    'region',
    { name: 'Preferences' },
    { timeout: 10_000 },
  );
  const picker = within(preferences).getByRole('combobox', { name: 'Currency' });
  const puts = () => api.calls.filter((call) => call.method === 'PUT');
  return { ...api, events, picker, puts };
}

/** The option the combobox points at with aria-activedescendant, by its accessible name. */
function activeOption(picker: HTMLElement): HTMLElement | null {
  const id = picker.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
}

/** The confirmation a choice opens; Confirm saves it. */
async function confirmChoice(events: ReturnType<typeof userEvent.setup>, title: string) {
  const confirmation = await screen.findByRole('alertdialog', { name: title });
  await events.click(within(confirmation).getByRole('button', { name: 'Confirm' }));
}

function listboxOf(picker: HTMLElement): HTMLElement {
  const listbox = document.getElementById(picker.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error('The combobox controls no listbox');
  return listbox;
}

describe('base currency picker (select-only combobox): moving and choosing', () => {
  it('shows the current currency with its flag and opens on the current option', async () => {
    const { events, picker } = await openSettings();
    expect(picker).toHaveTextContent('EUR (€)');
    // The flag is an SVG beside the code, hidden from assistive technology.
    expect(picker.querySelector('img[alt=""]')).toHaveAttribute(
      'src',
      expect.stringMatching(/EU\.svg/),
    );
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    expect(listboxOf(picker)).not.toBeVisible();
    expect(picker).not.toHaveAttribute('aria-activedescendant');

    picker.focus();
    await events.keyboard('{ArrowDown}');
    expect(picker).toHaveAttribute('aria-expanded', 'true');
    const listbox = listboxOf(picker);
    expect(listbox).toBeVisible();
    // Every currency of the catalogue, the original seven first.
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(CURRENCY_CATALOGUE.length);
    expect(options.slice(0, 7).map((option) => option.textContent?.slice(0, 3))).toEqual([
      'USD',
      'EUR',
      'GBP',
      'JPY',
      'CAD',
      'AUD',
      'INR',
    ]);
    expect(activeOption(picker)).toHaveAccessibleName('EUR Euro €');
    expect(activeOption(picker)).toHaveAttribute('aria-selected', 'true');
    expect(picker).toHaveFocus();
  });

  it('moves with the arrow keys, Home and End, and Escape closes without saving', async () => {
    const { events, picker, puts } = await openSettings();
    picker.focus();
    await events.keyboard('{Enter}');
    await events.keyboard('{ArrowDown}');
    expect(activeOption(picker)).toHaveAccessibleName(/^GBP/);
    await events.keyboard('{End}');
    expect(activeOption(picker)).toHaveAccessibleName(/^ZAR/);
    // The last option is the end: no wrapping round.
    await events.keyboard('{ArrowDown}');
    expect(activeOption(picker)).toHaveAccessibleName(/^ZAR/);
    await events.keyboard('{Home}');
    expect(activeOption(picker)).toHaveAccessibleName(/^USD/);
    await events.keyboard('{ArrowUp}');
    expect(activeOption(picker)).toHaveAccessibleName(/^USD/);

    await events.keyboard('{Escape}');
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    expect(picker).toHaveFocus();
    expect(picker).toHaveTextContent('EUR (€)');
    expect(puts()).toEqual([]);
  });

  it('chooses with Enter or Space, confirms, and saves the base currency on the server', async () => {
    const { events, picker, puts } = await openSettings();
    picker.focus();
    await events.keyboard(
      '{Home}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}',
    );
    expect(activeOption(picker)).toHaveAccessibleName(/^INR/);
    await events.keyboard('{Enter}');
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    const confirmation = await screen.findByRole('alertdialog', {
      name: 'Show totals in Indian Rupee (INR)?',
    });
    expect(confirmation).toHaveAccessibleDescription(
      "Totals, charts, budgets and net worth will be converted to INR at each day's rate. Your accounts and transactions keep their own currencies.",
    );
    expect(puts()).toEqual([]);
    await events.click(within(confirmation).getByRole('button', { name: 'Confirm' }));
    expect(puts().at(-1)?.body).toMatchObject({ defaultCurrency: 'INR' });
    await waitFor(() => expect(picker).toHaveTextContent('INR (₹)'));
    await waitFor(() => expect(picker).toHaveAttribute('aria-busy', 'false'));
    // The focus comes back to the picker.
    await waitFor(() => expect(picker).toHaveFocus());

    await events.keyboard(' ');
    await events.keyboard('{ArrowUp}');
    await events.keyboard(' ');
    await confirmChoice(events, 'Show totals in Australian Dollar (AUD)?');
    expect(puts().at(-1)?.body).toMatchObject({ defaultCurrency: 'AUD' });
    await waitFor(() => expect(picker).toHaveTextContent('AUD ($)'));
  });

  it('offers the whole catalogue: a currency beyond the seven shows with its code', async () => {
    const { events, picker, puts } = await openSettings();
    picker.focus();
    // "franc" is a word of "Swiss Franc".
    await events.keyboard('franc');
    expect(activeOption(picker)).toHaveAccessibleName(/^CHF Swiss Franc/);
    await events.keyboard('{Enter}');
    await confirmChoice(events, 'Show totals in Swiss Franc (CHF)?');
    expect(puts().at(-1)?.body).toMatchObject({ defaultCurrency: 'CHF' });
    await waitFor(() => expect(picker).toHaveTextContent('CHF (CHF)'));
  });

  it('Cancel keeps the base currency and saves nothing', async () => {
    const { events, picker, puts } = await openSettings();
    await events.click(picker);
    await events.click(within(listboxOf(picker)).getByRole('option', { name: /^GBP/ }));
    const confirmation = await screen.findByRole('alertdialog', {
      name: 'Show totals in British Pound (GBP)?',
    });
    await events.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(picker).toHaveTextContent('EUR (€)');
    expect(puts()).toEqual([]);
  });
});

describe('base currency picker (select-only combobox): saving and finding', () => {
  it('refetches every total once the base currency changed', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    let base = 'USD';
    const { calls } = fakeApi({
      ...transactionHandlers(),
      'GET /api/auth/me': () => ({ body: makeUser({ defaultCurrency: base }) }),
      'GET /api/transactions/summary': () => ({
        body: makeSummary({ totalExpenses: base === 'USD' ? 40 : 31.52, currency: base }),
      }),
      'PUT /api/auth/setup': ({ body }) => {
        base = (body as { defaultCurrency: string }).defaultCurrency;
        return { body: makeUser({ defaultCurrency: base }) };
      },
    });
    const events = userEvent.setup();
    renderApp('/dashboard');
    expect(await screen.findByText('$40.00', {}, { timeout: 10_000 })).toBeInTheDocument();
    const summaries = () =>
      calls.filter((call) => call.path === '/api/transactions/summary').length;
    const accounts = () => calls.filter((call) => call.path === '/api/accounts').length;
    const before = { summaries: summaries(), accounts: accounts() };

    const [picker] = screen.getAllByRole('combobox', { name: 'Currency' });
    if (!picker) throw new Error('No currency picker');
    await events.click(picker);
    await events.click(within(listboxOf(picker)).getByRole('option', { name: /^GBP/ }));
    await confirmChoice(events, 'Show totals in British Pound (GBP)?');

    expect(await screen.findByText('£31.52')).toBeInTheDocument();
    expect(summaries()).toBeGreaterThan(before.summaries);
    expect(accounts()).toBeGreaterThan(before.accounts);
  });

  it('finds a currency by the first letters of its code or name', async () => {
    const { events, picker, puts } = await openSettings();
    picker.focus();
    // Closed, a letter opens the list on the first match.
    await events.keyboard('j');
    expect(picker).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption(picker)).toHaveAccessibleName(/^JPY/);
    await new Promise((resolve) => setTimeout(resolve, 600));
    // "brit" is the start of "British Pound" ("br" already of BRL).
    await events.keyboard('brit');
    expect(activeOption(picker)).toHaveAccessibleName(/^GBP/);
    await new Promise((resolve) => setTimeout(resolve, 600));
    // A word inside the name: "pound" of "British Pound".
    await events.keyboard('pound');
    expect(activeOption(picker)).toHaveAccessibleName(/^GBP/);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await events.keyboard('au');
    expect(activeOption(picker)).toHaveAccessibleName(/^AUD/);
    await new Promise((resolve) => setTimeout(resolve, 600));
    // No currency begins with "x": the active one stays.
    await events.keyboard('x');
    expect(activeOption(picker)).toHaveAccessibleName(/^AUD/);
    expect(puts()).toEqual([]);
  });

  it('closes on a click elsewhere without saving, and chooses with a click', async () => {
    const { events, picker, puts } = await openSettings();
    await events.click(picker);
    expect(picker).toHaveAttribute('aria-expanded', 'true');
    await events.click(screen.getByRole('heading', { level: 1, name: 'Settings' }));
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    expect(puts()).toEqual([]);

    await events.click(picker);
    await events.click(within(listboxOf(picker)).getByRole('option', { name: /^CAD/ }));
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    await confirmChoice(events, 'Show totals in Canadian Dollar (CAD)?');
    expect(puts().at(-1)?.body).toMatchObject({ defaultCurrency: 'CAD' });
    await waitFor(() => expect(picker).toHaveTextContent('CAD ($)'));
  });

  it('shows the choice as pending, takes no other until the server answers', async () => {
    let answer: () => void = () => {};
    const { events, picker, fetchMock } = await openSettings();
    const realFetch = fetchMock.getMockImplementation();
    if (!realFetch) throw new Error('No fake fetch');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'PUT') await new Promise<void>((resolve) => (answer = resolve));
        return realFetch(input, init);
      }),
    );
    picker.focus();
    await events.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await confirmChoice(events, 'Show totals in British Pound (GBP)?');
    await waitFor(() => expect(picker).toHaveAttribute('aria-busy', 'true'));
    expect(picker).toHaveAttribute('aria-disabled', 'true');
    expect(picker).toHaveTextContent('GBP (£)');
    await events.keyboard('{ArrowDown}');
    expect(picker).toHaveAttribute('aria-expanded', 'false');

    answer();
    await waitFor(() => expect(picker).toHaveAttribute('aria-busy', 'false'));
    expect(picker).not.toHaveAttribute('aria-disabled');
    expect(picker).toHaveTextContent('GBP (£)');
  });

  it('says so in a toast and shows the old currency when the server refuses', async () => {
    const { events, picker } = await openSettings({ 'PUT /api/auth/setup': { status: 500 } });
    picker.focus();
    await events.keyboard('{Home}{Enter}');
    await confirmChoice(events, 'Show totals in United States Dollar (USD)?');
    expect(
      await screen.findByText('Could not change the currency. Please try again.'),
    ).toBeInTheDocument();
    expect(picker).toHaveTextContent('EUR (€)');
  });
});
