import type { ImportMappingReasonCode } from '@moneta/shared';
import { matches } from './column-keywords';
import type { ImportMessage } from './import-messages';
import type { ColumnProfile } from './column-profile';
import { parseBankAmount } from './parse-bank-amount';

/** What a card statement calls the rows that lower the balance owed. */
const PAYMENT_WORDS = /payment|thank you|autopay|pymt|credit|crdt|refund|return|cashback|rebate/i;
/** Share of non-zero amounts above zero from which charges are read as positive. */
const POSITIVE_SHARE = 0.6;

export interface CardSign {
  isInverted: boolean;
  /** Why the signs are inverted (only when they are). */
  reason: ImportMessage<ImportMappingReasonCode> | undefined;
}

/**
 * Whether a single signed amount column is a card statement's, where charges are positive
 * and payments negative (Amex, Discover, Apple Card; Chase writes charges negative), so that
 * its sign must be inverted for charges to be expenses. All three must hold:
 * - most non-zero amounts are positive (an account's statement is mostly spending, negative);
 * - no balance column (a card export never carries a running balance; a bank account's does);
 * - a card's mark: a title only card exports have (Card Member, Purchased By), or negative rows
 *   that are mostly payments or credits by their name.
 * A file that goes into a credit card account (`isCardAccount`) needs only the first: the
 * account says what the file is, whatever its columns (a credit union's card export of date,
 * description and amount). A file that shows none of the marks is read as it is; the user can
 * still tick "Invert".
 */
export function cardSign(
  columns: ColumnProfile[],
  amount: ColumnProfile,
  name: ColumnProfile | undefined,
  rows: string[][],
  isCardAccount = false,
): CardSign {
  const notInverted = { isInverted: false, reason: undefined };
  const nonZero = amount.positives + amount.negatives;
  if (nonZero === 0 || amount.positives < nonZero * POSITIVE_SHARE) return notInverted;
  const charges = { part: amount.positives, whole: nonZero };
  if (isCardAccount) {
    return { isInverted: true, reason: { code: 'invertSignCardAccount', params: charges } };
  }
  if (columns.some((column) => matches(column.title, 'balance'))) return notInverted;
  const cardTitle = columns.find((column) => matches(column.title, 'card'));
  if (cardTitle) {
    return {
      isInverted: true,
      reason: {
        code: 'invertSignCardColumn',
        params: { column: `"${cardTitle.title}"`, ...charges },
      },
    };
  }
  if (!name || amount.negatives === 0) return notInverted;
  const negativeNames = rows
    .filter((row) => {
      const reading = parseBankAmount(row[amount.index] ?? '', '.');
      return reading.ok && reading.cents < 0;
    })
    .map((row) => row[name.index] ?? '');
  const payments = negativeNames.filter((text) => PAYMENT_WORDS.test(text)).length;
  if (payments < negativeNames.length * 0.5) return notInverted;
  return {
    isInverted: true,
    reason: { code: 'invertSignCard', params: charges },
  };
}
