import { expect, type Locator, type Page } from '@playwright/test';

export type FormValues = {
  name?: string;
  category?: string;
  amount?: string;
  date?: string;
  note?: string;
};

/** The add/edit transaction dialog. */
export class TransactionForm {
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    title: string | RegExp = /^(Add|Edit) (Expense|Income)$/,
  ) {
    this.dialog = page.getByRole('dialog', { name: title });
  }

  field(label: string | RegExp): Locator {
    return this.dialog.getByLabel(label);
  }

  async fill(values: FormValues): Promise<void> {
    if (values.name !== undefined) await this.field(/^Name/).fill(values.name);
    if (values.category !== undefined) {
      await this.field('Category').selectOption(values.category);
    }
    if (values.amount !== undefined) await this.field(/^Amount/).fill(values.amount);
    if (values.date !== undefined) await this.field('Date').fill(values.date);
    if (values.note !== undefined) await this.field('Note (optional)').fill(values.note);
  }

  async submit(): Promise<void> {
    await this.dialog.getByRole('button', { name: /^Save/ }).click();
  }

  async switchTo(mode: 'Income' | 'Expense'): Promise<void> {
    await this.dialog.getByRole('button', { name: `Add ${mode}` }).click();
    await expect(this.page.getByRole('dialog', { name: `Add ${mode}` })).toBeVisible();
  }
}
