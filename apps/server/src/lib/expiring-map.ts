/**
 * A map whose entries expire, holding at most `maxEntries`: when full, the oldest entry leaves
 * (a Map keeps insertion order). Expired entries are dropped when read.
 */
export function createExpiringMap<K, V>(maxEntries: number) {
  const entries = new Map<K, { value: V; expiresAt: number }>();
  return {
    get(key: K, now: number): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt > now) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: K, value: V, expiresAt: number) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expiresAt });
    },
    delete(key: K) {
      entries.delete(key);
    },
    /** Deletes the entry only while it still holds `value` (a newer one stays). */
    deleteIfHolds(key: K, value: V) {
      if (entries.get(key)?.value === value) entries.delete(key);
    },
  };
}
