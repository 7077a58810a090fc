import { describe, expect, it } from 'vitest';
import { todayIn } from './calendar-date';

describe('todayIn', () => {
  const instant = new Date('2026-11-23T23:30:00Z');

  it('gives the date of the zone, not of UTC', () => {
    expect(todayIn('UTC', instant)).toBe('2026-11-23');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2026-11-24');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-11-23');
  });

  it('keeps answering per zone when the formatter is reused', () => {
    expect(todayIn('Asia/Tokyo', new Date('2026-01-01T14:59:00Z'))).toBe('2026-01-01');
    expect(todayIn('Asia/Tokyo', new Date('2026-01-01T15:00:00Z'))).toBe('2026-01-02');
    expect(todayIn('asia/tokyo', new Date('2026-01-01T15:00:00Z'))).toBe('2026-01-02');
  });

  it('throws for an unknown zone every time', () => {
    expect(() => todayIn('Mars/Olympus_Mons', instant)).toThrow(RangeError);
    expect(() => todayIn('Mars/Olympus_Mons', instant)).toThrow(RangeError);
  });
});
