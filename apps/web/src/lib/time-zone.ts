import { isValidTimeZone } from '@moneta/shared';

/** The browser's IANA time zone, sent with login, sign-up and setup so "today" is the user's. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isValidTimeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}
