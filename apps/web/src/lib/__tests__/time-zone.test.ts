import { todayIn } from '@moneta/shared/calendar-date';
import { describe, expect, it } from 'vitest';
import { browserTimeZone, todayInUserZone } from '../time-zone';

describe("today in the user's time zone", () => {
  const now = new Date('2026-03-31T23:30:00Z');

  it("is the date in the user's zone, whatever the browser's", () => {
    expect(todayInUserZone('Asia/Tokyo', now)).toBe('2026-04-01');
    expect(todayInUserZone('America/Los_Angeles', now)).toBe('2026-03-31');
  });

  it("falls back to the browser's zone without a zone, or with one unknown here", () => {
    const browsers = todayIn(browserTimeZone() ?? 'UTC', now);
    expect(todayInUserZone(undefined, now)).toBe(browsers);
    expect(todayInUserZone('Mars/Olympus_Mons', now)).toBe(browsers);
  });
});
