import { ErrorCode, isCatalogueCurrency, type ImportCommitInput } from '@moneta/shared';
import type { Executor } from '../../db/database';
import type { StoredImportStatement, UserRow } from '../../db/schema';
import { badRequest } from '../../http/app-error';
import { createAccountsReader } from '../accounts/accounts-reader';
import { assertOwnAccount, type AccountsService } from '../accounts/accounts-service';
import type { RowChoice } from './import-row-types';
import { sameAccount } from './statement-accounts';
import { defaultHouseholdOf } from '../households/default-household';

/**
 * The statements with the user's choices at commit applied, new accounts still null: each named
 * key must be one of the file's (400 otherwise), each account one of the user's (404).
 */
export async function chooseStatementAccounts(
  tx: Executor,
  userId: string,
  statements: StoredImportStatement[],
  choices: NonNullable<ImportCommitInput['statements']>,
): Promise<StoredImportStatement[]> {
  const chosen = statements.map((statement) => ({ ...statement }));
  // An account matched at upload may have been deleted since: its statement goes to a new one.
  const accounts = createAccountsReader(tx);
  for (const statement of chosen) {
    if (
      statement.accountId &&
      !(await accounts.isOwn((await defaultHouseholdOf(tx, userId)).id, statement.accountId))
    ) {
      statement.accountId = null;
      statement.matchedBy = null;
    }
  }
  for (const choice of choices) {
    const statement = chosen[choice.key];
    if (!statement) {
      throw badRequest(
        `The file has no statement ${choice.key}: its statements are 0 to ${statements.length - 1}.`,
        ErrorCode.NO_SUCH_STATEMENT,
      );
    }
    if (choice.accountId !== null) {
      await assertOwnAccount(tx, (await defaultHouseholdOf(tx, userId)).id, choice.accountId);
    }
    statement.accountId = choice.accountId;
    statement.matchedBy = choice.accountId === null ? null : 'choice';
    if (choice.name !== undefined) statement.suggestedName = choice.name;
  }
  return chosen;
}

/**
 * Creates, through the accounts service, the accounts of the statements that go to new ones,
 * with the statement's type and identifier (unless another account carries it: an identifier
 * names one account). The first of an app's export (`isAppExport`) takes over the user's
 * untouched default account instead, when every statement goes to a new one
 * (accounts/default-account-takeover.ts).
 */
export async function createStatementAccounts(
  tx: Executor,
  accounts: AccountsService,
  user: UserRow,
  statements: StoredImportStatement[],
  isAppExport: boolean,
): Promise<StoredImportStatement[]> {
  const reader = createAccountsReader(tx);
  let spareDefault =
    isAppExport && statements.every((statement) => !statement.accountId)
      ? await accounts.untouchedDefault(tx, await defaultHouseholdOf(tx, user.id))
      : undefined;
  for (const [index, statement] of statements.entries()) {
    if (statement.accountId) continue;
    // A later statement of the same account (sameAccount) goes to the one made for the first.
    const earlier = statements
      .slice(0, index)
      .find((other) => other.isCreated && sameAccount(other, statement));
    if (earlier) {
      statement.accountId = earlier.accountId;
      statement.isCreated = true;
      continue;
    }
    const identifier = statement.identifier;
    const isFree =
      identifier !== null &&
      (await reader.holdingIdentifiers((await defaultHouseholdOf(tx, user.id)).id, [identifier]))
        .length === 0;
    const input = {
      name: statement.suggestedName,
      type: statement.type,
      openingBalance: 0,
      identifiers: isFree ? [identifier] : [],
      // The statement's currency (OFX CURDEF) when it is one Moneta knows; else the base.
      ...(statement.currency && isCatalogueCurrency(statement.currency)
        ? { currency: statement.currency }
        : {}),
    };
    if (spareDefault) {
      await accounts.takeOverDefault(
        tx,
        (await defaultHouseholdOf(tx, user.id)).id,
        spareDefault,
        input,
      );
      statement.accountId = spareDefault;
      spareDefault = undefined;
    } else {
      statement.accountId = await accounts.createImported(
        tx,
        (await defaultHouseholdOf(tx, user.id)).id,
        user.id,
        input,
      );
    }
    statement.isCreated = true;
  }
  return statements;
}

/**
 * The accounts the user chose rows to be transfers to must be theirs (else 404, like any id
 * of someone else's) and not the import's own account (400).
 */
export async function assertTransferAccounts(
  tx: Executor,
  userId: string,
  importAccountId: string,
  choices: Iterable<RowChoice>,
): Promise<void> {
  const chosen = new Set<string>();
  for (const choice of choices) if (choice.transferAccountId) chosen.add(choice.transferAccountId);
  for (const accountId of chosen) {
    if (accountId === importAccountId) {
      throw badRequest(
        "A transfer moves money to another account: choose an account other than the import's.",
        ErrorCode.TRANSFER_TO_SAME_ACCOUNT,
      );
    }
    await assertOwnAccount(tx, (await defaultHouseholdOf(tx, userId)).id, accountId);
  }
}
