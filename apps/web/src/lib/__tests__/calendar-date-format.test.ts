import { afterEach, describe, expect, it } from 'vitest';
import { formatCalendarDate, formatShortCalendarDate } from '../calendar-date-format';

const originalZone = process.env.TZ;

describe('formatCalendarDate', () => {
  afterEach(() => {
    process.env.TZ = originalZone;
  });

  it('shows the stored calendar date, whatever the time zone', () => {
    for (const zone of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
      process.env.TZ = zone;
      expect(formatCalendarDate('2026-03-10')).toBe('Mar 10, 2026');
      expect(formatCalendarDate('2026-01-01')).toBe('Jan 1, 2026');
      expect(formatCalendarDate('2024-12-31')).toBe('Dec 31, 2024');
    }
  });

  it('does what new Date() would get wrong west of Greenwich', () => {
    process.env.TZ = 'America/Los_Angeles';
    // The trap the helper avoids: a bare date is read as UTC midnight, the day before here.
    expect(new Date('2026-03-10').getDate()).toBe(9);
    expect(formatCalendarDate('2026-03-10')).toBe('Mar 10, 2026');
  });

  it('formats chart labels and leaves malformed values as they are', () => {
    expect(formatShortCalendarDate('2026-11-02')).toBe('Nov 2');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });
});
