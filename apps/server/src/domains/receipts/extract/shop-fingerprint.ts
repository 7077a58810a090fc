// Who printed a receipt, as far as its text says: what a user's correction is remembered by, and
// what the next receipt of the same shop is recognised by (docs/receipts.md).

/** A shop's marks on one receipt. */
export interface ShopFingerprint {
  /** The header lines as printed (the top lines before the first item), kept with the receipt. */
  header: string[];
  /** Tax or VAT id, upper case without spaces or punctuation. */
  taxId: string | null;
  /** Phone number, digits only. */
  phone: string | null;
}

const MAX_HEADER_LINES = 8;
// The first line with an amount or a date ends the header: items, totals and the till's line.
const ENDS_HEADER = /\d[.,]\d{2}(?!\d)|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{1,2}:\d{2}|\d{4}年/;
// Ids after their label: USt-IdNr, UID, St.-Nr., VAT, GST (REG) NO, TVA, SIRET, P.IVA, C.F.,
// CIF/NIF, ABN, BTW, KvK, 登録番号; the value is the next run of digits, letters and separators
// holding at least six digits.
const TAX_ID =
  /(?:USt[\s.-]*Id[\s.-]*Nr|UID[\s.-]*Nr|St(?:euer)?[\s.-]*Nr|VAT(?:\s*(?:REG|NO|NUMBER|ID))*|GST(?:\s*(?:REG|NO|ID))*|TVA(?:\s*INTRACOM)?|SIRET|SIREN|P\.?\s?IVA|PARTITA\s+IVA|C\.?\s?F\.?|CIF|N\.?I\.?F|ABN|BTW|KVK|登録番号)[\s.:#-]*([A-Z]{0,3}[\s/.-]?\d[\d\s/.-]{4,22}\d[A-Z]?)/i;
const PHONE =
  /(?:TEL|PHONE|PH|FON|TELEFON|TÉL|TELÉFONO|電話)?[\s.:]*(\+?\(?\d{2,5}\)?[\s/.-]?\d{2,4}[\s/.-]?\d{3,5})(?![\d.,])/i;

/** Upper-case letters and digits of a header line: how two prints of it are compared. */
export function normalizeHeaderLine(line: string): string {
  return line
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The receipt's header lines, tax id and phone number, from its text (one printed line a line). */
export function shopFingerprint(text: string): ShopFingerprint {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const header: string[] = [];
  for (const line of lines) {
    if (header.length >= MAX_HEADER_LINES || ENDS_HEADER.test(line)) break;
    header.push(line.slice(0, 120));
  }
  let taxId: string | null = null;
  for (const line of lines) {
    const match = TAX_ID.exec(line);
    const value = match?.[1] && normalizeHeaderLine(match[1]);
    if (value && (value.match(/\d/g) ?? []).length >= 6) {
      taxId = value;
      break;
    }
  }
  let phone: string | null = null;
  for (const line of lines.slice(0, 12)) {
    if (TAX_ID.test(line)) continue;
    const digits = PHONE.exec(line)?.[1]?.replace(/\D/g, '');
    if (digits && digits.length >= 7 && digits.length <= 15) {
      phone = digits;
      break;
    }
  }
  return { header, taxId, phone };
}

/**
 * Whether two receipts come from the same shop: the same tax id, or the same phone number, or
 * header lines that mostly agree (at least two, and at least 60% of the shorter header) — the
 * name, street and town of a shop are printed the same each time, however the logo reads.
 */
export function isSameShop(
  a: ShopFingerprint | { taxId: string | null; phone: string | null; headerLines: string[] },
  b: ShopFingerprint,
): boolean {
  if (a.taxId && b.taxId) return a.taxId === b.taxId;
  if (a.phone && b.phone && a.phone === b.phone) return true;
  const linesOf = (shop: typeof a) =>
    new Set(
      ('headerLines' in shop ? shop.headerLines : shop.header.map(normalizeHeaderLine)).filter(
        (line) => line.length >= 4,
      ),
    );
  const left = linesOf(a);
  const right = linesOf(b);
  let common = 0;
  for (const line of left) if (right.has(line)) common++;
  return common >= 2 && common >= 0.6 * Math.min(left.size, right.size);
}
