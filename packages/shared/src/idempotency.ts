import { z } from './zod';

/**
 * The header that makes `POST /transactions` safe to retry (DESIGN §5.6): the same key and
 * body within 24 hours returns the first answer and creates nothing new.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** 1–200 visible ASCII characters (no spaces): a UUID, as the web client sends, fits easily. */
export const idempotencyKeySchema = z
  .string()
  .regex(
    /^[\x21-\x7e]{1,200}$/,
    'Idempotency-Key must be 1 to 200 visible ASCII characters, without spaces.',
  );
