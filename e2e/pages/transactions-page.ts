import { expect, type Locator, type Page } from '@playwright/test';
import { TransactionForm } from './transaction-form';
import { chooseRowAction } from '../support/row-actions';

/** The Transactions screen: toolbar, filter bar, table, pager and dialogs. */
export class TransactionsPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly exportButton: Locator;
  readonly manageCategoriesButton: Locator;
  readonly bulkDeleteButton: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly empty: Locator;
  readonly search: Locator;
  readonly type: Locator;
  readonly category: Locator;
  readonly from: Locator;
  readonly to: Locator;
  readonly clearFilters: Locator;
  readonly pageStatus: Locator;
  readonly confirmDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Transactions' });
    this.addButton = page.getByRole('button', { name: 'Add Transaction' });
    this.exportButton = page.getByRole('button', { name: 'Export to CSV' });
    this.manageCategoriesButton = page.getByRole('button', { name: 'Manage Categories' });
    this.bulkDeleteButton = page.getByRole('button', { name: /^Delete \(\d+\)$/ });
    this.table = page.getByRole('table');
    this.rows = this.table.locator('tbody tr');
    this.empty = page.getByText('No Transaction done.');
    this.search = page.getByRole('searchbox', { name: 'Search' });
    this.type = page.getByLabel('Type', { exact: true });
    this.category = page.getByRole('main').getByLabel('Category', { exact: true });
    this.from = page.getByLabel('From', { exact: true });
    this.to = page.getByLabel('To', { exact: true });
    this.clearFilters = page.getByRole('button', { name: 'Clear Filters' });
    this.pageStatus = page.getByText(/^Page \d+ of \d+$/);
    this.confirmDialog = page.getByRole('alertdialog');
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/transactions${query}`);
    await expect(this.heading).toBeVisible();
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('rowheader', { name, exact: false }) });
  }

  /** The names shown in the table, top to bottom. */
  async names(): Promise<string[]> {
    const cells = await this.table.locator('tbody th span.truncate').allTextContents();
    return cells.map((cell) => cell.trim());
  }

  chip(label: string): Locator {
    return this.page.getByRole('button', { name: `Remove filter ${label}` });
  }

  async openAddForm(): Promise<TransactionForm> {
    await this.addButton.click();
    const form = new TransactionForm(this.page, 'Add Expense');
    await expect(form.dialog).toBeVisible();
    return form;
  }

  async openEditForm(name: string): Promise<TransactionForm> {
    await chooseRowAction(this.page, name, 'Edit');
    const form = new TransactionForm(this.page, /^Edit (Expense|Income)$/);
    await expect(form.dialog).toBeVisible();
    return form;
  }

  async deleteRow(name: string): Promise<void> {
    await chooseRowAction(this.page, name, 'Delete');
    await expect(this.confirmDialog).toBeVisible();
    await this.confirmDialog.getByRole('button', { name: 'Delete' }).click();
    await expect(this.confirmDialog).toBeHidden();
  }

  async select(name: string): Promise<void> {
    await this.page.getByRole('checkbox', { name: `Select ${name}`, exact: true }).check();
  }
}
