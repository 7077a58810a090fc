import type { Executor } from '../../db/database';
import { createBulkEditService } from './bulk-edit-service';
import { domainReaders, type ReadersFor } from './domain-readers';
import { createTransactionReads } from './transaction-reads';
import { createTransactionWriter } from './transaction-writer';
import { createTrashService } from './trash-service';

export type {
  NewTransactionRow,
  TransactionSnapshot,
  TransactionSource,
} from './transactions-repository';
export type { TransactionLinks, WriteOptions } from './write-steps';

/**
 * The transactions service, composed of its parts (README.md): the one writer of transactions
 * (transaction-writer.ts), the reads (transaction-reads.ts), the trash (trash-service.ts) and
 * the bulk edit (bulk-edit-service.ts). `readers` are what it reads of other domains
 * (domain-readers.ts).
 */
export function createTransactionsService(db: Executor, readers: ReadersFor = domainReaders) {
  return {
    ...createTransactionWriter(db, readers),
    ...createTransactionReads(db, readers),
    ...createTrashService(db),
    ...createBulkEditService(db, readers),
  };
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
