import type { Extracted, ReceiptLine } from './receipt-lines';

// Only the top of a receipt names the shop; further down are items and totals.
const HEADER_LINES = 10;

const COMPANY_SUFFIX =
  /\b(SDN\.?\s?BHD|BHD|BERHAD|ENTERPRISE|ENTERPRISES|TRADING|HARDWARE|RESTAURANT|RESTORAN|CAFE|BAKERY|MART|MARKET|SUPERMARKET|STORE|STORES|SHOP|PHARMACY|LTD|LIMITED|LLC|INC|CORP|CORPORATION|COMPANY|CO|GMBH|PLC|PTE|S\.?A|STATION|HOTEL|KEDAI|BOOKSTORE|STATIONERY|ELECTRICAL|FOOD|FOODS|KITCHEN|GRILL|BAR|PIZZA|COFFEE)\b/i;
// Lines that are part of the header but never the name.
const NOT_NAME = [
  /\b(TEL|PHONE|FAX|H\/?P|MOBILE|EMAIL|E-MAIL|WEBSITE|WWW|HTTP|\.COM|\.MY|\.NET)\b/i,
  /\b(GST|SST|VAT|ABN|TIN|BRN|ROC|REG|CO\.?\s?NO|COMPANY\s?NO|TAX\s?ID|ID\s?NO)\b/i,
  /\b(TAX\s?INVOICE?|INVOICE?|RECEIPT|CASH\s?BILL|CASH\s?SALES?|OFFICIAL|SIMPLIFIED|BILL|ORDER|TABLE|CASHIER|SERVER|DOCUMENT|DOC\s?NO|CHECK|WELCOME|THANK)\b/i,
  /\b(JALAN|JLN|LORONG|TAMAN|TMN|LOT|NO\.\s?\d|STREET|ST\.|ROAD|RD\.?|AVENUE|AVE|BLVD|SUITE|FLOOR|LEVEL|BLOCK|BLK|KAWASAN|PERSIARAN|BANDAR|PLAZA|MALL|SELANGOR|JOHOR|KUALA LUMPUR|PULAU PINANG|PERAK|KEDAH|MELAKA|PAHANG|SABAH|SARAWAK|NEGERI SEMBILAN|TERENGGANU|KELANTAN|PERLIS|PUTRAJAYA)\b/i,
  /^\(?(?=(?:\D*\d){3})[\d\sA-Z-]{4,14}\)?$/, // a registration number alone: "(789417-W)", "001006288896"
  /^\d+[A-Z]?\b[\s,]+[A-Za-z].*\b(SQUARE|SQ|LANE|DRIVE|WAY|PLACE|COURT|CRESCENT|PARADE|TERRACE|HIGHWAY|HWY|BOULEVARD|PARKWAY|PIKE|ROW|GREEN|CLOSE|STRASSE|STR|RUE|VIA|CALLE)\b/i, // "1 Market Square"
  /\d[.,]\d{2}\b/, // amounts belong to items and totals
  /\d{5}/, // postcodes and long numbers belong to addresses and ids
  /\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{1,2}:\d{2}/, // dates and times
];

function letters(text: string): number {
  return (text.match(/[A-Za-z]/g) ?? []).length;
}

export function cleanMerchantName(text: string): string {
  return (
    text
      // Company numbers, bracketed or glued to the name: "(123456-X)", "S/B519537-X".
      .replace(/\(?\s*\d{5,}[\s-]*[A-Z]?\s*\)?(?![\d.])/g, ' ')
      .replace(/\(\s*\d{3,}[\s-]*[A-Z]?\s*\)/gi, ' ')
      .replace(/\b(?:CO\.?\s?REG|CO\.?\s?NO|COMPANY\s?NO)\b.*$/i, ' ')
      // OCR misreads of the common Malaysian suffix: "SDNBHD", "SON BHD", "SDN 3HD", "SDN BHO".
      .replace(/S[DO0I][NM][\s.]*[B8K3][HA][DO0]\.?(?![A-Z])/g, 'SDN BHD')
      .replace(/(\S)(SDN BHD)/g, '$1 $2')
      .replace(/^[^A-Za-z0-9(]+|[^A-Za-z0-9.)&']+$/g, '')
      .replace(/\s{2,}/g, ' ')
      .trim()
  );
}

/**
 * The shop's name: the best-scoring line of the header. Printed names are upper case, often end
 * in a company suffix (SDN BHD, LTD, TRADING...) and come first; handwriting scribbled above them
 * reads as lower case, and addresses, phone numbers, tax ids, dates and titles are skipped.
 */
export function extractMerchant(lines: ReceiptLine[]): Extracted<string> | null {
  let best: { name: string; score: number; index: number } | null = null;
  const header = lines.slice(0, HEADER_LINES);
  header.forEach((line, index) => {
    const name = cleanMerchantName(line.text);
    const letterCount = letters(name);
    if (letterCount < 3) return;
    if (NOT_NAME.some((pattern) => pattern.test(name))) return;
    const upper = (name.match(/[A-Z]/g) ?? []).length / letterCount;
    let score = 1 - index * 0.08;
    if (COMPANY_SUFFIX.test(name)) score += 0.8;
    if (upper < 0.5) score -= 0.6; // handwriting or a slogan, not a printed name
    if (letterCount / name.replace(/\s/g, '').length < 0.6) score -= 0.4;
    if (letterCount < 5) score -= 0.3;
    score += (line.confidence - 0.9) * 2;
    if (!best || score > best.score) best = { name, score, index };
  });
  if (!best) return null;
  const { name, score, index } = best as { name: string; score: number; index: number };
  return {
    value: withContinuation(name, header[index + 1]),
    confidence: Math.max(0.2, Math.min(0.9, 0.4 + score * 0.3)),
  };
}

/**
 * Long legal names wrap: "HOME MASTER HARDWARE" / "& ELECTRICAL", "AIK HUAT HARDWARE" /
 * "ENTERPRISE (SETIA ALAM) SDN BHD". The next line continues the name when it starts with "&" or
 * ends with a company suffix, and is printed in the same capitals.
 */
function withContinuation(name: string, next: ReceiptLine | undefined): string {
  if (!next || /\b(SDN BHD|BHD|LTD|LIMITED|LLC|INC)\.?$/i.test(name)) return name;
  const startsWithAnd = next.text.trim().startsWith('&');
  const continuation = `${startsWithAnd ? '& ' : ''}${cleanMerchantName(next.text)}`;
  const isCapitals = continuation === continuation.toUpperCase() && letters(continuation) >= 2;
  const continues =
    /^&/.test(continuation) ||
    /\b(SDN BHD|BHD|BERHAD|LTD|LIMITED|ENTERPRISE|TRADING)\.?$/i.test(continuation);
  if (!isCapitals || !continues || NOT_NAME.some((pattern) => pattern.test(continuation))) {
    return name;
  }
  return `${name} ${continuation}`;
}
