/**
 * An instant (ISO 8601) as 'Mar 10, 2026, 3:04 PM' in the user's time zone: the zone the app
 * counts their days in, not necessarily the browser's. An unknown zone falls back to the
 * browser's.
 */
export function formatDateTime(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(date);
  }
}
