import { expect, type Locator, type Page } from '@playwright/test';

/** The Import screen: the upload form, the preview of a file (mapping, counts, rows), history. */
export class ImportPage {
  readonly heading: Locator;
  readonly uploadForm: Locator;
  readonly history: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Import' });
    this.uploadForm = page.getByRole('form', { name: 'Upload a bank file' });
    this.history = page.getByRole('list', { name: 'Imports' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/import');
    // The page's chunk may take a while to arrive on a busy machine.
    await expect(this.heading).toBeVisible({ timeout: 20_000 });
  }

  /** Uploads a file from disk and waits for its preview. */
  async upload(path: string, fileName: string): Promise<Locator> {
    await this.uploadForm.getByLabel(/Choose a bank file/).setInputFiles(path);
    await this.uploadForm.getByRole('button', { name: 'Upload and preview' }).click();
    const preview = this.preview(fileName);
    await expect(preview).toBeVisible({ timeout: 20_000 });
    return preview;
  }

  preview(fileName: string): Locator {
    return this.page.getByRole('region', { name: `Preview of ${fileName}` });
  }

  /** "New 8 Duplicates 0 Problems 0", as the counts read. */
  counts(preview: Locator): Locator {
    return preview.getByLabel('Rows by status');
  }

  rowsTable(preview: Locator): Locator {
    return preview.getByRole('table', { name: 'Rows of the file' });
  }

  /** The table row showing a payee. */
  row(preview: Locator, name: string): Locator {
    return this.rowsTable(preview).locator('tbody tr').filter({ hasText: name });
  }

  async commit(preview: Locator, count: number): Promise<void> {
    const label = `Import ${count} transaction${count === 1 ? '' : 's'}`;
    await preview.getByRole('button', { name: label }).click();
    await expect(preview).toBeHidden({ timeout: 20_000 });
  }
}
