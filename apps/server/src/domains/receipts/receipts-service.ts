import { createHash } from 'node:crypto';
import {
  FALLBACK_CATEGORY,
  isCurrencyCode,
  MAX_CATEGORY_LENGTH,
  MAX_NAME_LENGTH,
  RECEIPT_MESSAGES,
  todayIn,
  transactionInputSchema,
  type Receipt,
  type ReceiptMimeType,
  type ReceiptUploadResult,
} from '@moneta/shared';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import type { TransactionsService } from '../transactions/transactions-service';
import { detectMimeType } from './mime-type';
import {
  isReceiptReadError,
  type ReceiptReader,
  type ReceiptReadFailure,
  type ReceiptReading,
} from './reading';
import { createReceiptsRepository, type ReceiptSummaryRow } from './receipts-repository';
import type { FileUrlSigner, ReceiptView } from './signed-urls';

const LIST_LIMIT = 100;
const FAILURE_STATUS: Record<ReceiptReadFailure, { status: number; code: string }> = {
  unreadable: { status: 422, code: 'RECEIPT_UNREADABLE' },
  'too-large': { status: 413, code: 'RECEIPT_TOO_LARGE' },
  busy: { status: 503, code: 'RECEIPT_READER_BUSY' },
  timeout: { status: 503, code: 'RECEIPT_READ_TIMEOUT' },
};

/** The reading kept with the receipt (no OCR text: logs and listings never carry contents). */
interface StoredReading {
  merchant: string;
  amount: number;
  category: string;
  date: string;
  confidence: ReceiptReading['confidence'];
  source: ReceiptReading['source'];
}

export function createReceiptsService(
  db: Database,
  reader: ReceiptReader,
  signer: FileUrlSigner,
  transactions: TransactionsService,
) {
  const receipts = createReceiptsRepository(db);

  function toReceiptDto(row: ReceiptSummaryRow): Receipt {
    const reading = row.reading as StoredReading;
    return {
      _id: row.id,
      fileName: row.fileName,
      mimeType: row.mimeType,
      sizeBytes: row.sizeBytes,
      createdAt: row.createdAt.toISOString(),
      fileUrl: signer.urlFor(row.id, 'file'),
      imageUrl: signer.urlFor(row.id, 'image'),
      extractedData: {
        merchant: reading.merchant,
        amount: reading.amount,
        category: reading.category,
        date: reading.date,
      },
      confidence: reading.confidence,
      transactionId: row.transactionId,
    };
  }

  async function read(
    user: UserRow,
    bytes: Buffer,
    mimeType: ReceiptMimeType,
  ): Promise<ReceiptReading> {
    try {
      return await reader.read(bytes, mimeType, {
        today: todayIn(user.timeZone),
        merchantCategories: await receipts.merchantCategories(user.id),
        // What a bare "$" means and, with the zone, which way 03/04 reads.
        ...(isCurrencyCode(user.defaultCurrency) ? { currency: user.defaultCurrency } : {}),
        timeZone: user.timeZone,
      });
    } catch (error) {
      if (!isReceiptReadError(error)) throw error;
      const { status, code } = FAILURE_STATUS[error.reason];
      throw new AppError(status, code, error.message);
    }
  }

  return {
    /**
     * Reads the receipt, then stores the file and creates the expense in one DB transaction.
     * No total found → 422 and nothing stored.
     */
    async upload(
      user: UserRow,
      file: { bytes: Buffer; fileName: string },
    ): Promise<ReceiptUploadResult> {
      const mimeType = detectMimeType(file.bytes);
      if (!mimeType) throw new AppError(415, 'UNSUPPORTED_FILE_TYPE', RECEIPT_MESSAGES.wrongType);
      const reading = await read(user, file.bytes, mimeType);
      if (reading.total === null) {
        throw new AppError(
          422,
          'NO_TOTAL_FOUND',
          'We could not find a total on this receipt. Try a sharper, well-lit photo of the whole receipt, or add the expense by hand.',
        );
      }
      const fileName = safeFileName(file.fileName, mimeType);
      const parsed = transactionInputSchema.safeParse({
        name: (reading.merchant ?? 'Receipt').slice(0, MAX_NAME_LENGTH),
        category: (reading.category || FALLBACK_CATEGORY).slice(0, MAX_CATEGORY_LENGTH),
        cost: Math.round(reading.total * 100) / 100,
        addedOn: reading.date ?? todayIn(user.timeZone),
        isIncome: false,
        note: `Read from the receipt ${fileName}`.slice(0, 500),
      });
      if (!parsed.success) {
        throw new AppError(
          422,
          'RECEIPT_UNREADABLE',
          `The total read from this receipt is not a valid amount (${reading.total}).`,
        );
      }
      const input = parsed.data;
      const stored: StoredReading = {
        merchant: input.name,
        amount: input.cost,
        category: input.category,
        date: input.addedOn,
        confidence: reading.confidence,
        source: reading.source,
      };

      return db.transaction(async (tx) => {
        const receipt = await createReceiptsRepository(tx).insert(user.id, {
          fileName,
          mimeType,
          sizeBytes: file.bytes.length,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          content: file.bytes,
          pagePng: reading.pagePng ?? null,
          reading: stored,
        });
        const transaction = await transactions.create(user.id, input, {
          receiptId: receipt.id,
          tx,
        });
        return {
          _id: receipt.id,
          fileUrl: signer.urlFor(receipt.id, 'file'),
          imageUrl: signer.urlFor(receipt.id, 'image'),
          extractedData: {
            merchant: stored.merchant,
            amount: stored.amount,
            category: stored.category,
            date: stored.date,
          },
          transaction,
        };
      });
    },

    async list(userId: string): Promise<Receipt[]> {
      return (await receipts.list(userId, LIST_LIMIT)).map(toReceiptDto);
    },

    /** The file or picture, for its owner: by the owner's token, or by a valid signed URL. */
    async view(
      id: string,
      view: ReceiptView,
      access: { userId: string } | { expires: number; signature: string },
    ) {
      const receiptNotFound = () => notFound('Receipt not found.', 'RECEIPT_NOT_FOUND');
      if (!isId(id)) throw receiptNotFound();
      if ('signature' in access && !signer.verify(id, view, access.expires, access.signature)) {
        throw receiptNotFound();
      }
      const shown = await receipts.findView(
        id,
        view,
        'signature' in access ? 'verified-signature' : access,
      );
      if (!shown) throw receiptNotFound();
      return shown;
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;

const EXTENSIONS: Record<ReceiptMimeType, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'application/pdf': ['.pdf'],
};

/**
 * A display name safe in a Content-Disposition header and a note: no paths or controls, and an
 * extension that says what the bytes are (page.html holding a JPEG is saved as page.html.jpg,
 * so that a downloaded copy never opens as a web page).
 */
export function safeFileName(name: string, mimeType: ReceiptMimeType): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const extensions = EXTENSIONS[mimeType];
  const extension = extensions[0]!;
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 120 - extension.length);
  if (!cleaned) return `receipt${extension}`;
  const lower = cleaned.toLowerCase();
  return extensions.some((known) => lower.endsWith(known)) ? cleaned : `${cleaned}${extension}`;
}
