/**
 * The database, one file per domain (docs/database.md): each table with the notes on the
 * triggers that watch it and its row type beside it. Code imports tables from here
 * (`db/schema`), never from a domain's file, so a table can move between files freely.
 */
export * from './users';
export * from './households';
export * from './accounts';
export * from './transfers';
export * from './transactions';
export * from './attachments';
export * from './categories';
export * from './saved-filters';
export * from './budgets';
export * from './goals';
export * from './recurring';
export * from './receipts';
export * from './rules';
export * from './imports';
export * from './bank-connections';
export * from './rates';
export * from './sessions';
export * from './api-tokens';
export * from './two-factor';
export * from './passkeys';
export * from './auth';
export * from './security-events';
export * from './idempotency';
export * from './answer-cache';
