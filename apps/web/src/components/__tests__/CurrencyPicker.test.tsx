import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

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

function listboxOf(picker: HTMLElement): HTMLElement {
  const listbox = document.getElementById(picker.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error('The combobox controls no listbox');
  return listbox;
}

describe('currency picker (select-only combobox)', () => {
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
    expect(within(listbox).getAllByRole('option')).toHaveLength(7);
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
    expect(activeOption(picker)).toHaveAccessibleName(/^INR/);
    // The last option is the end: no wrapping round.
    await events.keyboard('{ArrowDown}');
    expect(activeOption(picker)).toHaveAccessibleName(/^INR/);
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

  it('chooses with Enter or Space and saves the currency on the server', async () => {
    const { events, picker, puts } = await openSettings();
    picker.focus();
    await events.keyboard('{End}');
    expect(activeOption(picker)).toHaveAccessibleName(/^INR/);
    await events.keyboard('{Enter}');
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    expect(puts().at(-1)?.body).toMatchObject({ defaultCurrency: 'INR' });
    await waitFor(() => expect(picker).toHaveTextContent('INR (₹)'));
    await waitFor(() => expect(picker).toHaveAttribute('aria-busy', 'false'));

    await events.keyboard(' ');
    await events.keyboard('{ArrowUp}');
    await events.keyboard(' ');
    expect(puts().at(-1)?.body).toMatchObject({ defaultCurrency: 'AUD' });
    await waitFor(() => expect(picker).toHaveTextContent('AUD ($)'));
  });

  it('finds a currency by the first letters of its code or name', async () => {
    const { events, picker, puts } = await openSettings();
    picker.focus();
    // Closed, a letter opens the list on the first match.
    await events.keyboard('j');
    expect(picker).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption(picker)).toHaveAccessibleName(/^JPY/);
    await new Promise((resolve) => setTimeout(resolve, 600));
    // "br" is the start of "British Pound".
    await events.keyboard('br');
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
    expect(
      await screen.findByText('Could not change the currency. Please try again.'),
    ).toBeInTheDocument();
    expect(picker).toHaveTextContent('EUR (€)');
  });
});
