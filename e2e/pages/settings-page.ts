import { expect, type Locator, type Page } from '@playwright/test';

export class SettingsPage {
  readonly heading: Locator;
  readonly deleteButton: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Settings' });
    this.deleteButton = page.getByRole('button', { name: 'Delete Account' });
    this.dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings');
    await expect(this.heading).toBeVisible();
  }

  async deleteAccount(): Promise<void> {
    await this.deleteButton.click();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByRole('button', { name: 'Delete Account' }).click();
  }
}
