import type {
  ExtractedData,
  Receipt,
  ReceiptUploadResult,
  ReviewedReceipt,
} from '@moneta/shared/receipt-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { fakeApi, makeUser, type FakeCall } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { makeTransaction, transactionHandlers } from '@/testing/transactions';
import { DASHBOARD_REDIRECT_MS } from '../components/UploadReceiptPage';
import { SHARE_CACHE_NAME, SHARED_FILE_KEY } from '../utils/shared-file';

const PICKER = /choose a receipt/i;
const UPLOAD = 'Upload & Create Transaction';
const SURE = { merchant: 0.9, amount: 0.95, date: 0.9 };

function reading(overrides: Partial<ExtractedData> = {}): ExtractedData {
  return {
    merchant: 'Coffee Corner Cafe',
    amount: 8.37,
    category: 'Food',
    date: '2026-03-14',
    currency: 'USD',
    confidence: SURE,
    ...overrides,
  };
}

function uploadResult(extractedData: ExtractedData): ReceiptUploadResult {
  return {
    _id: 'r1',
    fileUrl: '/api/receipts/r1/file?expires=1&signature=abc',
    imageUrl: '/api/receipts/r1/image?expires=1&signature=def',
    extractedData,
    transaction: makeTransaction({
      name: extractedData.merchant,
      cost: extractedData.amount,
      addedOn: extractedData.date,
      receiptId: 'r1',
    }),
  };
}

function pastReceipt(extractedData: ExtractedData): Receipt {
  return {
    _id: 'r7',
    fileName: 'kiosk.jpg',
    mimeType: 'image/jpeg',
    sizeBytes: 40_000,
    createdAt: '2026-03-14T18:30:00.000Z',
    fileUrl: '/api/receipts/r7/file?signature=x',
    imageUrl: '/api/receipts/r7/image?signature=y',
    extractedData,
    confidence: { merchant: 0.4, total: 0.9, date: 0.9, category: 0.5 },
    transactionId: 't7',
  };
}

/** The server's answer to a review: the receipt as corrected, all fields now certain. */
function reviewed(body: unknown, id = 'r1'): ReviewedReceipt {
  const review = body as { merchant: string; amount: number; date: string; category: string };
  return {
    ...pastReceipt(reading()),
    _id: id,
    extractedData: reading({ ...review, confidence: { merchant: 1, amount: 1, date: 1 } }),
    transaction: makeTransaction({ name: review.merchant, cost: review.amount }),
  };
}

function signedIn(handlers: Parameters<typeof fakeApi>[0] = {}) {
  window.localStorage.setItem('token', 'jwt-token');
  return fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    ...transactionHandlers(),
    'GET /api/receipts': { body: [] },
    ...handlers,
  });
}

const reviews = (calls: FakeCall[]) => calls.filter((call) => call.method === 'PUT');

const pngFile = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'coffee.png', { type: 'image/png' });

/** The page's words in the language a test switched to (English by default). */
type PageWords = { title: string; picker: RegExp; upload: string };
const ENGLISH_PAGE: PageWords = { title: 'Upload Receipt', picker: PICKER, upload: UPLOAD };

async function openReceipts(path = '/receipts', words = ENGLISH_PAGE) {
  const user = userEvent.setup();
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: words.title }, { timeout: 10_000 });
  return { user, app };
}

async function uploadReceipt(
  read: ExtractedData,
  handlers: Parameters<typeof fakeApi>[0] = {},
  words = ENGLISH_PAGE,
) {
  const api = signedIn({
    'POST /api/receipts/upload': { status: 201, body: uploadResult(read) },
    ...handlers,
  });
  const opened = await openReceipts('/receipts', words);
  await opened.user.upload(screen.getByLabelText(words.picker), pngFile());
  await opened.user.click(screen.getByRole('button', { name: words.upload }));
  return { ...api, ...opened };
}

const reviewForm = () => screen.findByRole('form', { name: "Check the receipt's reading" });

beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: vi.fn(() => 'blob:preview'),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
});

describe('the review of an uploaded receipt', () => {
  it('goes on to the dashboard when every field was read with confidence', async () => {
    const { app, calls } = await uploadReceipt(reading());
    const panel = await screen.findByRole('region', { name: 'Last Upload Result' });
    expect(await within(panel).findByText('$8.37')).toBeVisible();
    expect(screen.queryByRole('form', { name: "Check the receipt's reading" })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Correct it' })).toBeVisible();
    await waitFor(() => expect(app.currentPath()).toBe('/dashboard'), { timeout: 5000 });
    expect(reviews(calls)).toHaveLength(0);
  });

  it('waits with the reading as a form, the unsure fields marked, when something is unsure', async () => {
    const { app } = await uploadReceipt(
      reading({ merchant: 'OPEN 8-22', confidence: { merchant: 0.4, amount: 0.95, date: 0 } }),
    );
    const form = await reviewForm();
    const merchant = within(form).getByLabelText('Merchant');
    expect(merchant).toHaveValue('OPEN 8-22');
    // The first field to check takes the focus (on a phone, the form is below the picker).
    await waitFor(() => expect(merchant).toHaveFocus());
    expect(merchant).toHaveAccessibleDescription('Check this — it was hard to read.');
    const date = within(form).getByLabelText('Date');
    expect(date).toHaveValue('2026-03-14');
    expect(date).toHaveAccessibleDescription("No date found — today's date was used.");
    // The amount was read with confidence: nothing to check there.
    expect(within(form).getByLabelText('Amount (USD)')).not.toHaveAccessibleDescription();
    expect(within(form).getByLabelText('Category')).toHaveValue('Food');
    expect(screen.getByText(/Some of it was hard to read: check the marked fields/)).toBeVisible();

    // Longer than the redirect of a confident reading: the page still waits.
    await new Promise((resolve) => setTimeout(resolve, DASHBOARD_REDIRECT_MS + 300));
    expect(app.currentPath()).toBe('/receipts');
  });

  it('sends the corrected fields, then opens the dashboard', async () => {
    const { user, app, calls } = await uploadReceipt(
      reading({ merchant: 'OPEN 8-22', confidence: { merchant: 0.4, amount: 0.95, date: 0.9 } }),
      { 'PUT /api/receipts/r1': ({ body }) => ({ body: reviewed(body) }) },
    );
    const form = await reviewForm();
    const merchant = within(form).getByLabelText('Merchant');
    await user.clear(merchant);
    await user.type(merchant, 'Corner Kiosk');
    await user.selectOptions(within(form).getByLabelText('Category'), 'Groceries');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(app.currentPath()).toBe('/dashboard'));
    const [put] = reviews(calls);
    expect(put?.path).toBe('/api/receipts/r1');
    expect(put?.body).toEqual({
      merchant: 'Corner Kiosk',
      amount: 8.37,
      date: '2026-03-14',
      category: 'Groceries',
    });
    expect(await screen.findByText('Expense updated: Corner Kiosk $8.37')).toBeVisible();
  });

  it('reads a corrected amount as typed ("2,95"), and refuses text it cannot read', async () => {
    const { user, app, calls } = await uploadReceipt(
      reading({ confidence: { merchant: 0.9, amount: 0.4, date: 0.9 } }),
      { 'PUT /api/receipts/r1': ({ body }) => ({ body: reviewed(body) }) },
    );
    const form = await reviewForm();
    const amount = within(form).getByLabelText('Amount (USD)');
    expect(amount).toHaveValue('8.37');
    await user.clear(amount);
    await user.type(amount, '8.3.7');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByText(/The separators are out of place/)).toBeVisible();
    expect(reviews(calls)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '2,95');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(app.currentPath()).toBe('/dashboard'));
    expect(reviews(calls)[0]?.body).toMatchObject({ amount: 2.95 });
  });

  it('confirms an unchanged reading without sending anything', async () => {
    const { user, app, calls } = await uploadReceipt(
      reading({ confidence: { merchant: 0.9, amount: 0.5, date: 0.9 } }),
    );
    const form = await reviewForm();
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(app.currentPath()).toBe('/dashboard'));
    expect(reviews(calls)).toHaveLength(0);
  });

  it("shows the server's message next to the field it refused", async () => {
    const message = 'Please enter a valid date.';
    const { user, app, calls } = await uploadReceipt(
      reading({ confidence: { merchant: 0.9, amount: 0.95, date: 0.3 } }),
      {
        'PUT /api/receipts/r1': {
          status: 400,
          body: { message, code: 'VALIDATION', errors: [{ path: 'date', message }] },
        },
      },
    );
    const form = await reviewForm();
    const amount = within(form).getByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '9.10');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));

    const date = within(form).getByLabelText('Date');
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(date).toHaveAccessibleDescription(expect.stringContaining(message) as string);
    expect(date).toHaveFocus();
    expect(reviews(calls)).toHaveLength(1);
    expect(app.currentPath()).toBe('/receipts');
  });

  it('checks the fields before sending: a merchant is required', async () => {
    const { user, calls } = await uploadReceipt(
      reading({ confidence: { merchant: 0.2, amount: 0.95, date: 0.9 } }),
    );
    const form = await reviewForm();
    await user.clear(within(form).getByLabelText('Merchant'));
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByText('Please enter the merchant.')).toBeVisible();
    expect(reviews(calls)).toHaveLength(0);
  });

  it('says in which currency the receipt was printed when it is not the user’s', async () => {
    await uploadReceipt(
      reading({ currency: 'EUR', confidence: { merchant: 0.9, amount: 0.6, date: 0.9 } }),
    );
    const form = await reviewForm();
    // The expense is in the receipt's currency; totals convert it (docs/currencies.md).
    expect(within(form).getByLabelText('Amount (EUR)')).toHaveAccessibleDescription(
      expect.stringContaining(
        'The receipt is in EUR: so is the expense. Totals show it in USD at the rate of its day.',
      ) as string,
    );
  });

  it('lets a confident reading be corrected before the dashboard opens', async () => {
    const { user, app } = await uploadReceipt(reading());
    await user.click(await screen.findByRole('button', { name: 'Correct it' }));
    const form = await reviewForm();
    // The button pressed is gone: the focus goes to the form's first field.
    await waitFor(() => expect(within(form).getByLabelText('Merchant')).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, DASHBOARD_REDIRECT_MS + 300));
    expect(app.currentPath()).toBe('/receipts');
  });
});

describe('correcting a past receipt', () => {
  it('opens its reading in a dialog and saves the correction', async () => {
    const { calls } = signedIn({
      'GET /api/receipts': {
        body: [pastReceipt(reading({ confidence: { merchant: 0.4, amount: 0.9, date: 0.9 } }))],
      },
      'PUT /api/receipts/r7': ({ body }) => ({ body: reviewed(body, 'r7') }),
    });
    const { user } = await openReceipts();
    await user.click(
      await screen.findByRole('button', { name: 'Correct the reading of Coffee Corner Cafe' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Correct the receipt' });
    // The receipt itself, to check the reading against, named and opening full size.
    const image = within(dialog).getByRole('img', {
      name: 'The receipt from Coffee Corner Cafe (opens full size in a new tab)',
    });
    expect(image).toHaveAttribute('src', '/api/receipts/r7/image?signature=y');
    expect(image.closest('a')).toHaveAttribute('href', '/api/receipts/r7/file?signature=x');
    expect(
      within(dialog).getByRole('link', { name: 'Open full size (opens in a new tab)' }),
    ).toHaveAttribute('target', '_blank');
    const merchant = within(dialog).getByLabelText('Merchant');
    expect(merchant).toHaveAccessibleDescription('Check this — it was hard to read.');
    await user.clear(merchant);
    await user.type(merchant, 'Corner Kiosk');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reviews(calls)[0]?.body).toMatchObject({ merchant: 'Corner Kiosk', category: 'Food' });
    expect(await screen.findByText('Expense updated: Corner Kiosk $8.37')).toBeVisible();
  });

  it('shows a PDF receipt as its first page, with a link to the whole PDF', async () => {
    signedIn({
      'GET /api/receipts': {
        body: [{ ...pastReceipt(reading()), fileName: 'invoice.pdf', mimeType: 'application/pdf' }],
      },
    });
    const { user } = await openReceipts();
    await user.click(
      await screen.findByRole('button', { name: 'Correct the reading of Coffee Corner Cafe' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Correct the receipt' });
    expect(
      within(dialog).getByRole('img', {
        name: 'Page 1 of the receipt from Coffee Corner Cafe (opens the PDF in a new tab)',
      }),
    ).toHaveAttribute('src', '/api/receipts/r7/image?signature=y');
    expect(within(dialog).getByText('invoice.pdf — page 1 shown')).toBeVisible();
    expect(
      within(dialog).getByRole('link', { name: 'Open the PDF (opens in a new tab)' }),
    ).toHaveAttribute('href', '/api/receipts/r7/file?signature=x');
  });
});

describe('Take photo', () => {
  function pointer(isCoarse: boolean) {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(pointer: coarse)' ? isCoarse : false,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
  }

  it('offers the back camera on a touch screen, and takes its photo as the receipt', async () => {
    pointer(true);
    signedIn();
    const { user } = await openReceipts();
    const camera = screen.getByLabelText('Take photo');
    expect(camera).toHaveAttribute('type', 'file');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');
    await user.upload(camera, pngFile());
    expect(screen.getByText('coffee.png')).toBeVisible();
    expect(screen.getByRole('button', { name: UPLOAD })).toBeEnabled();
  });

  it('is not offered with a mouse', async () => {
    pointer(false);
    signedIn();
    await openReceipts();
    expect(screen.queryByLabelText('Take photo')).toBeNull();
  });
});

describe('a file shared from another app', () => {
  function sharedCache(file: { bytes: Uint8Array<ArrayBuffer>; type: string } | null) {
    const entries = new Map<string, Response>();
    if (file) {
      entries.set(
        SHARED_FILE_KEY,
        new Response(file.bytes, {
          headers: { 'Content-Type': file.type, 'X-File-Name': 'Kassenbon%20M%C3%BCller.jpg' },
        }),
      );
    }
    const cache = {
      match: vi.fn(async (key: string) => entries.get(key)),
      delete: vi.fn(async (key: string) => entries.delete(key)),
    };
    vi.stubGlobal('caches', { open: vi.fn(async () => cache) });
    return { cache, entries };
  }

  it('is chosen on ?shared=1, ready to upload, and the flag leaves the address', async () => {
    const { entries } = sharedCache({ bytes: new Uint8Array([255, 216, 255]), type: 'image/jpeg' });
    signedIn();
    const { app } = await openReceipts('/receipts?shared=1');
    expect(await screen.findByText('Kassenbon Müller.jpg')).toBeVisible();
    expect(screen.getByRole('button', { name: UPLOAD })).toHaveFocus();
    expect(entries.has(SHARED_FILE_KEY)).toBe(false);
    await waitFor(() => expect(app.currentSearch()).toBe(''));
    expect(vi.mocked(caches.open)).toHaveBeenCalledWith(SHARE_CACHE_NAME);
  });

  it('says so when the shared file is gone', async () => {
    sharedCache(null);
    signedIn();
    await openReceipts('/receipts?shared=1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The shared file could not be found.',
    );
  });
});

describe("the review's messages in the user's language", () => {
  const GERMAN_PAGE: PageWords = {
    title: 'Beleg hochladen',
    picker: /Beleg auswählen/,
    upload: 'Hochladen & Buchung erstellen',
  };
  const JAPANESE_PAGE: PageWords = {
    title: 'レシートをアップロード',
    picker: /レシートを選択/,
    upload: 'アップロードして取引を作成',
  };
  const unsureDate = reading({ confidence: { merchant: 0.9, amount: 0.95, date: 0.3 } });

  it("says the server's field problems in German: a known text, and one by its code", async () => {
    await changeLocale('de-DE');
    const dateMessage = 'Please enter a valid date (YYYY-MM-DD).';
    const merchantMessage = 'merchant must be at most 100 characters long.';
    const { user } = await uploadReceipt(
      unsureDate,
      {
        'PUT /api/receipts/r1': {
          status: 400,
          body: {
            message: dateMessage,
            code: 'VALIDATION',
            errors: [
              { path: 'date', message: dateMessage, code: 'custom' },
              {
                path: 'merchant',
                message: merchantMessage,
                code: 'too_big',
                params: { maximum: 100, origin: 'string', inclusive: true },
              },
            ],
          },
        },
      },
      GERMAN_PAGE,
    );
    const form = await screen.findByRole('form', { name: 'Erkennung des Belegs prüfen' });
    const amount = within(form).getByLabelText('Betrag (USD)');
    await user.clear(amount);
    await user.type(amount, '9,10');
    await user.click(within(form).getByRole('button', { name: 'Bestätigen' }));

    const date = within(form).getByLabelText('Datum');
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(date).toHaveAccessibleDescription(
      expect.stringContaining('Bitte gib ein gültiges Datum ein.') as string,
    );
    expect(within(form).getByLabelText('Händler')).toHaveAccessibleDescription(
      'Gib höchstens 100 Zeichen ein.',
    );
    expect(form).not.toHaveTextContent(dateMessage);
    expect(form).not.toHaveTextContent(merchantMessage);
  });

  it('says an English-only field problem of an older server generically, in Japanese', async () => {
    await changeLocale('ja-JP');
    const message = 'The date is in a closed period.';
    const { user, calls } = await uploadReceipt(
      unsureDate,
      {
        'PUT /api/receipts/r1': {
          status: 400,
          body: { message, code: 'VALIDATION', errors: [{ path: 'date', message }] },
        },
      },
      JAPANESE_PAGE,
    );
    const form = await screen.findByRole('form', { name: 'レシートの読み取り結果を確認' });
    // The form's own check first: a merchant is required, said in Japanese.
    const merchant = within(form).getByLabelText('店名');
    await user.clear(merchant);
    await user.click(within(form).getByRole('button', { name: '確定' }));
    expect(await within(form).findByText('店名を入力してください。')).toBeVisible();
    expect(reviews(calls)).toHaveLength(0);

    await user.type(merchant, 'Kissa');
    await user.click(within(form).getByRole('button', { name: '確定' }));
    const date = within(form).getByLabelText('日付');
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(date).toHaveAccessibleDescription(
      expect.stringContaining('この値を確認してください。') as string,
    );
    expect(form).not.toHaveTextContent(message);
  });
});
