import { expect, type Locator, type Page } from '@playwright/test';
import { TransactionForm } from './transaction-form';

/** The Dashboard: summary cards, charts and the recent transactions. */
export class DashboardPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly recent: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Dashboard Overview' });
    this.addButton = page.getByRole('button', { name: 'Add Transaction' });
    this.recent = page.getByRole('region', { name: 'Recent Transactions' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard');
    await expect(this.heading).toBeVisible();
  }

  /** A summary card (Total Income, Total Expense, Current Balance): amount and captions. */
  cardItem(title: string): Locator {
    return this.page
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  /** The amount shown on a summary card. */
  card(title: string): Locator {
    return this.cardItem(title).getByTestId('summary-amount');
  }

  /** The period picker's select ("Last month", "All time", …). */
  get period(): Locator {
    return this.page.getByRole('combobox', { name: 'Period' });
  }

  async choosePeriod(label: string): Promise<void> {
    await this.period.selectOption({ label });
  }

  chartCard(title: string): Locator {
    return this.page.getByRole('region', { name: title });
  }

  /**
   * A chart's canvas, found by its accessible role (it carries the chart's summary). A chart is
   * drawn once it comes into view, so its card is scrolled to first, as a user would.
   */
  async chart(title: string): Promise<Locator> {
    const card = this.chartCard(title);
    await card.scrollIntoViewIfNeeded();
    return card.getByRole('img');
  }

  /** The doughnut of expenses by category. */
  doughnut(): Promise<Locator> {
    return this.chart('Expenses by Category');
  }

  async openAddForm(): Promise<TransactionForm> {
    await this.addButton.click();
    const form = new TransactionForm(this.page, 'Add Expense');
    await expect(form.dialog).toBeVisible();
    return form;
  }
}
