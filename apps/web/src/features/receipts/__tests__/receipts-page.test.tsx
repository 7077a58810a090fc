import {
  RECEIPT_MESSAGES,
  type Receipt,
  type ReceiptUploadResult,
} from '@moneta/shared/receipt-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n/i18n';
import { makeAccount, mainAccount } from '@/testing/accounts';
import { fakeApi, makeUser, type FakeCall } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { makeTransaction, transactionHandlers } from '@/testing/transactions';

const PICKER = /choose a receipt/i;
const UPLOAD = 'Upload & Create Transaction';

function makeReceipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    _id: crypto.randomUUID(),
    fileName: 'coffee.png',
    mimeType: 'image/png',
    sizeBytes: 52_000,
    createdAt: '2026-03-14T18:30:00.000Z',
    fileUrl: '/api/receipts/r1/file?expires=1&signature=abc',
    imageUrl: '/api/receipts/r1/image?expires=1&signature=def',
    extractedData: {
      merchant: 'Coffee Corner Cafe',
      amount: 8.37,
      category: 'Food',
      date: '2026-03-14',
    },
    confidence: { merchant: 0.9, total: 0.95, date: 0.9, category: 0.8 },
    transactionId: crypto.randomUUID(),
    ...overrides,
  };
}

function makeUploadResult(): ReceiptUploadResult {
  return {
    _id: 'r1',
    fileUrl: '/api/receipts/r1/file?expires=1&signature=abc',
    imageUrl: '/api/receipts/r1/image?expires=1&signature=def',
    extractedData: {
      merchant: 'Coffee Corner Cafe',
      amount: 8.37,
      category: 'Food',
      date: '2026-03-14',
    },
    transaction: makeTransaction({
      name: 'Coffee Corner Cafe',
      cost: 8.37,
      addedOn: '2026-03-14',
      receiptId: 'r1',
    }),
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

function uploads(calls: FakeCall[]) {
  return calls.filter((call) => call.method === 'POST' && call.path === '/api/receipts/upload');
}

async function openReceipts() {
  const user = userEvent.setup();
  const app = renderApp('/receipts');
  // The first render of a file also loads the lazy route chunks.
  await screen.findByRole('heading', { level: 1, name: 'Upload Receipt' }, { timeout: 10_000 });
  return { user, app };
}

const pngFile = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'coffee.png', { type: 'image/png' });

beforeEach(() => {
  // jsdom has no object URLs; the preview only needs a string.
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: vi.fn(() => 'blob:preview'),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
});

describe('receipts page: the form and its messages', () => {
  it('shows the form, the placeholder and asks for a file before sending anything', async () => {
    const { calls } = signedIn();
    const { user } = await openReceipts();
    expect(screen.getByText('Upload a receipt to see the extracted data here.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Last Upload Result' })).toBeVisible();
    expect(screen.getByLabelText(PICKER)).toHaveAttribute(
      'accept',
      expect.stringContaining('.pdf') as string,
    );

    await user.click(screen.getByRole('button', { name: UPLOAD }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a file to upload.');
    expect(screen.getByLabelText(PICKER)).toHaveAttribute('aria-invalid', 'true');
    expect(uploads(calls)).toHaveLength(0);
  });

  it('previews the chosen image and lets it be removed', async () => {
    signedIn();
    const { user } = await openReceipts();
    await user.upload(screen.getByLabelText(PICKER), pngFile());
    expect(screen.getByRole('img', { name: 'Preview of the chosen receipt' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(screen.getByText('coffee.png')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove coffee.png' }));
    expect(screen.queryByText('coffee.png')).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('shows a PDF by its name and icon, and takes a file dropped on the zone', async () => {
    signedIn();
    await openReceipts();
    const pdf = new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' });
    const zone = screen.getByText(/or drop it here/).closest('label');
    if (!zone) throw new Error('No drop zone');
    fireEvent.drop(zone, { dataTransfer: { files: [pdf], types: ['Files'] } });
    expect(await screen.findByText('invoice.pdf')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Preview of the chosen receipt' }).tagName).toBe('DIV');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('refuses a dropped file that is clearly not a receipt, without a request', async () => {
    const { calls } = signedIn();
    const { user } = await openReceipts();
    const zone = screen.getByText(/or drop it here/).closest('label');
    if (!zone) throw new Error('No drop zone');
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.drop(zone, { dataTransfer: { files: [text], types: ['Files'] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(RECEIPT_MESSAGES.wrongType);
    await user.click(screen.getByRole('button', { name: UPLOAD }));
    expect(uploads(calls)).toHaveLength(0);
  });

  it("shows the server's message inline when the receipt has no readable total", async () => {
    const message =
      'We could not find a total on this receipt. Try a sharper, well-lit photo of the whole receipt, or add the expense by hand.';
    signedIn({
      'POST /api/receipts/upload': { status: 422, body: { message, code: 'NO_TOTAL_FOUND' } },
    });
    const { user } = await openReceipts();
    await user.upload(screen.getByLabelText(PICKER), pngFile());
    await user.click(screen.getByRole('button', { name: UPLOAD }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // The file stays chosen for another try; nothing was read.
    expect(screen.getByText('coffee.png')).toBeVisible();
    expect(screen.getByRole('button', { name: UPLOAD })).toBeEnabled();
    expect(screen.getByText('Upload a receipt to see the extracted data here.')).toBeVisible();
  });

  it('says which expense a receipt uploaded before made', async () => {
    const message =
      'This receipt was uploaded already: it made the expense "COFFEE CORNER CAFE" of 2026-03-14.';
    signedIn({
      'POST /api/receipts/upload': {
        status: 409,
        body: { message, code: 'RECEIPT_ALREADY_UPLOADED' },
      },
    });
    const { user } = await openReceipts();
    await user.upload(screen.getByLabelText(PICKER), pngFile());
    await user.click(screen.getByRole('button', { name: UPLOAD }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('falls back to the generic failure text for an unexpected error', async () => {
    signedIn({
      'POST /api/receipts/upload': {
        status: 500,
        body: { message: 'Internal server error', code: 'INTERNAL' },
      },
    });
    const { user } = await openReceipts();
    await user.upload(screen.getByLabelText(PICKER), pngFile());
    await user.click(screen.getByRole('button', { name: UPLOAD }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload failed. Please try again.');
  });
});

describe('receipts page: past receipts and accounts', () => {
  it('lists the past receipts with their files and expenses', async () => {
    signedIn({
      'GET /api/receipts': {
        body: [
          makeReceipt({
            fileUrl: '/api/receipts/a/file?signature=x',
            imageUrl: '/api/receipts/a/image?signature=x2',
          }),
          makeReceipt({
            fileName: 'hardware.pdf',
            mimeType: 'application/pdf',
            fileUrl: '/api/receipts/b/file?signature=y',
            imageUrl: '/api/receipts/b/image?signature=y2',
            extractedData: {
              merchant: 'Tool Shed',
              amount: 1250,
              category: 'Shopping',
              date: '2026-01-05',
              confidence: { merchant: 0.3, amount: 0.9, date: 0.2 },
            },
            confidence: { merchant: 0.3, total: 0.9, date: 0.2, category: 0.7 },
            transactionId: null,
          }),
        ],
      },
    });
    await openReceipts();
    const list = within(await screen.findByRole('region', { name: 'Past Receipts' })).getByRole(
      'list',
    );
    const [coffee, tools] = within(list).getAllByRole('listitem');
    if (!coffee || !tools) throw new Error('Expected two receipts');

    expect(coffee).toHaveTextContent('Coffee Corner Cafe');
    expect(coffee).toHaveTextContent('$8.37');
    expect(coffee).toHaveTextContent('Mar 14, 2026');
    expect(coffee.querySelector('img')).toHaveAttribute(
      'src',
      '/api/receipts/a/image?signature=x2',
    );
    const open = within(coffee).getByRole('link', { name: /open file/i });
    expect(open).toHaveAttribute('href', '/api/receipts/a/file?signature=x');
    expect(open).toHaveAttribute('target', '_blank');
    expect(within(coffee).getByRole('link', { name: /view expense/i })).toHaveAttribute(
      'href',
      '/transactions?q=Coffee+Corner+Cafe',
    );

    expect(tools).toHaveTextContent('$1,250.00');
    expect(tools).toHaveTextContent('Jan 5, 2026');
    expect(tools).toHaveTextContent('Expense deleted');
    expect(tools).toHaveTextContent('Check the merchant, date: read with low confidence.');
    // A PDF shows its first page, rendered by the server.
    expect(tools.querySelector('img')).toHaveAttribute('src', '/api/receipts/b/image?signature=y2');
    expect(within(tools).queryByRole('link', { name: /view expense/i })).toBeNull();
  });

  it('charges the receipt to the account picked, and offers that account next time', async () => {
    const card = makeAccount({ name: 'Visa', type: 'credit' });
    const { calls } = signedIn({
      'GET /api/accounts': { body: [mainAccount(), card] },
      'POST /api/receipts/upload': { status: 201, body: makeUploadResult() },
    });
    const { user, app } = await openReceipts();
    const account = screen.getByRole('combobox', { name: 'Charge to account' });
    // Nothing remembered yet: the first open account, the server's default too.
    await waitFor(() => expect(account).toHaveDisplayValue('Main (Checking)'));
    await user.selectOptions(account, 'Visa (Credit card)');
    await user.upload(screen.getByLabelText(PICKER), pngFile());
    await user.click(screen.getByRole('button', { name: UPLOAD }));

    await waitFor(() => expect(uploads(calls)).toHaveLength(1));
    const form = uploads(calls)[0]?.body;
    if (!(form instanceof FormData)) throw new Error('The upload was not a form');
    expect(form.get('accountId')).toBe(card._id);
    expect(form.get('receipt')).toMatchObject({ name: 'coffee.png' });

    // A new visit offers the account chosen last.
    app.unmount();
    await openReceipts();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Charge to account' })).toHaveDisplayValue(
        'Visa (Credit card)',
      ),
    );
  });

  it('says so when there are no receipts yet', async () => {
    signedIn();
    await openReceipts();
    expect(
      await screen.findByText('No receipts yet. The receipts you upload are kept here.'),
    ).toBeVisible();
  });
});

describe('a successful upload west of Greenwich', () => {
  const originalZone = process.env.TZ;
  beforeEach(() => {
    // In Los Angeles, new Date('2026-03-14') is the evening of Mar 13.
    process.env.TZ = 'America/Los_Angeles';
  });
  afterEach(() => {
    process.env.TZ = originalZone;
  });

  it('shows Processing..., then the result, a toast and the dashboard', async () => {
    expect(new Date('2026-03-14').getDate()).toBe(13);
    const { calls, fetchMock } = signedIn({
      'POST /api/receipts/upload': { status: 201, body: makeUploadResult() },
    });
    // The upload waits until the test lets it answer, so the busy state can be seen.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const respond = fetchMock.getMockImplementation();
    if (!respond) throw new Error('No fake fetch');
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await answered;
      return respond(input, init);
    });

    const { user, app } = await openReceipts();
    await user.upload(screen.getByLabelText(PICKER), pngFile());
    await user.click(screen.getByRole('button', { name: UPLOAD }));

    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(screen.getByLabelText(PICKER)).toBeDisabled();
    expect(screen.getByRole('form', { name: 'Upload a receipt' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    // Still waiting for its answer, the upload is seen at the fetch itself.
    const form = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body;
    if (!(form instanceof FormData)) throw new Error('The upload was not a form');
    expect(form.get('receipt')).toMatchObject({ name: 'coffee.png', type: 'image/png' });

    answer();
    await waitFor(() => expect(uploads(calls)).toHaveLength(1));
    const panel = await screen.findByRole('region', { name: 'Last Upload Result' });
    expect(await within(panel).findByText('$8.37')).toBeVisible();
    expect(within(panel).getByText('Coffee Corner Cafe')).toBeVisible();
    expect(within(panel).getByText('Food')).toBeVisible();
    expect(within(panel).getByText('Mar 14, 2026')).toBeVisible();
    expect(
      within(panel).getByRole('img', { name: /uploaded receipt from Coffee Corner Cafe/ }),
    ).toHaveAttribute('src', '/api/receipts/r1/image?expires=1&signature=def');
    expect(await screen.findByText('Receipt read: Coffee Corner Cafe $8.37')).toBeVisible();
    // The list of past receipts was asked again, to show the new one.
    expect(calls.filter((call) => call.path === '/api/receipts').length).toBeGreaterThan(1);

    await waitFor(() => expect(app.currentPath()).toBe('/dashboard'), { timeout: 5000 });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard Overview' }),
    ).toBeVisible();
  });
});

describe("the upload form's messages in the user's language", () => {
  async function openInGerman() {
    const user = userEvent.setup();
    renderApp('/receipts');
    await screen.findByRole('heading', { level: 1, name: 'Beleg hochladen' }, { timeout: 10_000 });
    return { user };
  }
  const HOCHLADEN = 'Hochladen & Buchung erstellen';

  it('says in German that a file is missing, or not one it can read', async () => {
    await changeLocale('de-DE');
    const { calls } = signedIn();
    const { user } = await openInGerman();
    await user.click(screen.getByRole('button', { name: HOCHLADEN }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bitte wähle eine Datei zum Hochladen aus.',
    );
    // A text file dropped on the picker (the browser's accept list does not stop a drop).
    fireEvent.change(screen.getByLabelText(/Beleg auswählen/), {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Es können nur Belege als JPG, PNG oder PDF gelesen werden.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent(/Please|Only JPG/);
    expect(uploads(calls)).toHaveLength(0);
  });

  it("says the server's refusal by its code, and an unexpected failure, in German", async () => {
    await changeLocale('de-DE');
    let status = 413;
    signedIn({
      'POST /api/receipts/upload': () =>
        status === 413
          ? {
              status,
              body: { message: 'The file is too large (max 10 MB).', code: 'FILE_TOO_LARGE' },
            }
          : { status, body: { message: 'Internal server error', code: 'INTERNAL' } },
    });
    const { user } = await openInGerman();
    await user.upload(screen.getByLabelText(/Beleg auswählen/), pngFile());
    await user.click(screen.getByRole('button', { name: HOCHLADEN }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Datei ist zu groß.');
    status = 500;
    await user.click(screen.getByRole('button', { name: HOCHLADEN }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Das Hochladen ist fehlgeschlagen. Bitte versuche es erneut.',
      ),
    );
  });
});
