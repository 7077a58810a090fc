import { createExpiringMap } from './expiring-map';

export interface RecentLookupOptions {
  /** How long a found value serves further requests. */
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * Remembers what `load` found for `ttlMs`: concurrent and repeated lookups of one key within the
 * window share one query. A value not found (or a failed lookup) is not remembered, so it is
 * asked again next time. `forget` drops a key at once, for changes made by this process.
 */
export function createRecentLookup<V>(
  load: (key: string) => Promise<V | undefined>,
  options: RecentLookupOptions,
) {
  const now = options.now ?? Date.now;
  const recent = createExpiringMap<string, Promise<V | undefined>>(options.maxEntries ?? 10_000);
  return {
    get(key: string): Promise<V | undefined> {
      const remembered = recent.get(key, now());
      if (remembered) return remembered;
      const value = load(key);
      recent.set(key, value, now() + options.ttlMs);
      const forgetThisLookup = () => recent.deleteIfHolds(key, value);
      value.then((found) => found ?? forgetThisLookup(), forgetThisLookup);
      return value;
    },
    forget(key: string) {
      recent.delete(key);
    },
  };
}
