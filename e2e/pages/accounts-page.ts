import { expect, type Locator, type Page } from '@playwright/test';

/** The Accounts screen: the accounts table, net worth, and the add and transfer dialogs. */
export class AccountsPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly netWorth: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Accounts' });
    this.table = page.getByRole('region', { name: 'Accounts table' });
    this.netWorth = page.getByRole('region', { name: 'Net worth' }).locator('p').first();
  }

  async goto(): Promise<void> {
    await this.page.goto('/accounts');
    await expect(this.heading).toBeVisible();
  }

  /** The balance shown in an account's row. */
  balance(name: string): Locator {
    return this.table
      .getByRole('row', { name: new RegExp(`^${name}\\b`) })
      .getByRole('cell')
      .nth(1);
  }

  async addAccount(name: string, type: string, openingBalance: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Add Account' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add Account' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Type').selectOption({ label: type });
    await dialog.getByLabel(/Opening balance/).fill(openingBalance);
    await dialog.getByRole('button', { name: 'Add Account' }).click();
    await expect(dialog).toBeHidden();
  }

  /** `from` and `to` as the pickers show them, e.g. "Main (Checking)". */
  async transfer(from: string, to: string, amount: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Transfer', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Transfer Between Accounts' });
    await dialog.getByLabel('From').selectOption({ label: from });
    await dialog.getByLabel('To').selectOption({ label: to });
    await dialog.getByLabel(/Amount/).fill(amount);
    await dialog.getByRole('button', { name: 'Save Transfer' }).click();
    await expect(dialog).toBeHidden();
  }
}
