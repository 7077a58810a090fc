import { expect, type Locator, type Page } from '@playwright/test';
import { chooseRowAction } from '../support/row-actions';

export type RecurringFields = {
  name?: string;
  category?: string;
  amount?: string;
  startDate?: string;
  frequency?: 'daily' | 'weekly' | 'monthly' | 'annually';
  isIncome?: boolean;
};

/** The Recurring Transactions screen: the table, the add/edit form and the delete dialog. */
export class RecurringPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly table: Locator;
  readonly emptyMessage: Locator;
  readonly formDialog: Locator;
  readonly deleteDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Recurring Transactions' });
    this.addButton = page.getByRole('button', { name: 'Add Recurring' });
    this.table = page.getByRole('table');
    this.emptyMessage = page.getByText('No recurring transactions.');
    this.formDialog = page.getByRole('dialog');
    this.deleteDialog = page.getByRole('alertdialog', { name: 'Delete recurring transaction?' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/recurring-transactions');
    await expect(this.heading).toBeVisible();
  }

  row(name: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  async fillAndSave(fields: RecurringFields): Promise<void> {
    const form = this.formDialog;
    if (fields.name !== undefined) await form.getByLabel('Name').fill(fields.name);
    if (fields.category) await form.getByLabel('Category').selectOption(fields.category);
    if (fields.amount !== undefined) await form.getByLabel('Amount').fill(fields.amount);
    if (fields.startDate) await form.getByLabel('Start Date').fill(fields.startDate);
    if (fields.frequency) await form.getByLabel('Frequency').selectOption(fields.frequency);
    if (fields.isIncome !== undefined) {
      await form.getByRole('checkbox', { name: 'Income' }).setChecked(fields.isIncome);
    }
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
  }

  async add(fields: RecurringFields): Promise<void> {
    await this.addButton.click();
    await expect(this.formDialog).toHaveAccessibleName('Add Recurring Transaction');
    await this.fillAndSave(fields);
  }

  async edit(name: string, fields: RecurringFields): Promise<void> {
    await chooseRowAction(this.row(name), name, 'Edit');
    await expect(this.formDialog).toHaveAccessibleName('Edit Recurring Transaction');
    await this.fillAndSave(fields);
  }

  async delete(name: string): Promise<void> {
    await chooseRowAction(this.row(name), name, 'Delete');
    await expect(this.deleteDialog).toBeVisible();
    await this.deleteDialog.getByRole('button', { name: 'Delete' }).click();
  }
}
