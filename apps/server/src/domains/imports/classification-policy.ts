import type { Executor } from '../../db/database';
import { CROSS_CURRENCY_TOLERANCE, TRANSFER_LEG_DAYS } from '../transfers/leg-amounts';
import {
  createClassificationRepository,
  type ClassificationRepository,
  type CandidatePair,
  type NamedTransfer,
  type StatementPairCandidate,
} from './classification-repository';
import type {
  ImportRowsScope,
  RowClass,
  StatementAccounts,
  StatementScope,
} from './import-row-types';
import { ambiguousOtherLegs, type AmbiguousLeg } from './ambiguous-legs';
import { pairOneToOne } from './one-to-one';
import type { OtherLegCandidate } from './other-leg-candidates';

/**
 * How a bank row becomes `new`, `duplicate`, `transfer` or `problem` (docs/architecture.md,
 * Imports; docs/transfers.md). A row the reader could not read (no date, no amount) is a
 * `problem` when stored and never classified. The SQL that finds each rule's candidates is
 * classification-repository.ts; the windows and tolerances are here.
 */

/**
 * A row is a duplicate of a transaction of its account (same kind, amount and folded payee)
 * booked up to this many days apart: a bank dates a card payment by its booking day, which may
 * be a weekend's two days after the day the user or another export dated it.
 */
export const DUPLICATE_DAYS = 2;

/**
 * A row is a duplicate of a transfer leg already on its account (same direction and amount,
 * one side without a bank id) booked up to this many days apart: the same two days as a
 * transaction's duplicate, since the leg was typed or imported from the same kind of source.
 */
export const LEG_DUPLICATE_DAYS = DUPLICATE_DAYS;

/**
 * Rounds of duplicate pairing in PostgreSQL (pairTransactionDuplicates) before the candidates
 * left are paired in Node: a round costs a pass over the candidates, and pairs one row of a run
 * of equal rows only.
 */
export const DUPLICATE_ROUNDS = 3;

/**
 * A row's other leg in another account of the user's may be booked up to this many days apart:
 * two banks book one transfer on different days, a weekend and a holiday at most apart (the
 * transfers domain's window, which the ledger's own pairing uses too).
 */
export const OTHER_LEG_DAYS = TRANSFER_LEG_DAYS;

/**
 * Two rows of two statements of one file are one transfer's legs up to this many days apart:
 * the same two banks' booking days as an other leg in the ledger.
 */
export const STATEMENT_PAIR_DAYS = TRANSFER_LEG_DAYS;

/**
 * Between two currencies, the amount sent converted at the day's rate may be this share off the
 * amount received (2 %): banks convert at their own rate, a percent or two off the reference.
 */
export const STATEMENT_PAIR_TOLERANCE = CROSS_CURRENCY_TOLERANCE;

/**
 * Classifies every readable row of one statement against its account and writes only the rows
 * whose class changed, in this order (the first that applies):
 * - `duplicate` of a transaction already in the account, one to one: first by the bank's id
 *   (the n-th row with an id against the n-th transaction with it), then by kind, amount, a
 *   date within DUPLICATE_DAYS and the same folded payee (the file's name or the name a rule
 *   gives it), closest date first. A row and a transaction that both have bank ids, different
 *   ones, are never the same;
 * - else `duplicate` of a transfer's leg already on the account (same direction and amount,
 *   the same bank id or a date within LEG_DUPLICATE_DAYS), one to one;
 * - else `transfer`: the user chose so, or the row's counterparty is an identifier of another
 *   of the user's accounts, or the first rule matching it names an account; or another account
 *   holds a transaction of the opposite direction, an amount that agrees and a date within
 *   OTHER_LEG_DAYS (`matchOf`, one to one, closest date first, in the named account when one is
 *   named). A row the user marked as not a transfer stays new;
 * - else `new`.
 * Returns the rows the user made transfers to an account holding several possible other legs
 * (the commit asks which rather than guessing). In a multi-account file each statement is
 * classified against its own account; pairStatements then pairs the legs within the file.
 */
export async function classifyStatement(
  db: Executor,
  scope: StatementScope,
  currency: string | null,
): Promise<AmbiguousLeg[]> {
  const repository = createClassificationRepository(db);
  const found = await repository.withHashJoins(async () => {
    await pairTransactionDuplicates(repository, scope);
    return {
      legs: await repository.legDuplicates(scope, LEG_DUPLICATE_DAYS),
      named: await repository.namedTransfers(scope),
      others: await repository.otherLegs(scope, currency, OTHER_LEG_DAYS),
    };
  });
  // The pairs stay in PostgreSQL but for the rows the transfer classes look at.
  const asked = [...found.named, ...found.others].map((row) => row.position);
  const classes = duplicateClasses(await repository.duplicatesAmong(asked), found.legs);
  const ambiguous = transferClasses(classes, found.named, found.others);
  await repository.writeClasses(scope, classes);
  await repository.dropDuplicatePairs();
  return ambiguous;
}

/**
 * A statement's rows paired one to one with the transactions they duplicate, best candidate
 * first, as pairOneToOne pairs, inside PostgreSQL: each round pairs every candidate that comes
 * first for both its row and its transaction (pairOneToOne takes it: every earlier candidate
 * of either side went with an earlier pair) and drops the candidates of what it paired. A
 * re-import's rows nearly all pair in the first round. Rounds pair a run of equal rows one at a
 * time, so after DUPLICATE_ROUNDS the candidates left (such runs only) are paired in Node.
 */
async function pairTransactionDuplicates(
  repository: ClassificationRepository,
  scope: StatementScope,
): Promise<void> {
  await repository.collectDuplicateCandidates(scope, DUPLICATE_DAYS);
  for (let round = 0; round < DUPLICATE_ROUNDS; round++) {
    if ((await repository.pairDuplicateRound()) === 0) return;
  }
  await repository.addDuplicatePairs(pairOneToOne(await repository.remainingDuplicateCandidates()));
}

/**
 * The duplicates: `ofTransactions` (paired in PostgreSQL), else of a transfer leg (`legs`,
 * candidates of the rows not paired with a transaction); each leg taken once.
 */
function duplicateClasses(
  ofTransactions: CandidatePair[],
  legs: CandidatePair[],
): Map<number, RowClass> {
  const classes = new Map<number, RowClass>();
  for (const { position, id } of ofTransactions) {
    classes.set(position, transferless({ status: 'duplicate', duplicateOf: id }));
  }
  for (const [position, transferId] of pairOneToOne(legs)) {
    classes.set(position, transferless({ status: 'duplicate', duplicateOfTransfer: transferId }));
  }
  return classes;
}

/**
 * Adds the transfers to `classes` (rows already duplicates stay so): the rows something names
 * a transfer, and those whose other leg is in another account (in the named one when one is
 * named; never for a row the user marked as not a transfer). Returns the ambiguous ones.
 */
function transferClasses(
  classes: Map<number, RowClass>,
  named: NamedTransfer[],
  others: OtherLegCandidate[],
): AmbiguousLeg[] {
  const designated = new Map<number, string | null>();
  for (const row of named) {
    if (!classes.has(row.position))
      designated.set(row.position, row.choice === false ? null : row.account_id);
  }
  const notTransfers = new Set(
    named.filter((row) => row.choice === false).map((row) => row.position),
  );
  const accountOf = new Map(others.map((row) => [row.transaction_id, row.account_id]));
  const matches = pairOneToOne(
    others
      .filter((row) => {
        if (classes.has(row.position) || notTransfers.has(row.position)) return false;
        const account = designated.get(row.position);
        return !account || account === row.account_id;
      })
      .map((row) => ({ position: row.position, id: row.transaction_id })),
  );
  const chosen = new Map<number, string>();
  for (const row of named) {
    if (row.choice === true && row.account_id) chosen.set(row.position, row.account_id);
  }
  const ambiguous = ambiguousOtherLegs(others, chosen, matches);
  for (const [position, account] of designated) {
    if (account && !matches.has(position)) {
      classes.set(position, transferless({ status: 'transfer', transferAccountId: account }));
    }
  }
  for (const [position, transactionId] of matches) {
    classes.set(
      position,
      transferless({
        status: 'transfer',
        transferAccountId: accountOf.get(transactionId)!,
        matchOf: transactionId,
      }),
    );
  }
  return ambiguous;
}

/** A class with the fields it does not name empty. */
const transferless = (row: Pick<RowClass, 'status'> & Partial<RowClass>): RowClass => ({
  duplicateOf: null,
  duplicateOfTransfer: null,
  transferAccountId: null,
  matchOf: null,
  ...row,
});

/**
 * The transfers within a multi-account file (docs/imports-multi-account.md): an expense row of
 * one statement and an income row of another, of the same amount within STATEMENT_PAIR_DAYS,
 * are the two legs of one transfer (the −X in the checking block and the +X in the card block).
 * Rows that classifyStatement left `new`, or a `transfer` to that other statement's account
 * without a recorded leg, and the user did not mark as not a transfer, are paired one to one,
 * closest date first; both become `transfer` with `matchRow` naming the other. Two statements
 * going to one account are never paired (money does not move within an account). Between two
 * statements of different currencies the amounts cannot be equal: the amount sent, converted at
 * its day's rate (as every conversion: that day's, else up to 7 days earlier) into the other
 * currency, must be within STATEMENT_PAIR_TOLERANCE of the amount received — closest date
 * first, then closest amount. Without a rate for the day nothing is paired by amount; two rows
 * that a counterparty or rule made transfers to each other's account are paired still (closest
 * date first). The transfer keeps both amounts. Run after classifyStatement, which clears every
 * row's pair.
 */
export async function pairStatements(
  db: Executor,
  userId: string,
  scope: ImportRowsScope,
  accounts: StatementAccounts,
  currencies: Array<string | null>,
): Promise<void> {
  if (accounts.length < 2) return;
  const repository = createClassificationRepository(db);
  const candidates = await repository.withHashJoins(() =>
    repository.statementPairCandidates(
      userId,
      scope,
      { accounts, currencies },
      { days: STATEMENT_PAIR_DAYS, tolerance: STATEMENT_PAIR_TOLERANCE },
    ),
  );
  const legs = statementLegs(candidates);
  if (legs.length > 0) await repository.writeStatementPairs(scope.importId, legs);
}

/** Each pair (one to one, in the candidates' order) as its two legs, each naming the other. */
function statementLegs(candidates: StatementPairCandidate[]) {
  const accountAt = new Map<number, string | null>();
  for (const row of candidates) {
    accountAt.set(row.out_position, row.out_account);
    accountAt.set(row.in_position, row.in_account);
  }
  const pairs = pairOneToOne(
    candidates.map((row) => ({ position: row.out_position, id: String(row.in_position) })),
  );
  const legs: Array<{ position: number; other: number; accountId: string | null }> = [];
  for (const [out, into] of pairs) {
    const other = Number(into);
    legs.push(
      { position: out, other, accountId: accountAt.get(other) ?? null },
      { position: other, other: out, accountId: accountAt.get(out) ?? null },
    );
  }
  return legs;
}
