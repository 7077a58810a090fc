/**
 * The header that makes `POST /transactions` safe to retry (docs/api.md, Idempotency): the same key
 * and body within 24 hours returns the first answer and creates nothing new. Its value's schema is
 * `idempotencyKeySchema` (transaction-schemas.ts): this module stays free of zod, because the
 * dashboard's offline queue needs the name, and a zod schema built here would make the
 * dashboard's first load wait for the validation library (build/page-preloads.ts checks it).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
