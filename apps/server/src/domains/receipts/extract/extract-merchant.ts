import type { ReceiptLine } from '../ocr/receipt-lines';
import type { Extracted } from './receipt-reading';

// Only the top of a receipt names the shop; further down are items and totals.
const HEADER_LINES = 10;

const COMPANY_SUFFIX =
  /\b(SDN\.?\s?BHD|BHD|BERHAD|ENTERPRISE|ENTERPRISES|TRADING|HARDWARE|RESTAURANT|RESTORAN|CAFE|BAKERY|MART|MARKET|SUPERMARKET|STORE|STORES|SHOP|PHARMACY|LTD|LIMITED|LLC|INC|CORP|CORPORATION|COMPANY|CO|GMBH|PLC|PTE|S\.?A|STATION|HOTEL|KEDAI|BOOKSTORE|STATIONERY|ELECTRICAL|FOOD|FOODS|KITCHEN|GRILL|BAR|PIZZA|COFFEE)\b/i;
// Lines of the header's second part, under the name: contact details, tax and company ids and
// the address. A name printed after them is an owner's or a customer's, not the shop's.
const CONTACT_OR_ID = [
  /\b(TEL|PHONE|FAX|H\/?P|MOBILE|EMAIL|E-MAIL|WEBSITE|WWW|HTTP|\.COM|\.MY|\.NET)\b/i,
  /\b(GST|SST|VAT|ABN|TIN|BRN|ROC|REG|CO\.?\s?NO|COMPANY\s?NO|TAX\s?ID|ID\s?NO)\b/i,
];
const ADDRESS = [
  /\b(JALAN|JLN|LORONG|TAMAN|TMN|LOT|NO\.\s?\d|STREET|ST\.|ROAD|RD\.?|AVENUE|AVE|BLVD|SUITE|FLOOR|LEVEL|BLOCK|BLK|KAWASAN|PERSIARAN|BANDAR|PLAZA|MALL|SELANGOR|JOHOR|KUALA LUMPUR|PULAU PINANG|PERAK|KEDAH|MELAKA|PAHANG|SABAH|SARAWAK|NEGERI SEMBILAN|TERENGGANU|KELANTAN|PERLIS|PUTRAJAYA)\b/i,
  /^\d+[A-Z]?\b[\s,]+[A-Za-z].*\b(SQUARE|SQ|LANE|DRIVE|WAY|PLACE|COURT|CRESCENT|PARADE|TERRACE|HIGHWAY|HWY|BOULEVARD|PARKWAY|PIKE|ROW|GREEN|CLOSE|STRASSE|STR|RUE|VIA|CALLE)\b/i, // "1 Market Square"
  /\d{5}/, // postcodes and long numbers belong to addresses and ids
];
// Other lines that are part of the header but never the name.
const NOT_NAME = [
  ...CONTACT_OR_ID,
  ...ADDRESS,
  /\b(TAX\s?INVOICE?|INVOICE?|RECEIPT|CASH\s?BILL|CASH\s?SALES?|OFFICIAL|SIMPLIFIED|BILL|ORDER|TABLE|CASHIER|SERVER|DOCUMENT|DOC\s?NO|CHECK|WELCOME|THANK)\b/i,
  /\b(OWNED\s?BY|OPERATED\s?BY|DIMILIKI|FORMERLY|LICENSEE)\b/i, // the owner, not the shop
  /^\(?(?=(?:\D*\d){3})[\d\sA-Z-]{4,14}\)?$/, // a registration number alone: "(789417-W)", "001006288896"
  /\d[.,]\d{2}\b/, // amounts belong to items and totals
  /\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{1,2}:\d{2}/, // dates and times
];
// A legal name may hold a place name ("BOOK TA.K (TAMAN DAYA) SDN BHD"): one that ends with its
// legal suffix is not taken for an address.
const ENDS_LEGAL = /\b(SDN BHD|BHD|BERHAD|LTD|LIMITED|LLC|INC)\.?$/i;

function isAddressOrContact(name: string): boolean {
  const isAddress = !ENDS_LEGAL.test(name) && ADDRESS.some((pattern) => pattern.test(name));
  return isAddress || CONTACT_OR_ID.some((pattern) => pattern.test(name));
}

function isNotName(name: string): boolean {
  const patterns = ENDS_LEGAL.test(name) ? NOT_NAME.filter((p) => !ADDRESS.includes(p)) : NOT_NAME;
  return patterns.some((pattern) => pattern.test(name));
}

// Trade words long and distinctive enough to split off a word they were glued to. Not SHOP or
// MARKET: they end real compounds (BOOKSHOP, WORKSHOP, SUPERMARKET).
const DISTINCT_TRADE_WORDS = [
  'STATIONERY',
  'HARDWARE',
  'TRADING',
  'ENTERPRISES', // before ENTERPRISE, so that the longer one is tried first
  'ENTERPRISE',
  'RESTAURANT',
  'RESTORAN',
  'ELECTRICAL',
  'BAKERY',
  'COMPANY',
];
const GLUED_TRADE_WORDS = DISTINCT_TRADE_WORDS.join('|');
// Trade words the recognizer's spacing may split ("RE STORAN"): joined again when neither half is
// a trade word itself (so "BOOK STORE" and "SUPER MARKET" stay as printed).
const SPLIT_TRADE_WORDS = new Set([...DISTINCT_TRADE_WORDS, 'PHARMACY', 'SUPERMARKET']);

function joinSplitTradeWords(text: string): string {
  const words = text.split(' ');
  for (let i = 0; i + 1 < words.length; i++) {
    const [first, second] = [words[i] ?? '', words[i + 1] ?? ''];
    const joined = `${first}${second}`;
    if (
      SPLIT_TRADE_WORDS.has(joined) &&
      !COMPANY_SUFFIX.test(first) &&
      !COMPANY_SUFFIX.test(second)
    ) {
      words.splice(i, 2, joined);
    }
  }
  return words.join(' ');
}

function letters(text: string): number {
  return (text.match(/[A-Za-z]/g) ?? []).length;
}

export function cleanMerchantName(text: string): string {
  return joinSplitTradeWords(
    text
      // Company numbers, bracketed or glued to the name: "(123456-X)", "S/B519537-X", and
      // bracketed ones with a digit misread as a letter: "(I39386 X)".
      .replace(/\([^()\d]{0,2}\d{4,}[^()]{0,4}\)?/g, ' ')
      .replace(/\(?\s*\d{5,}[\s-]*[A-Z]?\s*\)?(?![\d.])/g, ' ')
      .replace(/\(\s*\d{3,}[\s-]*[A-Z]?\s*\)/gi, ' ')
      .replace(/\b(?:CO\.?\s?REG|CO\.?\s?NO|COMPANY\s?NO)\b.*$/i, ' ')
      // OCR misreads of the common Malaysian suffix: "SDNBHD", "SON BHD", "SDN 3HD", "SDN BHO",
      // "5dn Ehd".
      .replace(/[S5][DO0I][NM][\s.]*[B8K3E][HA][DO0]\.?(?![A-Z])/gi, 'SDN BHD')
      // ...and looser ones where nothing but an id follows: "ALAM) SEN BHT", "SUN BHO".
      .replace(
        /(?<=^|[\s).])[S5][DO0IUE][NM][\s.]*[B8K3EDH][HAN][DO0T]\.?(?=[^A-Za-z]*$)/i,
        'SDN BHD',
      )
      // Words the recognizer glued to a trade word: "STATIONERYSHOP", "HARDWARETRADING".
      .replace(new RegExp(`\\B(${GLUED_TRADE_WORDS})\\b`, 'g'), ' $1')
      .replace(new RegExp(`\\b(${GLUED_TRADE_WORDS})(?=[A-Z]{3})`, 'g'), '$1 ')
      // A digit between two letters is a misread letter: "REA1ITI", "Dakga1bi", "B0OK".
      .replace(/(?<=[A-Z])[10](?=[A-Z])/g, (digit) => (digit === '1' ? 'L' : 'O'))
      .replace(/(?<=[a-z])[10](?=[a-z])/g, (digit) => (digit === '1' ? 'l' : 'o'))
      // "S/B", the short form of Sdn Bhd, misread at the end of the name: "5B", "SD", "5/D".
      .replace(/(?<=\s)[S5]\/?[B8D]\.?(?=\s*$)/, 'S/B')
      // A period after a word is followed by a space: "MR.DIY" is "MR. DIY", "CO.M" "CO. M".
      .replace(/\b([A-Za-z]{2,})\.(?=[A-Za-z])/g, '$1. ')
      .replace(/(\S)(SDN BHD)/g, '$1 $2')
      // Whatever follows the legal suffix and holds a digit is an id, however misread.
      .replace(/\b(SDN BHD|BERHAD|BHD|LTD|LIMITED|LLC|INC)\.?[\s(]*[\w-]*\d[\w-]*\)?$/i, '$1')
      .replace(/^[^A-Za-z0-9(]+|[^A-Za-z0-9.)&']+$/g, '')
      .replace(/\s{2,}/g, ' ')
      .trim(),
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
  let isPastAddress = false;
  header.forEach((line, index) => {
    const wasPastAddress = isPastAddress;
    const name = cleanMerchantName(line.text);
    if (isAddressOrContact(name)) isPastAddress = true;
    const letterCount = letters(name);
    if (letterCount < 3) return;
    if (isNotName(name)) return;
    const upper = (name.match(/[A-Z]/g) ?? []).length / letterCount;
    let score = 1 - index * 0.08;
    if (COMPANY_SUFFIX.test(name)) score += 0.8;
    if (wasPastAddress) score -= 0.6;
    if (upper < 0.5) score -= 0.6; // handwriting or a slogan, not a printed name
    if (letterCount / name.replace(/\s/g, '').length < 0.6) score -= 0.4;
    if (letterCount < 5) score -= 0.3;
    score += (line.confidence - 0.9) * 2;
    if (!best || score > best.score) best = { name, score, index };
  });
  if (!best) return null;
  const { name, score, index } = best as { name: string; score: number; index: number };
  return {
    value: withWrappedParts(name, header[index - 1], header.slice(index + 1, index + 3)),
    confidence: Math.max(0.2, Math.min(0.9, 0.4 + score * 0.3)),
  };
}

// A line that cannot end a name ("HOME MASTER HARDWARE &") or cannot start one ("& ELECTRICAL",
// "CO. (M) SDN BHD", "ENTERPRISE (SETIA ALAM) SDN BHD").
const ENDS_OPEN = /(&|\bAND)$/i;
const STARTS_AS_TAIL =
  /^(&|AND\b|CO\b|COMPANY\b|ENTERPRISES?\b|TRADING\b|SDN\b|BHD\b|BERHAD\b|LTD\b|LIMITED\b|INC\b|LLC\b|GMBH\b|PTE\b)/i;

/**
 * Long legal names wrap: "POPULAR BOOK" / "CO. (M) SDN BHD", "HOME MASTER HARDWARE &" /
 * "ELECTRICAL", "AIK HUAT HARDWARE" / "ENTERPRISE (SETIA" / "ALAM) SDN BHD". A neighbouring line
 * printed in the same capitals joins the name when the two cannot be whole on their own: the
 * upper one ends with "&", or the lower one starts like the tail of a name, or ends the legal
 * name the upper one lacks.
 */
function withWrappedParts(
  name: string,
  above: ReceiptLine | undefined,
  below: readonly ReceiptLine[],
): string {
  let joined = name;
  const before = above && namePart(above);
  if (before && (ENDS_OPEN.test(before) || STARTS_AS_TAIL.test(joined))) {
    joined = `${before} ${joined}`;
  }
  for (const line of below) {
    const after = namePart(line);
    if (
      !after ||
      ENDS_LEGAL.test(joined) ||
      !(ENDS_OPEN.test(joined) || STARTS_AS_TAIL.test(after) || ENDS_LEGAL.test(after))
    ) {
      break;
    }
    joined = `${joined} ${after}`;
  }
  return joined;
}

/** A header line as part of a name: printed in capitals, and not an address, id or title. */
function namePart(line: ReceiptLine): string | null {
  // cleanMerchantName trims leading punctuation, but a leading "&" is what marks a continuation.
  const text = `${line.text.trim().startsWith('&') ? '& ' : ''}${cleanMerchantName(line.text)}`;
  const isCapitals = text === text.toUpperCase() && letters(text) >= 2;
  if (!isCapitals || isNotName(text)) return null;
  return text;
}
