import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../../db/database';
import type { BankConnectionRow } from '../../db/schema';
import { ErrorCode } from '@moneta/shared';
import { conflict } from '../../http/app-error';
import type { HouseholdId } from '../households/household-id';
import type { CommitWriters } from '../imports/commit-import';
import { createBankConnectionsRepository } from './bank-connections-repository';
import { createEnableBankingClient } from './providers/enablebanking-client';
import type { OutboundPolicy } from './providers/provider-http';
import { createRequestBudget, type RequestBudget } from './providers/request-budget';
import {
  createSimplefinClient,
  SIMPLEFIN_REQUESTS_PER_DAY,
  type SimplefinClient,
} from './providers/simplefin-client';
import type { SecretBox } from './secrets/secret-box';

/** How the server reaches the banks' providers (config.ts: the BANK_* and SECRETS_KEY settings). */
export interface BankSettings {
  secretBox: SecretBox;
  policy: OutboundPolicy;
  enableBankingUrl: string;
  /** Where the bank sends the person back (PUBLIC_URL); Enable Banking needs it. */
  publicUrl?: string | undefined;
  /** Days the first sync reads (BANK_SYNC_FIRST_DAYS). */
  firstDays: number;
  /** Hours between scheduled syncs (BANK_SYNC_INTERVAL_HOURS); null: off. */
  intervalHours: number | null;
}

/** What every part of the bank connections domain works with. */
export interface BankContext extends BankSettings {
  db: Database;
  writers: CommitWriters;
  now: () => Date;
  logger?: FastifyBaseLogger | undefined;
  /** Where a sync's lock across instances is taken; without it, this instance's own count. */
  lockPool?: pg.Pool | undefined;
}

const HOUR_MS = 60 * 60 * 1000;
/** A scheduled sync lands anywhere in the last tenth of its interval: instances spread out. */
const JITTER_SHARE = 0.1;

/** When the connection syncs next: the interval minus a random jitter; null when off. */
export function nextSyncAt(context: BankContext): Date | null {
  if (context.intervalHours === null) return null;
  const interval = context.intervalHours * HOUR_MS;
  return new Date(context.now().getTime() + interval - Math.random() * interval * JITTER_SHARE);
}

/** The context a sealed secret is bound to: a copied secret does not open on another row. */
export const connectionSecretContext = (id: string) => `bank-connection:${id}`;
export const appKeyContext = (householdId: HouseholdId) => `enablebanking-app:${householdId}`;

/** The connection's request budget, from the request times kept with it. */
export function budgetOf(context: BankContext, row: BankConnectionRow): RequestBudget {
  return createRequestBudget({
    limit: SIMPLEFIN_REQUESTS_PER_DAY,
    spentAt: row.requestTimes,
    now: context.now,
  });
}

export function simplefinClientOf(
  context: BankContext,
  row: BankConnectionRow,
  budget: RequestBudget,
): SimplefinClient {
  const accessUrl = context.secretBox.open(row.secret ?? '', connectionSecretContext(row.id));
  return createSimplefinClient(accessUrl, budget, { policy: context.policy, now: context.now });
}

/** The household's Enable Banking client, or 409 BANK_APP_MISSING. */
export async function enableBankingClientOf(context: BankContext, householdId: HouseholdId) {
  const app = await createBankConnectionsRepository(context.db).findApp(householdId);
  if (!app) {
    throw conflict(
      'Set up your Enable Banking application (its id and private key) first.',
      ErrorCode.BANK_APP_MISSING,
    );
  }
  return createEnableBankingClient({
    baseUrl: context.enableBankingUrl,
    applicationId: app.applicationId,
    privateKeyPem: context.secretBox.open(app.sealedPrivateKey, appKeyContext(householdId)),
    policy: context.policy,
    now: context.now,
  });
}
