import { expect, type Locator, type Page } from '@playwright/test';
import { chooseRowAction } from '../support/row-actions';

/** The Budgets screen: the month picker, the table, the Add/Edit Budget and delete dialogs. */
export class BudgetsPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly table: Locator;
  readonly emptyMessage: Locator;
  readonly formDialog: Locator;
  readonly deleteDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Budgets' });
    this.addButton = page.getByRole('button', { name: 'Add Budget' });
    this.table = page.getByRole('table');
    this.emptyMessage = page.getByText('No budgets found.');
    this.formDialog = page.getByRole('dialog');
    this.deleteDialog = page.getByRole('alertdialog', { name: 'Delete budget?' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/budgets');
    await expect(this.heading).toBeVisible();
  }

  row(category: string): Locator {
    return this.table.getByRole('row').filter({ hasText: category });
  }

  progress(category: string): Locator {
    return this.page.getByRole('progressbar', { name: `${category} budget used` });
  }

  /** Fills the open Add Budget / Edit Budget dialog and saves it. */
  async fillAndSave({ category, amount }: { category?: string; amount: string }): Promise<void> {
    if (category) await this.formDialog.getByLabel('Category').selectOption(category);
    await this.formDialog.getByLabel('Amount').fill(amount);
    await this.formDialog.getByRole('button', { name: 'Save' }).click();
  }

  async add(budget: { category: string; amount: string }): Promise<void> {
    await this.addButton.click();
    await expect(this.formDialog).toHaveAccessibleName('Add Budget');
    await this.fillAndSave(budget);
  }

  async delete(category: string): Promise<void> {
    await chooseRowAction(this.row(category), `the ${category} budget`, 'Delete');
    await expect(this.deleteDialog).toBeVisible();
    await this.deleteDialog.getByRole('button', { name: 'Delete' }).click();
  }
}
