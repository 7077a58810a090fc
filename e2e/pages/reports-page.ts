import { expect, type Locator, type Page } from '@playwright/test';

/** The Reports page: the range, interval and account controls, and one section per report. */
export class ReportsPage {
  readonly heading: Locator;
  readonly period: Locator;
  readonly interval: Locator;
  readonly rangeShown: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Reports' });
    this.period = page.getByRole('combobox', { name: 'Period' });
    this.interval = page.getByRole('combobox', { name: 'Interval' });
    this.rangeShown = page.getByTestId('report-range');
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/reports${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** A report's section, by its title: "Cash flow", "Spending by category", … */
  section(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  /** The rows of a report's table. */
  rows(title: string): Locator {
    return this.section(title).getByRole('table').getByRole('row');
  }

  /** A row of a report's table, by the name it starts with ("Oct 2026", "Food", "Total"). */
  row(title: string, name: string): Locator {
    return this.section(title)
      .getByRole('table')
      .getByRole('row', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) });
  }

  /** Waits for every report to have answered (no section busy). */
  async settle(): Promise<void> {
    await expect(this.page.locator('[aria-busy="true"]')).toHaveCount(0);
  }
}
