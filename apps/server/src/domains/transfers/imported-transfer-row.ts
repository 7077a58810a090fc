/** A bank row of an import that the commit records as a transfer. */
export interface ImportedTransferRow {
  /** The account whose statement the row is (the import's, or its statement's in a multi-account file). */
  accountId: string;
  date: string;
  amountCents: number;
  isIncome: boolean;
  name: string;
  note: string | null;
  bankId: string | null;
  transferAccountId: string;
  /** The other leg's transaction, when it is recorded already: the transfer replaces it. */
  matchOf: string | null;
  /**
   * The other leg as another statement of the same file books it (a multi-account file): its
   * date, bank id and amount (in its account's currency, which may differ); the transfer's two
   * legs then both come from this import.
   */
  otherLeg: { date: string; bankId: string | null; amountCents: number } | null;
}
