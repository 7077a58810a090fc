import { todayIn } from '@moneta/shared/calendar-date';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '@moneta/shared/time-zone';

/** The browser's IANA time zone, sent with login, sign-up and setup so "today" is the user's. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isValidTimeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Today, YYYY-MM-DD, in the user's time zone: the server counts dates there too. Without a zone,
 * or with one this browser does not know, the browser's own zone stands in (UTC at the last).
 */
export function todayInUserZone(timeZone: string | undefined, now = new Date()): string {
  if (timeZone) {
    try {
      return todayIn(timeZone, now);
    } catch {
      // An unknown zone: fall back below.
    }
  }
  return todayIn(browserTimeZone() ?? DEFAULT_TIME_ZONE, now);
}
