import { expect, type Locator, type Page } from '@playwright/test';

export class SetupPage {
  readonly heading: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Welcome to Moneta!' });
    this.submit = page.getByRole('button', { name: 'Save and Continue' });
  }

  async expectLoaded(email: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/setup$/);
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByText(email)).toBeVisible();
  }

  async chooseCurrency(name: string): Promise<void> {
    await this.page.getByRole('radio', { name: new RegExp(name) }).check();
  }
}
