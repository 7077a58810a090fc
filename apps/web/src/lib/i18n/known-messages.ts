import type { TFunction } from 'i18next';

/** How a feature says an English text it knows in the user's language. */
export interface KnownMessage {
  (t: TFunction, message: string): string;
  (t: TFunction, message: string | undefined): string | undefined;
}

/**
 * Shared validation rules and the browser's own errors speak English (the server sends the same
 * words); a feature lists those it shows, each with its key, and a text not listed (a server's
 * message) is shown as it came.
 */
export function knownMessages(keys: Readonly<Record<string, string>>): KnownMessage {
  return ((t: TFunction, message: string | undefined) => {
    if (message === undefined) return undefined;
    const key = keys[message];
    return key ? t(key) : message;
  }) as KnownMessage;
}
