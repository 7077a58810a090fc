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
  const area = signedInArea(app, options.authenticate, 'transactions');
  await app.register(transactionsReadRoutes, { ...options, area });
  await app.register(transactionsWriteRoutes, { ...options, area });
  await app.register(transactionsBulkRoutes, { ...options, area });
  await app.register(transactionsTrashRoutes, { ...options, area });
}
