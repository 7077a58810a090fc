import { readDecimalText, STORED_DECIMALS, toStoredHundredths } from '@moneta/shared';

/**
 * A provider's amount ("-33293.43", "12.5000", "7") as integer hundredths, read from its text
 * so no binary rounding happens on the way. Trailing zeros are any number of decimals; a digit
 * that is not zero past the cents would be money Moneta cannot store, so such an amount is
 * refused (undefined) rather than rounded away unseen.
 */
export function readProviderAmount(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  if (!/^[-+]?\d+(\.\d+)?$/.test(text.trim())) return undefined;
  const read = readDecimalText(text.trim().replace(/^\+/, ''));
  if (!read || read.decimals > STORED_DECIMALS) return undefined;
  return toStoredHundredths(read.value);
}
