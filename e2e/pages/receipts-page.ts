import { expect, type Locator, type Page } from '@playwright/test';

export type ReceiptFile = { name: string; mimeType: string; buffer: Buffer };

/** The Upload Receipt screen: the picker, the upload button, the result and past receipts. */
export class ReceiptsPage {
  readonly heading: Locator;
  readonly picker: Locator;
  readonly uploadButton: Locator;
  /** The account the receipt's expense is charged to. */
  readonly account: Locator;
  readonly processingButton: Locator;
  readonly error: Locator;
  readonly preview: Locator;
  readonly resultPanel: Locator;
  readonly placeholder: Locator;
  readonly pastReceipts: Locator;
  /** The reading as a form, when it waits to be checked (docs/receipts.md). */
  readonly reviewForm: Locator;
  readonly merchant: Locator;
  readonly amount: Locator;
  readonly date: Locator;
  readonly category: Locator;
  readonly confirmButton: Locator;
  readonly correctItButton: Locator;
  /** The camera input, offered on touch screens only. */
  readonly takePhoto: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Upload Receipt' });
    this.picker = page.getByLabel(/choose a receipt/i);
    this.uploadButton = page.getByRole('button', { name: 'Upload & Create Transaction' });
    this.account = page.getByRole('combobox', { name: 'Charge to account' });
    this.processingButton = page.getByRole('button', { name: 'Processing...' });
    this.error = page.getByRole('form', { name: 'Upload a receipt' }).getByRole('alert');
    this.preview = page.getByRole('img', { name: 'Preview of the chosen receipt' });
    this.resultPanel = page.getByRole('region', { name: 'Last Upload Result' });
    this.placeholder = page.getByText('Upload a receipt to see the extracted data here.');
    this.pastReceipts = page.getByRole('region', { name: 'Past Receipts' });
    this.reviewForm = page.getByRole('form', { name: "Check the receipt's reading" });
    this.merchant = this.reviewForm.getByLabel('Merchant');
    this.amount = this.reviewForm.getByLabel(/^Amount/);
    this.date = this.reviewForm.getByLabel('Date');
    this.category = this.reviewForm.getByLabel('Category');
    this.confirmButton = this.reviewForm.getByRole('button', { name: 'Confirm' });
    this.correctItButton = this.resultPanel.getByRole('button', { name: 'Correct it' });
    this.takePhoto = page.getByLabel('Take photo');
  }

  async goto(): Promise<void> {
    await this.page.goto('/receipts');
    await expect(this.heading).toBeVisible();
  }

  async choose(file: ReceiptFile): Promise<void> {
    await this.picker.setInputFiles(file);
  }

  async upload(file: ReceiptFile): Promise<void> {
    await this.choose(file);
    await this.uploadButton.click();
  }

  /** One receipt of the Past Receipts list, found by text it shows (merchant, amount). */
  pastReceipt(text: string | RegExp): Locator {
    return this.pastReceipts.getByRole('listitem').filter({ hasText: text });
  }
}
