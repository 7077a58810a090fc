export const DEFAULT_TIME_ZONE = 'UTC';

/** True for any IANA zone name this runtime knows (the same check on server and client). */
export function isValidTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
