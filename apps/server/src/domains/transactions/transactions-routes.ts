import { signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import type { Authenticate } from '../../plugins/authenticate';
import type { IdempotencyService } from '../idempotency/idempotency-service';
import { transactionsBulkRoutes } from './transactions-bulk-routes';
import { transactionsReadRoutes } from './transactions-read-routes';
import { transactionsTrashRoutes } from './transactions-trash-routes';
import { transactionsWriteRoutes } from './transactions-write-routes';
import type { TransactionsService } from './transactions-service';

export interface TransactionsRoutesOptions {
  transactions: TransactionsService;
  idempotency: IdempotencyService;
  authenticate: Authenticate;
}

/** What the route files of /transactions share: the service and the area's documentation. */
export interface TransactionsAreaOptions extends TransactionsRoutesOptions {
  area: ReturnType<typeof signedInArea>;
}

/**
 * /transactions: its routes by job (reads, writes, bulk changes, the trash), each file a plugin
 * under this one, so that the authentication and fair-share hooks added here cover them all.
 */
export async function transactionsRoutes(
  app: App,
  options: TransactionsRoutesOptions,
): Promise<void> {
  // Named one by one: `options` also holds this plugin's own `prefix`, which would nest.
  const { transactions, idempotency, authenticate } = options;
  const area = signedInArea(app, authenticate, 'transactions');
  const shared = { transactions, idempotency, authenticate, area };
  await app.register(transactionsReadRoutes, shared);
  await app.register(transactionsWriteRoutes, shared);
  await app.register(transactionsBulkRoutes, shared);
  await app.register(transactionsTrashRoutes, shared);
}
