import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { DashboardPage } from './pages/dashboard-page';
import { ReceiptsPage } from './pages/receipts-page';
import { printReceiptPdf, renderReceiptPng } from './support/receipt-image';
import { createUser, signInWithToken } from './support/users';

const COFFEE_RECEIPT = [
  'COFFEE CORNER CAFE',
  '12 Main Street',
  'Springfield',
  'Date: 03/14/2026',
  '',
  'Latte            4.50',
  'Croissant        3.25',
  'Subtotal         7.75',
  'Tax              0.62',
  'TOTAL           $8.37',
  '',
  'Thank you!',
];

async function openReceipts(page: Page, request: Parameters<typeof createUser>[0], label: string) {
  const user = await createUser(request, { label });
  await signInWithToken(page, user.token);
  const receipts = new ReceiptsPage(page);
  await receipts.goto();
  return receipts;
}

test('a receipt image becomes an expense on the dashboard and stays in the list', async ({
  page,
  request,
}) => {
  // The first upload also starts the OCR workers, which takes a few seconds.
  test.setTimeout(120_000);
  const receipts = await openReceipts(page, request, 'receipts');
  await expect(receipts.placeholder).toBeVisible();
  await expect(receipts.pastReceipts).toContainText('No receipts yet.');

  const png = await renderReceiptPng(page, COFFEE_RECEIPT);
  await receipts.choose({ name: 'coffee-corner.png', mimeType: 'image/png', buffer: png });
  await expect(receipts.preview).toBeVisible();
  await expect(receipts.page.getByText('coffee-corner.png')).toBeVisible();

  await receipts.uploadButton.click();
  await expect(receipts.processingButton).toBeDisabled();
  await expect(receipts.picker).toBeDisabled();

  // The result shows while the success toast confirms, then the dashboard opens.
  await expect(receipts.resultPanel).toContainText('$8.37', { timeout: 60_000 });
  await expect(receipts.resultPanel.getByRole('img')).toHaveJSProperty('complete', true);
  await expect(page.getByText(/Receipt read: .+ \$8\.37/)).toBeVisible();
  const shell = new AppShell(page);
  await shell.expectDashboard();
  const dashboard = new DashboardPage(page);
  await expect(dashboard.recent).toContainText('-$8.37');
  // The receipt is dated in March: outside the dashboard's default period (the last 30 days).
  await dashboard.choosePeriod('All time');
  await expect(dashboard.card('Total Expense')).toHaveText('$8.37');

  await receipts.goto();
  const receipt = receipts.pastReceipt('$8.37');
  await expect(receipt).toHaveCount(1);
  await expect(receipt).toContainText('coffee-corner.png');
  // The thumbnail comes through the signed URL, without the bearer token.
  const thumbnail = receipt.locator('img');
  await expect(thumbnail).toHaveJSProperty('complete', true);
  expect(await thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(720);
  await expect(receipt.getByRole('link', { name: /open file/i })).toHaveAttribute(
    'href',
    /^\/api\/receipts\/.+\/file\?/,
  );

  // The expense link opens the Transactions page searching for it.
  await receipt.getByRole('link', { name: /view expense/i }).click();
  await expect(page).toHaveURL(/\/transactions\?q=/);
  await expect(page.getByRole('region', { name: 'Transactions table' })).toContainText('$8.37');
});

test('a PDF receipt is read from its text and shown by its first page', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  const receipts = await openReceipts(page, request, 'receipts-pdf');
  const pdf = await printReceiptPdf(context, COFFEE_RECEIPT);
  await receipts.choose({ name: 'coffee-corner.pdf', mimeType: 'application/pdf', buffer: pdf });
  await receipts.uploadButton.click();

  await expect(receipts.resultPanel).toContainText('$8.37', { timeout: 60_000 });
  await expect(receipts.resultPanel).toContainText('COFFEE CORNER CAFE');
  // The picture is the server's rendering of page 1: an upright page, loaded without a token.
  // It is checked in the list once the dashboard has opened: the result panel shows only until
  // then, too short a time to wait for an image on a busy machine.
  await new AppShell(page).expectDashboard();
  await receipts.goto();
  const picture = receipts.pastReceipt('$8.37').locator('img');
  await expect(picture).toHaveJSProperty('complete', true);
  const size = await picture.evaluate((image: HTMLImageElement) => ({
    width: image.naturalWidth,
    height: image.naturalHeight,
  }));
  expect(size.height).toBeGreaterThan(size.width);
  expect(size.width).toBeGreaterThan(100);
});

test('a receipt is charged to the account picked, which is offered again next time', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  const user = await createUser(request, { label: 'receipts-account' });
  const headers = { Authorization: `Bearer ${user.token}` };
  const created = await request.post('/api/accounts', {
    headers,
    data: { name: 'Visa', type: 'credit' },
  });
  expect(created.status()).toBe(201);
  const visa = (await created.json()) as { _id: string };
  await signInWithToken(page, user.token);
  const receipts = new ReceiptsPage(page);
  await receipts.goto();
  await expect(receipts.account).toHaveValue(/.+/);
  await receipts.account.selectOption({ label: 'Visa (Credit card)' });
  const pdf = await printReceiptPdf(context, COFFEE_RECEIPT);
  await receipts.upload({ name: 'coffee-corner.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(receipts.resultPanel).toContainText('$8.37', { timeout: 60_000 });

  const inVisa = await request.get(`/api/transactions?accountId=${visa._id}`, { headers });
  expect(((await inVisa.json()) as { transactions: { cost: number }[] }).transactions).toEqual([
    expect.objectContaining({ cost: 8.37 }),
  ]);
  await receipts.goto();
  await expect(receipts.account).toHaveValue(visa._id);
});

test('uploading without a file asks for one and sends nothing', async ({ page, request }) => {
  const receipts = await openReceipts(page, request, 'receipts-none');
  const uploads: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/receipts/upload')) uploads.push(sent.url());
  });
  await receipts.uploadButton.click();
  await expect(receipts.error).toHaveText('Please select a file to upload.');
  expect(uploads).toEqual([]);
});

test("a text file named .png gets the server's explanation", async ({ page, request }) => {
  const receipts = await openReceipts(page, request, 'receipts-text');
  await receipts.upload({
    name: 'not-a-receipt.png',
    mimeType: 'image/png',
    buffer: Buffer.from('This is plain text pretending to be a picture.\n'),
  });
  await expect(receipts.error).toHaveText('Only JPG, PNG and PDF receipts can be read.');
  await expect(receipts.uploadButton).toBeEnabled();
  await expect(receipts.placeholder).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test('/receipts has no serious accessibility violations', async ({ page, request }) => {
      const receipts = await openReceipts(page, request, `receipts-a11y-${theme}`);
      await expect(receipts.pastReceipts).toContainText('No receipts yet.');
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      // With a file chosen and an error shown, so those states are checked too.
      await receipts.uploadButton.click();
      await expect(receipts.error).toBeVisible();
      await receipts.choose({
        name: 'receipt.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n'),
      });
      await expect(receipts.page.getByText('receipt.pdf')).toBeVisible();

      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          id: violation.id,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        }));
      expect(serious).toEqual([]);
    });
  });
}
