import { expect, type Locator, type Page } from '@playwright/test';

/** The protected area's frame: navigation bar, currency picker, theme toggle, logout. */
export class AppShell {
  readonly nav: Locator;
  readonly currencyPicker: Locator;
  readonly logoutButton: Locator;
  readonly menuButton: Locator;
  readonly mobileMenu: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main' });
    this.currencyPicker = page.getByRole('banner').getByRole('combobox', { name: 'Currency' });
    this.logoutButton = page.getByRole('banner').getByRole('button', { name: 'Logout' });
    this.menuButton = page.getByRole('button', { name: 'Open menu' });
    this.mobileMenu = page.getByRole('dialog', { name: 'Menu' });
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  async expectDashboard(): Promise<void> {
    await expect(this.page).toHaveURL(/\/dashboard$/);
    await expect(this.heading('Dashboard Overview')).toBeVisible();
  }

  /** The picker shows the code and symbol, e.g. "EUR (€)", beside the flag. */
  async expectCurrency(code: string): Promise<void> {
    await expect(this.currencyPicker).toHaveText(new RegExp(`^${code} \\(`));
  }

  /** Chooses a currency through the picker's list, as a mouse user does. */
  async chooseCurrency(code: string): Promise<void> {
    await this.currencyPicker.click();
    await this.page
      .getByRole('banner')
      .getByRole('option', { name: new RegExp(`^${code} `) })
      .click();
  }

  /**
   * Makes `code` the base currency: chosen in the list, then confirmed in the dialog that says
   * what changes.
   */
  async changeBaseCurrency(code: string): Promise<void> {
    await this.chooseCurrency(code);
    await this.page
      .getByRole('alertdialog', { name: new RegExp(`^Show totals in .* \\(${code}\\)\\?$`) })
      .getByRole('button', { name: 'Confirm' })
      .click();
  }

  async goTo(linkName: string): Promise<void> {
    await this.nav.getByRole('link', { name: linkName, exact: true }).click();
  }
}
