import { describe, expect, it } from 'vitest';
import { createExpiringMap } from '../../src/lib/expiring-map';

describe('createExpiringMap', () => {
  it('answers until the expiry, then forgets', () => {
    const map = createExpiringMap<string, number>(10);
    map.set('a', 1, 100);
    expect(map.get('a', 99)).toBe(1);
    expect(map.get('a', 100)).toBeUndefined();
    expect(map.get('a', 0)).toBeUndefined();
  });

  it('lets the oldest entry go when full, not a replaced one', () => {
    const map = createExpiringMap<string, number>(2);
    map.set('a', 1, 100);
    map.set('b', 2, 100);
    map.set('a', 3, 100);
    map.set('c', 4, 100);
    expect([map.get('a', 0), map.get('b', 0), map.get('c', 0)]).toEqual([3, undefined, 4]);
  });

  it('deletes an entry only while it still holds the given value', () => {
    const map = createExpiringMap<string, number>(10);
    map.set('a', 1, 100);
    map.set('a', 2, 100);
    map.deleteIfHolds('a', 1);
    expect(map.get('a', 0)).toBe(2);
    map.deleteIfHolds('a', 2);
    expect(map.get('a', 0)).toBeUndefined();
  });
});
