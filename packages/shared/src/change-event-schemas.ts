import { z } from './zod';

/**
 * Live changes (docs/api.md, Live changes): the parts of a household's data a change can name.
 * A client refreshes what it shows of each domain named.
 */
export const CHANGE_DOMAINS = [
  'transactions',
  'accounts',
  'budgets',
  'categories',
  'goals',
  'recurring',
  'rules',
  'receipts',
  'imports',
  'rates',
  'households',
] as const;
export type ChangeDomain = (typeof CHANGE_DOMAINS)[number];

export const LIVE_CHANGE_LIMITS = {
  /** Changes within this long are sent as one event. */
  coalesceMs: 250,
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: 25_000,
  /** How long a client waits before it reconnects (the stream's `retry:`). */
  retryMs: 3_000,
  /** Open streams one user may hold (tabs and devices); one more is a 429. */
  streamsPerUser: 10,
} as const;

/** The `data:` of an `event: change`. */
export const changeEventSchema = z.object({ domains: z.array(z.enum(CHANGE_DOMAINS)) });
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/** `GET /events`: a browser's EventSource sends no headers, so it may name the household here. */
export const changeStreamQuerySchema = z.object({ household: z.string().max(64).optional() });
