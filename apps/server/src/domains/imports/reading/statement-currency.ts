import { ErrorCode, isCatalogueCurrency } from '@moneta/shared';
import { unreadable } from './import-refusal';

/**
 * A statement's currency as its file writes it (CAMT.053 `Acct/Ccy`, OFX `CURDEF`): null when
 * the file says none (its rows then go in the account's currency). One Moneta does not know
 * refuses the file (400 STATEMENT_CURRENCY_UNKNOWN, naming it): its amounts would otherwise be
 * booked in the account's currency as if they were that.
 */
export function statementCurrency(text: string, element: string): string | null {
  const code = text.trim().toUpperCase();
  if (code === '') return null;
  if (isCatalogueCurrency(code)) return code;
  const shown = JSON.stringify(text.trim().slice(0, 20));
  throw unreadable(
    `The statement's currency (${element}) ${shown} is not a currency Moneta knows (GET /api/currencies lists them): its amounts cannot be booked.`,
    ErrorCode.STATEMENT_CURRENCY_UNKNOWN,
  );
}
