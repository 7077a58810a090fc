import { expect, type Locator, type Page } from '@playwright/test';

export class SettingsPage {
  readonly heading: Locator;
  readonly deleteButton: Locator;
  readonly dialog: Locator;
  readonly yourData: Locator;
  readonly downloadDataButton: Locator;
  readonly restoreInput: Locator;
  readonly restoreDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Settings' });
    this.deleteButton = page.getByRole('button', { name: 'Delete Account' });
    this.dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    this.yourData = page.getByRole('region', { name: 'Your data' });
    this.downloadDataButton = this.yourData.getByRole('button', { name: 'Download all my data' });
    this.restoreInput = this.yourData.getByLabel('Restore from a Moneta export');
    this.restoreDialog = page.getByRole('alertdialog', { name: 'Restore this export?' });
  }

  /** Restores the zip at `path` after confirming. */
  async restore(path: string): Promise<void> {
    await this.restoreInput.setInputFiles(path);
    await this.restoreDialog.getByRole('button', { name: 'Restore' }).click();
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
