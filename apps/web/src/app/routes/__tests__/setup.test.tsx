import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';

describe('setup page', () => {
  it('greets the user, lists the currencies and saves the choice with the time zone', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    const { calls } = fakeApi({
      'GET /api/auth/me': { body: makeUser({ isSetupComplete: false }) },
      'PUT /api/auth/setup': ({ body }) => ({
        body: makeUser({ isSetupComplete: true, defaultCurrency: 'EUR', ...(body as object) }),
      }),
    });
    const user = userEvent.setup();
    const app = renderApp('/setup');

    expect(await screen.findByRole('heading', { name: 'Welcome to Moneta!' })).toBeInTheDocument();
    expect(screen.getByText('ada@moneta.dev')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Choose your default currency' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(7);
    expect(screen.getByRole('radio', { name: /United States Dollar/ })).toBeChecked();
    expect(
      screen.getByText('You can change your currency preference later in settings.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Euro/ }));
    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard Overview' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
    const setupCall = calls.find((call) => call.method === 'PUT');
    expect(setupCall?.body).toEqual({
      defaultCurrency: 'EUR',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      // The language offered first: the browser's (jsdom's en-US), kept as chosen.
      locale: 'en-US',
    });
  });

  it('shows the fallback error inline when setup fails without a message', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    fakeApi({
      'GET /api/auth/me': { body: makeUser({ isSetupComplete: false }) },
      'PUT /api/auth/setup': { status: 500 },
    });
    const user = userEvent.setup();
    renderApp('/setup');
    await user.click(await screen.findByRole('button', { name: 'Save and Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Setup failed. Please try again.');
    expect(screen.getByRole('heading', { name: 'Welcome to Moneta!' })).toBeInTheDocument();
  });

  it('preselects the currency of the chosen locale country until one is picked', async () => {
    window.localStorage.setItem('token', 'jwt-token');
    fakeApi({ 'GET /api/auth/me': { body: makeUser({ isSetupComplete: false }) } });
    const user = userEvent.setup();
    renderApp('/setup');
    const locale = await screen.findByRole('combobox');
    await user.selectOptions(locale, 'en-GB');
    expect(await screen.findByRole('radio', { name: /British Pound/ })).toBeChecked();
    await user.selectOptions(locale, 'en-IN');
    expect(await screen.findByRole('radio', { name: /Indian Rupee/ })).toBeChecked();
    // A currency the person picked stays when they change the language again.
    await user.click(screen.getByRole('radio', { name: /Canadian Dollar/ }));
    await user.selectOptions(locale, 'en-AU');
    expect(screen.getByRole('radio', { name: /Canadian Dollar/ })).toBeChecked();
  });
});
