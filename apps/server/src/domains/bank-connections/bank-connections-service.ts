import {
  ErrorCode,
  type AccountType,
  type BankAccountMapping,
  type BankConnection,
} from '@moneta/shared';
import { HEAVY_WORK_PER_SERVER } from '../../db/database';
import type { BankConnectionRow, UserRow } from '../../db/schema';
import { AppError, conflict } from '../../http/app-error';
import { isId, newId } from '../../lib/ids';
import { accountNotFound } from '../accounts/accounts-service';
import { adjustBalance } from './balance-adjustment';
import type { HouseholdId } from '../households/household-id';
import { toBankConnectionDto } from './bank-connection-dto';
import {
  budgetOf,
  connectionSecretContext,
  enableBankingClientOf,
  nextSyncAt,
  simplefinClientOf,
  type BankContext,
} from './bank-context';
import { createBankConnectionsRepository } from './bank-connections-repository';
import { asRequest, bankAccountNotFound, connectionNotFound } from './bank-errors';
import { saveSimplefinAccounts, syncConnection } from './bank-sync';
import { createBankSyncLock } from './bank-sync-lock';
import { createEnableBankingFlow } from './enablebanking-flow';
import { claimAccessUrl } from './providers/simplefin-client';

/** The bank's kind of account as a Moneta account type (ISO 20022 cash account types). */
export function accountTypeOf(bankType: string | null): AccountType {
  if (bankType === 'CARD') return 'credit';
  if (bankType === 'SVGS') return 'savings';
  return 'checking';
}

const busy = () =>
  new AppError(409, ErrorCode.BUSY, 'This connection is syncing already; it ends by itself.');

/** When a person may try again after the server-wide limit refused their sync. */
const SERVER_BUSY_RETRY_SECONDS = 30;
const serverBusy = () =>
  new AppError(
    409,
    ErrorCode.BUSY,
    'The server is syncing other banks. Please try again in a minute.',
    SERVER_BUSY_RETRY_SECONDS,
  );

/**
 * Bank connections of a household (docs/bank-sync.md): SimpleFIN by setup token, Enable
 * Banking by its consent flow (enablebanking-flow.ts), the mapping of the bank's accounts, and
 * syncs now or on schedule (bank-sync.ts), one at a time per connection across instances.
 */
export function createBankConnectionsService(context: BankContext) {
  const { db } = context;
  const repository = createBankConnectionsRepository(db);
  const lock = createBankSyncLock(context.lockPool);
  const running = new Set<Promise<void>>();

  async function found(householdId: HouseholdId, id: string): Promise<BankConnectionRow> {
    if (!isId(id)) throw connectionNotFound();
    const row = await repository.find(householdId, id);
    if (!row) throw connectionNotFound();
    return row;
  }

  async function answer(row: BankConnectionRow): Promise<BankConnection> {
    const accounts = await repository.accounts(row.householdId as HouseholdId, row.id);
    return toBankConnectionDto(row, accounts, context.now());
  }

  /** Runs a sync whose lock is taken, in the background; close() waits for it. */
  function startSync(release: () => Promise<void>, row: BankConnectionRow) {
    const work = syncConnection(context, row)
      .catch((error: unknown) => context.logger?.error({ err: error }, 'bank sync failed'))
      .finally(() => release())
      .finally(() => running.delete(work));
    running.add(work);
  }

  /** Takes the lock and marks the connection syncing; undefined when another sync runs. */
  async function claim(row: BankConnectionRow) {
    const release = await lock.take(row.id);
    if (!release) return undefined;
    const syncing = await repository.update(row.householdId as HouseholdId, row.id, {
      status: 'syncing',
    });
    return { release, syncing: syncing ?? row };
  }

  const flow = createEnableBankingFlow(context, answer);

  return {
    enableBanking: flow,

    async list(householdId: HouseholdId): Promise<BankConnection[]> {
      return Promise.all((await repository.list(householdId)).map(answer));
    },

    async get(householdId: HouseholdId, id: string): Promise<BankConnection> {
      return answer(await found(householdId, id));
    },

    /**
     * Claims the access URL once (the token is spent even if what follows fails, as the
     * protocol has it), seals it, and reads the accounts with their balances (one request).
     */
    async createSimplefin(
      householdId: HouseholdId,
      user: UserRow,
      setupToken: string,
    ): Promise<BankConnection> {
      const accessUrl = await asRequest(() =>
        claimAccessUrl(setupToken, { policy: context.policy, now: context.now }),
      );
      const id = newId();
      const row = await repository.insert(householdId, {
        id,
        provider: 'simplefin',
        name: 'SimpleFIN',
        status: 'ok',
        createdBy: user.id,
        secret: context.secretBox.seal(accessUrl, connectionSecretContext(id)),
        nextSyncAt: nextSyncAt(context),
      });
      const budget = budgetOf(context, row);
      try {
        const set = await asRequest(() => simplefinClientOf(context, row, budget).readBalances());
        await saveSimplefinAccounts(context.db, householdId, id, set);
        const institution = set.accounts.find((account) => account.institution)?.institution;
        await repository.update(householdId, id, {
          ...(institution ? { name: institution.slice(0, 100) } : {}),
          requestTimes: budget.spentAt(),
          ...(set.errors.length ? { lastErrorCode: 'PROVIDER_ERRORS' } : {}),
          ...(set.errors.length ? { lastErrorMessage: set.errors.join(' ').slice(0, 1000) } : {}),
        });
      } catch (error) {
        // The token is spent: keep the connection, marked, rather than lose the access URL.
        const failure = error instanceof AppError ? error : undefined;
        await repository.update(householdId, id, {
          status: 'needs_attention',
          lastErrorCode: failure?.code ?? 'SYNC_FAILED',
          lastErrorMessage: failure?.message ?? 'Reading the accounts failed.',
          requestTimes: budget.spentAt(),
        });
        if (!failure) throw error;
      }
      return answer(await found(householdId, id));
    },

    /** Where a bank account's rows go: an account of the household, a new one, or nowhere. */
    async map(
      householdId: HouseholdId,
      user: UserRow,
      id: string,
      providerAccountId: string,
      mapping: BankAccountMapping,
    ): Promise<BankConnection> {
      const row = await found(householdId, id);
      const account = (await repository.accounts(householdId, id)).find(
        (candidate) => candidate.providerAccountId === providerAccountId,
      );
      if (!account) throw bankAccountNotFound();
      await db.transaction(async (tx) => {
        const scoped = createBankConnectionsRepository(tx);
        let accountId: string | null;
        if ('create' in mapping) {
          accountId = await context.writers.accounts.createImported(tx, householdId, user.id, {
            name: mapping.create.name,
            type: mapping.create.type ?? accountTypeOf(account.type),
            openingBalance: 0,
            currency: account.currency,
          });
        } else {
          accountId = mapping.accountId;
          if (accountId !== null) {
            const currency = isId(accountId)
              ? await scoped.accountCurrency(householdId, accountId)
              : undefined;
            if (!currency) throw accountNotFound();
            if (currency !== account.currency) {
              throw conflict(
                `This bank account holds ${account.currency}; choose an account in ${account.currency} or create one.`,
                ErrorCode.BANK_CURRENCY_MISMATCH,
              );
            }
          }
        }
        await scoped.updateAccount(householdId, id, providerAccountId, {
          accountId,
          isIgnored: accountId === null,
        });
      });
      return answer(row);
    },

    /** A new Enable Banking consent for the same connection and mappings (owners). */
    async renew(householdId: HouseholdId, user: UserRow, id: string) {
      return flow.renew(householdId, user, await found(householdId, id));
    },

    /** A transaction of the difference, so Moneta counts what the bank says (balance-adjustment.ts). */
    async adjust(
      householdId: HouseholdId,
      user: UserRow,
      id: string,
      providerAccountId: string,
    ): Promise<BankConnection> {
      const row = await found(householdId, id);
      const account = (await repository.accounts(householdId, id)).find(
        (candidate) => candidate.providerAccountId === providerAccountId,
      );
      if (!account) throw bankAccountNotFound();
      await adjustBalance(context, user, account);
      return answer(row);
    },

    /** Starts a sync now (202): the answer says `syncing`; a sync under way → 409 BUSY. */
    async syncNow(householdId: HouseholdId, id: string): Promise<BankConnection> {
      const row = await found(householdId, id);
      if (row.status === 'pending') {
        throw conflict('Finish connecting at the bank first.', ErrorCode.CONFLICT);
      }
      if (running.size >= HEAVY_WORK_PER_SERVER) throw serverBusy();
      const claimed = await claim(row);
      if (!claimed) throw busy();
      startSync(claimed.release, claimed.syncing);
      return answer(claimed.syncing);
    },

    /** Syncs every connection due, each under its lock (the scheduler's turn). */
    async syncDue(limit: number): Promise<number> {
      let started = 0;
      for (const row of await repository.due(context.now(), limit)) {
        // Heavy work (docs/reliability.md): at most this many at once on a server; the rest
        // are still due at the next look.
        if (running.size >= HEAVY_WORK_PER_SERVER) break;
        const claimed = await claim(row);
        if (!claimed) continue;
        startSync(claimed.release, claimed.syncing);
        started += 1;
      }
      return started;
    },

    /** Deletes the connection and its sealed secret; an Enable Banking session is closed first. */
    async delete(householdId: HouseholdId, id: string): Promise<void> {
      const row = await found(householdId, id);
      if (row.provider === 'enablebanking' && row.sessionId) {
        try {
          const client = await enableBankingClientOf(context, householdId);
          await client.deleteSession(row.sessionId);
        } catch (error) {
          // The bank's side ends with the consent anyway; the person's disconnect must not wait.
          context.logger?.warn(
            { connectionId: id, code: (error as { code?: string }).code },
            'closing the Enable Banking session failed',
          );
        }
      }
      if (!(await repository.delete(householdId, id))) throw connectionNotFound();
    },

    /** Waits for the syncs under way (the app closing). */
    async close(): Promise<void> {
      await Promise.all([...running]);
    },
  };
}

export type BankConnectionsService = ReturnType<typeof createBankConnectionsService>;
