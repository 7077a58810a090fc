import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { ReceiptsPage, type ReceiptFile } from './pages/receipts-page';
import { TransactionsPage } from './pages/transactions-page';
import { createUser, signInWithToken } from './support/users';

/**
 * A real receipt: a dim phone photo from a German shop, whose photo ends before the date (the
 * world development set, beside the repository as `../shared`, as in CI).
 */
const RECEIPT_PATH = fileURLToPath(
  new URL('../../shared/receipts/world-dev/img/de-akzenta-1.jpg', import.meta.url),
);

async function receiptFile(): Promise<ReceiptFile> {
  return { name: 'akzenta.jpg', mimeType: 'image/jpeg', buffer: await readFile(RECEIPT_PATH) };
}

/** The same JPEG picture in another file: a comment segment (FF FE) right after SOI. */
async function anotherFileOf(file: ReceiptFile): Promise<ReceiptFile> {
  const comment = Buffer.from('second photo');
  const segment = Buffer.from([0xff, 0xfe, 0x00, comment.length + 2]);
  return {
    ...file,
    buffer: Buffer.concat([file.buffer.subarray(0, 2), segment, comment, file.buffer.subarray(2)]),
  };
}

test('an unsure reading waits to be corrected, and the shop is remembered', async ({
  page,
  request,
}) => {
  // Two OCR readings, the first of which also starts the OCR workers.
  test.setTimeout(180_000);
  const user = await createUser(request, { label: 'receipt-review' });
  await signInWithToken(page, user.token);
  const receipts = new ReceiptsPage(page);
  await receipts.goto();

  // The shop's name is only a small logo and the date is cut off: the reading is unsure, so
  // the page shows it as a form and waits.
  await receipts.upload(await receiptFile());
  await expect(receipts.reviewForm).toBeVisible({ timeout: 90_000 });
  await expect(receipts.amount).toHaveValue('5.18');
  await expect(receipts.date).toHaveAccessibleDescription("No date found — today's date was used.");
  await expect(receipts.amount).toHaveAccessibleDescription(
    // The expense is in the receipt's currency; totals convert it at its day's rate.
    'The receipt is in EUR: so is the expense. Totals show it in USD at the rate of its day.',
  );
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious.map((violation) => violation.id)).toEqual([]);
  await page.waitForTimeout(2_000);
  await expect(page).toHaveURL(/\/receipts$/);

  await receipts.merchant.fill('Akzenta Dortmund');
  await receipts.category.selectOption('Groceries');
  await receipts.confirmButton.click();
  await new AppShell(page).expectDashboard();
  await expect(page.getByText('Expense updated: Akzenta Dortmund €5.18')).toBeVisible();

  const transactions = new TransactionsPage(page);
  await transactions.goto();
  const expense = transactions.row('Akzenta Dortmund');
  await expect(expense).toHaveCount(1);
  await expect(expense).toContainText('€5.18');
  await expect(expense).toContainText('Groceries');

  // Another receipt of the same shop: Moneta now knows its name and category. (The same file
  // twice is refused as a duplicate, so this one is the same picture in another file: a JPEG
  // comment segment after the start marker changes the bytes, not the image.)
  await receipts.goto();
  await receipts.upload(await anotherFileOf(await receiptFile()));
  await expect(receipts.reviewForm).toBeVisible({ timeout: 90_000 });
  await expect(receipts.merchant).toHaveValue('Akzenta Dortmund');
  await expect(receipts.merchant).not.toHaveAccessibleDescription(/Check this/);
  await expect(receipts.category).toHaveValue('Groceries');
  await expect(receipts.pastReceipts.getByRole('listitem')).toHaveCount(2);
});

test('a past receipt can be corrected, and its expense changes with it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createUser(request, { label: 'receipt-correct' });
  await signInWithToken(page, user.token);
  const receipts = new ReceiptsPage(page);
  await receipts.goto();
  await receipts.upload(await receiptFile());
  await expect(receipts.reviewForm).toBeVisible({ timeout: 90_000 });

  await receipts.goto();
  const past = receipts.pastReceipt('€5.18');
  await past.getByRole('button', { name: /^Correct/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct the receipt' });
  // The receipt itself is shown to check the reading against, through its signed URL.
  const picture = dialog.getByRole('img', { name: /^The receipt from / });
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
    0,
  );
  await expect(dialog.getByRole('link', { name: /^Open full size/ })).toHaveAttribute(
    'href',
    /\/api\/receipts\/.+\/file\?expires=/,
  );
  await dialog.getByLabel(/^Amount/).fill('5.81');
  await dialog.getByLabel('Date').fill('2024-05-17');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(receipts.pastReceipt('€5.81')).toContainText('May 17, 2024');

  const transactions = new TransactionsPage(page);
  await transactions.goto();
  await expect(transactions.rows).toHaveCount(1);
  await expect(transactions.rows.first()).toContainText('€5.81');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('Take photo gives the camera, and the review form fits the screen', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await createUser(request, { label: 'receipt-phone' });
    await signInWithToken(page, user.token);
    const receipts = new ReceiptsPage(page);
    await receipts.goto();

    await expect(receipts.takePhoto).toHaveAttribute('capture', 'environment');
    await expect(receipts.takePhoto).toHaveAttribute('accept', 'image/*');
    await receipts.takePhoto.setInputFiles(await receiptFile());
    await expect(page.getByText('akzenta.jpg')).toBeVisible();
    await receipts.uploadButton.click();

    await expect(receipts.reviewForm).toBeVisible({ timeout: 90_000 });
    await expect(receipts.confirmButton).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
  });
});

test('Take photo is not offered with a mouse', async ({ page, request }) => {
  const user = await createUser(request, { label: 'receipt-desktop' });
  await signInWithToken(page, user.token);
  const receipts = new ReceiptsPage(page);
  await receipts.goto();
  await expect(receipts.picker).toBeVisible();
  await expect(receipts.takePhoto).toHaveCount(0);
});
