/**
 * The share target (docs/architecture.md, Web app): a photo or PDF shared from the phone is POSTed
 * by the system to SHARE_ACTION; the service worker keeps the file in Cache Storage and sends the
 * browser to the receipts page, which picks it up from there. Shared by the worker and the page, so
 * both use the same names.
 */
export const SHARE_ACTION = '/receipts/share';
export const SHARE_CACHE = 'moneta-share';
export const SHARED_FILE_KEY = '/receipts/shared-file';
/** The header that carries the file's name (URI-encoded) on the cached response. */
export const SHARED_FILE_NAME_HEADER = 'X-File-Name';
