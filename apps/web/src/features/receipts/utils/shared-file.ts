/**
 * Where the service worker leaves a file shared to Moneta from another app (the web manifest's
 * share target): it answers the share's POST by storing the file here and redirecting to
 * `/receipts?shared=1`. The Response's body is the file, `Content-Type` its type and
 * `X-File-Name` its name, URI-encoded (a header holds only Latin-1).
 */
export const SHARE_CACHE_NAME = 'moneta-share';
export const SHARED_FILE_KEY = '/receipts/shared-file';
const FILE_NAME_HEADER = 'X-File-Name';
const FALLBACK_NAME = 'shared-receipt';

function decodedName(header: string | null): string {
  if (!header) return FALLBACK_NAME;
  try {
    return decodeURIComponent(header) || FALLBACK_NAME;
  } catch {
    // Not valid URI encoding: the raw header is still the best name there is.
    return header;
  }
}

/**
 * The shared file, taken out of the cache so that it is offered once (a reload of the page does
 * not bring it back); null when there is none or the browser has no Cache Storage (plain HTTP).
 */
export async function takeSharedFile(): Promise<File | null> {
  if (typeof caches === 'undefined') return null;
  try {
    const cache = await caches.open(SHARE_CACHE_NAME);
    const response = await cache.match(SHARED_FILE_KEY);
    if (!response) return null;
    const bytes = await response.arrayBuffer();
    await cache.delete(SHARED_FILE_KEY);
    const type = response.headers.get('Content-Type') ?? '';
    return new File([bytes], decodedName(response.headers.get(FILE_NAME_HEADER)), { type });
  } catch {
    // Storage refused (private mode, quota): as if nothing had been shared.
    return null;
  }
}
