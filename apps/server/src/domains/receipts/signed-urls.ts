import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a file URL works: long enough to show a page, short enough to be useless if leaked. */
export const FILE_URL_LIFETIME_SECONDS = 15 * 60;

export interface FileUrlSigner {
  /** `/api/receipts/<id>/file?expires=…&signature=…`; handed only to the receipt's owner. */
  urlFor(receiptId: string, now?: Date): string;
  /** True when the signature is ours for this receipt and has not expired. */
  verify(receiptId: string, expires: number, signature: string, now?: Date): boolean;
}

/**
 * Signed, expiring file URLs, so that an <img src> can show a receipt without an
 * Authorization header. The key is derived from the token secret (never the secret itself).
 */
export function createFileUrlSigner(secret: string): FileUrlSigner {
  const key = createHmac('sha256', secret).update('moneta receipt file urls').digest();
  const sign = (receiptId: string, expires: number) =>
    createHmac('sha256', key).update(`${receiptId}:${expires}`).digest('base64url');

  return {
    urlFor(receiptId, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + FILE_URL_LIFETIME_SECONDS;
      return `/api/receipts/${receiptId}/file?expires=${expires}&signature=${sign(receiptId, expires)}`;
    },
    verify(receiptId, expires, signature, now = new Date()) {
      if (!Number.isInteger(expires) || expires < Math.floor(now.getTime() / 1000)) return false;
      const expected = Buffer.from(sign(receiptId, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
