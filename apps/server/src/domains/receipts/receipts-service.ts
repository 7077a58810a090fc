import { createHash } from 'node:crypto';
import {
  currencyDecimals,
  findCatalogueCurrency,
  ErrorCode,
  type ExtractedData,
  FALLBACK_CATEGORY,
  isCurrencyCode,
  MAX_CATEGORY_LENGTH,
  MAX_NAME_LENGTH,
  type Receipt,
  RECEIPT_MESSAGES,
  type ReceiptMimeType,
  type ReceiptReview,
  type ReceiptUploadResult,
  type ReviewedReceipt,
  todayIn,
  transactionInputSchema,
} from '@moneta/shared';
import type { Database, Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { AppError, conflict, notFound } from '../../http/app-error';
import { isId } from '../../lib/ids';
import { assertOwnAccount } from '../accounts/accounts-service';
import { suggestCategory } from '../rules/suggest-category';
import type { TransactionsService } from '../transactions/transactions-service';
import { shopFingerprint, type ShopFingerprint } from './extract/shop-fingerprint';
import { detectMimeType } from './mime-type';
import {
  isReceiptReadError,
  type ReceiptReader,
  type ReceiptReadFailure,
  type ReceiptReading,
} from './reading';
import type { ReceiptUpload } from './receipt-upload-parts';
import {
  createReceiptsRepository,
  type ReceiptsRepository,
  type ReceiptSummaryRow,
} from './receipts-repository';
import type { FileUrlSigner, ReceiptView } from './signed-urls';
import type { HouseholdId } from '../households/household-id';

const LIST_LIMIT = 100;
const FAILURE_STATUS: Record<ReceiptReadFailure, { status: number; code: ErrorCode }> = {
  unreadable: { status: 422, code: ErrorCode.RECEIPT_UNREADABLE },
  'too-large': { status: 413, code: ErrorCode.RECEIPT_TOO_LARGE },
  busy: { status: 503, code: ErrorCode.RECEIPT_READER_BUSY },
  timeout: { status: 503, code: ErrorCode.RECEIPT_READ_TIMEOUT },
};

/**
 * The reading kept with the receipt (no OCR text: logs and listings never carry contents).
 * Receipts read before the reader found currencies have none.
 */
interface StoredReading {
  merchant: string;
  amount: number;
  category: string;
  date: string;
  currency?: string | null;
  confidence: ReceiptReading['confidence'];
  source: ReceiptReading['source'];
  /** Set once the user has confirmed or corrected the reading (PUT /receipts/:id). */
  isReviewed?: boolean;
  /** The merchant and category came from what the user taught about this shop. */
  isTaught?: boolean;
}

// What a user taught about a shop is as sure as a reading gets without their confirming it.
const TAUGHT_CONFIDENCE = 0.95;

/** What the API shows of a stored reading: its fields, currency and confidences. */
/**
 * The same file twice would record the same expense twice: the second upload is refused with
 * the expense the first one made. Once that expense is deleted, the file may be read again.
 */
async function refuseSecondUpload(
  repository: ReceiptsRepository,
  householdId: HouseholdId,
  sha256: string,
  options: { lock?: boolean } = {},
): Promise<void> {
  const earlier = await repository.findExpenseOfFile(householdId, sha256, options);
  if (earlier) {
    throw conflict(
      earlier.source === 'receipt'
        ? `This receipt was uploaded already: it made the expense "${earlier.name}" of ${earlier.addedOn}.`
        : `This receipt is attached already to the expense "${earlier.name}" of ${earlier.addedOn}.`,
      ErrorCode.RECEIPT_ALREADY_UPLOADED,
    );
  }
}

function toExtractedData(reading: StoredReading): ExtractedData {
  return {
    merchant: reading.merchant,
    amount: reading.amount,
    category: reading.category,
    date: reading.date,
    currency: reading.currency ?? null,
    confidence: {
      merchant: reading.confidence.merchant,
      amount: reading.confidence.total,
      date: reading.confidence.date,
    },
  };
}

/** A total read from a receipt, rounded to the minor unit of its currency (none for yen). */
function roundToCurrency(total: number, currency: string): number {
  const scale = 10 ** currencyDecimals(currency);
  return Math.round(total * scale) / scale;
}

export function createReceiptsService(
  db: Database,
  reader: ReceiptReader,
  signer: FileUrlSigner,
  transactions: TransactionsService,
) {
  const receipts = createReceiptsRepository(db);

  /** The merchant and category the household taught for this shop replace the ones read. */
  async function withTaughtShop(
    householdId: HouseholdId,
    reading: ReceiptReading,
    shop: ShopFingerprint | null,
  ): Promise<ReceiptReading & { isTaught?: boolean }> {
    const taught = shop && (await receipts.findTaughtShop(householdId, shop));
    if (!taught) return reading;
    return {
      ...reading,
      merchant: taught.merchant,
      category: taught.category,
      confidence: {
        ...reading.confidence,
        merchant: TAUGHT_CONFIDENCE,
        category: TAUGHT_CONFIDENCE,
      },
      isTaught: true,
    };
  }

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
      extractedData: toExtractedData(reading),
      confidence: reading.confidence,
      transactionId: row.transactionId,
      createdBy: row.createdBy,
      updatedBy: row.updatedBy,
    };
  }

  async function read(
    householdId: HouseholdId,
    user: UserRow,
    bytes: Buffer,
    mimeType: ReceiptMimeType,
  ): Promise<ReceiptReading> {
    try {
      return await reader.read(bytes, mimeType, {
        today: todayIn(user.timeZone),
        merchantCategories: await receipts.merchantCategories(householdId),
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
     * Reads the receipt, then stores the file and creates the expense in one DB transaction,
     * charged to the account the user chose (else the default one). No total found → 422 and
     * nothing stored.
     */
    async upload(
      householdId: HouseholdId,
      user: UserRow,
      file: ReceiptUpload,
    ): Promise<ReceiptUploadResult> {
      const owner = { householdId, userId: user.id };
      // Before anything slow: an account that is not the user's is the same 404 as anywhere.
      await assertOwnAccount(db, householdId, file.accountId);
      const mimeType = detectMimeType(file.bytes);
      if (!mimeType)
        throw new AppError(415, ErrorCode.UNSUPPORTED_FILE_TYPE, RECEIPT_MESSAGES.wrongType);
      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      // Checked before the (slow) reading, and again under a lock before anything is stored.
      await refuseSecondUpload(receipts, householdId, sha256);
      const found = await read(householdId, user, file.bytes, mimeType);
      // Only the header, tax id and phone are kept: never the whole text of the receipt.
      const shop = found.text ? shopFingerprint(found.text) : null;
      const reading = await withTaughtShop(householdId, found, shop);
      if (reading.total === null) {
        throw new AppError(
          422,
          ErrorCode.NO_TOTAL_FOUND,
          'We could not find a total on this receipt. Try a sharper, well-lit photo of the whole receipt, or add the expense by hand.',
        );
      }
      const fileName = safeFileName(file.fileName, mimeType);
      const name = (reading.merchant ?? 'Receipt').slice(0, MAX_NAME_LENGTH);
      // The category pipeline (docs/architecture.md, Rules): a rule or the user's history beats the
      // words read on the receipt; those beat the default.
      const suggestion = await suggestCategory(db, householdId, { name, isIncome: false });
      const category = suggestion.source === 'default' ? reading.category : suggestion.category;
      const readCurrency =
        reading.currency && findCatalogueCurrency(reading.currency) ? reading.currency : undefined;
      const spentIn = readCurrency ?? user.defaultCurrency;
      const parsed = transactionInputSchema.safeParse({
        name,
        category: (category || FALLBACK_CATEGORY).slice(0, MAX_CATEGORY_LENGTH),
        cost: roundToCurrency(reading.total, spentIn),
        addedOn: reading.date ?? todayIn(user.timeZone),
        isIncome: false,
        note: `Read from the receipt ${fileName}`.slice(0, 500),
        // The currency read from the receipt is the expense's (a US receipt is dollars, whatever
        // the account's); without one, the account's.
        ...(readCurrency ? { currency: readCurrency } : {}),
        ...(file.accountId === undefined ? {} : { accountId: file.accountId }),
      });
      if (!parsed.success) {
        throw new AppError(
          422,
          ErrorCode.RECEIPT_UNREADABLE,
          `The total read from this receipt is not a valid amount (${reading.total}).`,
        );
      }
      const input = parsed.data;
      const stored: StoredReading = {
        merchant: input.name,
        amount: input.cost,
        category: input.category,
        // A date not found is today's, shown with no confidence, never silently.
        date: input.addedOn,
        currency: reading.currency,
        confidence: { ...reading.confidence, date: reading.date ? reading.confidence.date : 0 },
        source: reading.source,
        ...(reading.isTaught ? { isTaught: true } : {}),
      };

      return db.transaction(async (tx) => {
        const repository = createReceiptsRepository(tx);
        await refuseSecondUpload(repository, householdId, sha256, { lock: true });
        const receipt = await repository.insert(owner, {
          fileName,
          mimeType,
          sizeBytes: file.bytes.length,
          sha256,
          content: file.bytes,
          pagePng: reading.pagePng ?? null,
          reading: stored,
          shop,
        });
        const transaction = await transactions.create(householdId, user.id, input, {
          receiptId: receipt.id,
          tx,
        });
        return {
          _id: receipt.id,
          fileUrl: signer.urlFor(receipt.id, 'file'),
          imageUrl: signer.urlFor(receipt.id, 'image'),
          extractedData: toExtractedData(stored),
          transaction,
        };
      });
    },

    /**
     * The user's review of a reading: the corrected fields replace the reading and its expense
     * in one DB transaction (through the transactions writer), and the merchant and category are
     * remembered for the shop that printed it. A receipt whose expense was deleted gets a new
     * one: confirming a receipt says that this expense happened.
     */
    async review(
      householdId: HouseholdId,
      user: UserRow,
      id: string,
      input: ReceiptReview,
    ): Promise<ReviewedReceipt> {
      const receiptNotFound = () => notFound('Receipt not found.', ErrorCode.RECEIPT_NOT_FOUND);
      if (!isId(id)) throw receiptNotFound();
      const owner = { householdId, userId: user.id };
      return db.transaction(async (tx) => {
        const repository = createReceiptsRepository(tx);
        const row = await repository.findForUpdate(householdId, id);
        if (!row) throw receiptNotFound();
        const expense = transactionInputSchema.parse({
          name: input.merchant,
          category: input.category,
          cost: input.amount,
          addedOn: input.date,
          isIncome: false,
        });
        const transaction = row.transactionId
          ? await transactions.update(householdId, user.id, row.transactionId, expense, { tx })
          : await transactions.create(
              householdId,
              user.id,
              { ...expense, note: `Read from the receipt ${row.fileName}`.slice(0, 500) },
              { receiptId: id, tx },
            );
        const reading: StoredReading = {
          ...(row.reading as StoredReading),
          merchant: transaction.name,
          amount: transaction.cost,
          category: transaction.category,
          date: transaction.addedOn,
          confidence: { merchant: 1, total: 1, date: 1, category: 1 },
          isReviewed: true,
        };
        await repository.updateReading(owner, id, reading);
        if (row.shop) {
          await repository.teachShop(owner, row.shop as ShopFingerprint, {
            merchant: transaction.name,
            category: transaction.category,
          });
        }
        return {
          ...toReceiptDto({ ...row, reading, transactionId: transaction._id, updatedBy: user.id }),
          transaction,
        };
      });
    },

    async list(householdId: HouseholdId): Promise<Receipt[]> {
      return (await receipts.list(householdId, LIST_LIMIT)).map(toReceiptDto);
    },

    /**
     * The file or picture, for its household: by a member's token (the active household's), or
     * by a valid signed URL.
     */
    async view(
      id: string,
      view: ReceiptView,
      access: { householdId: HouseholdId } | { expires: number; signature: string },
    ) {
      const receiptNotFound = () => notFound('Receipt not found.', ErrorCode.RECEIPT_NOT_FOUND);
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

    /**
     * The uploaded file of one of the household's receipts (a transaction's attachments list it).
     */
    fileOf(householdId: HouseholdId, id: string) {
      return receipts.findView(id, 'file', { householdId });
    },

    /** Deletes the receipt in the caller's transaction (its expense stays); false if none. */
    remove(tx: Executor, householdId: HouseholdId, id: string): Promise<boolean> {
      return createReceiptsRepository(tx).delete(householdId, id);
    },

    /**
     * The shops the household taught follow a category renamed or merged in the caller's
     * transaction.
     */
    moveTaughtCategory(
      tx: Executor,
      householdId: HouseholdId,
      from: string,
      to: string,
    ): Promise<void> {
      return createReceiptsRepository(tx).moveTaughtCategory(householdId, from, to);
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
export function safeFileName(
  name: string,
  mimeType: ReceiptMimeType,
  fallback = 'receipt',
): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const extensions = EXTENSIONS[mimeType];
  const extension = extensions[0]!;
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 120 - extension.length);
  if (!cleaned) return `${fallback}${extension}`;
  const lower = cleaned.toLowerCase();
  return extensions.some((known) => lower.endsWith(known)) ? cleaned : `${cleaned}${extension}`;
}
