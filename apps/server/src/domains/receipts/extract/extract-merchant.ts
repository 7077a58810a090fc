import { editDistance } from '../../../lib/edit-distance';
import type { ReceiptLine } from '../ocr/receipt-lines';
import { knownShopIn, knownShopNamed } from './known-shops';
import {
  BRANCH_LINE,
  capitals,
  cleanMerchantName,
  COMPANY_SUFFIX,
  ENDS_LEGAL,
  isAddressOrContact,
  isNotName,
  letters,
  LONE_CURRENCY,
  LOYALTY,
} from './merchant-name';
import { nameInAddress, nameInApp, nameInThanks } from './merchant-mentions';
import type { Extracted } from './receipt-reading';

// Only the top of a receipt names the shop; further down are items and totals.
const HEADER_LINES = 10;

/**
 * The shop's name: the best-scoring line of the header (nameInHeader), unless that names no
 * known chain while the header holds one, read right or nearly: a chain's logo read in part
 * ("OSTCO" above the branch's town) is the chain. Such a name is unsure: the review marks it.
 * A company line stays: it names the shop's operator as the receipt prints it, a franchisee
 * under the chain's logo (a McDonald's run by "GERBANG ALAF RESTAURANTS SDN BHD") or a shop
 * inside another's mall.
 */
export function extractMerchant(lines: ReceiptLine[]): Extracted<string> | null {
  const read = nameInHeader(lines);
  if (read && ENDS_ANY_LEGAL.test(read.value)) return read;
  if (knownShopNamed(read?.value ?? null)) return read;
  const known = knownShopIn(headerAboveItems(lines));
  return known ? { value: known.name, confidence: 0.7 } : read;
}

/** The header's lines above the items' "EUR" head, addresses and contact details left out. */
function headerAboveItems(lines: readonly ReceiptLine[]): string[] {
  const header = lines.slice(0, HEADER_LINES);
  const itemsHead = header.findIndex((line, index) => index >= 2 && LONE_CURRENCY.test(line.text));
  return header
    .slice(0, itemsHead < 0 ? undefined : itemsHead)
    .map((line) => line.text)
    .filter((text) => !isAddressOrContact(cleanMerchantName(text)));
}

/**
 * The best-scoring line of the header. Printed names are upper case, often end in a company
 * suffix (SDN BHD, LTD, TRADING...) and come first; handwriting scribbled above them reads as
 * lower case, and addresses, phone numbers, tax ids, dates and titles are skipped.
 */
function nameInHeader(lines: readonly ReceiptLine[]): Extracted<string> | null {
  let best: { name: string; score: number; index: number } | null = null;
  const header = lines.slice(0, HEADER_LINES);
  // The rest of the receipt, letters only: a name printed again further down (a footer, a web
  // address, the card slip) is the shop's, where a slogan or an owner's name is printed once.
  const below = lines
    .slice(HEADER_LINES)
    .map((line) => squeeze(line.text))
    .join('\n');
  let isPastAddress = false;
  let isPastItemsHead = false;
  header.forEach((line, index) => {
    // A currency alone on its line heads the items' amounts (German receipts print "EUR" there):
    // nothing below it is the shop's name.
    if (isPastItemsHead || (index >= 2 && LONE_CURRENCY.test(line.text))) {
      isPastItemsHead = true;
      return;
    }
    const wasPastAddress = isPastAddress;
    const name = cleanMerchantName(line.text);
    if (
      isAddressOrContact(name) ||
      POSTCODE_LINE.test(line.text) ||
      isStreetAbovePostcode(line.text, header[index + 1])
    ) {
      isPastAddress = true;
      if (!isAddressOrContact(name)) return;
    }
    const letterCount = letters(name);
    if (letterCount < 3) return;
    if (isNotName(name) || BRANCH_LINE.test(line.text) || LOYALTY.test(line.text)) return;
    const upper = capitals(name) / letterCount;
    let score = 1 - index * 0.08;
    if (COMPANY_SUFFIX.test(name)) score += 0.8;
    if (wasPastAddress) score -= 0.6;
    // Handwriting or a slogan, not a printed name; a name in title case ("Logans") is printed.
    if (upper < 0.5) score -= isTitleCase(name) ? 0.3 : 0.6;
    if (letterCount / name.replace(/\s/g, '').length < 0.6) score -= 0.4;
    if (letterCount < 5) score -= 0.3;
    // "下丸子三丁目店", "五条店": a Japanese branch line, printed under the chain's name.
    if (/店\W*\d*$/.test(name)) score -= 0.6;
    if (isRepeated(name, below)) score += 0.8;
    score += (line.confidence - 0.9) * 2;
    if (!best || score > best.score) best = { name, score, index };
  });
  // The name in a "thank you for shopping at …" line, when the header holds no good name or holds
  // a misreading of that one ("lealgreens" for WALGREENS).
  const thanked = nameInThanks(lines);
  const top = best as { name: string; score: number; index: number } | null;
  // The shop names itself in its app or its web or e-mail address, or prints its company further
  // down: used when the header's name is only a logo the recognizer could not read, or to spell
  // a misreading of that name ("OSTCO" above "www.costco.com").
  const named = thanked ? null : (nameInApp(lines) ?? nameInAddress(lines));
  const isMisreadOfNamed =
    top !== null &&
    named !== null &&
    squeeze(named) !== squeeze(top.name) &&
    isSimilar(squeeze(named), squeeze(top.name));
  if (named && (!top || top.score < 0.5 || isMisreadOfNamed)) {
    return { value: named, confidence: top ? 0.6 : 0.5 };
  }
  if (!thanked && (!top || top.score < 0.5)) {
    const company = companyBelowHeader(lines);
    if (company) return { value: company, confidence: 0.5 };
  }
  if (
    thanked &&
    (!top ||
      top.score < 0.5 ||
      isSimilar(squeeze(thanked), squeeze(top.name)) ||
      // The shop names itself again elsewhere ("IKEA FAMILY"), and the header's best line is no
      // company: a code or a slogan.
      (isPrintedTwice(thanked, lines) && !COMPANY_SUFFIX.test(top.name)))
  ) {
    return { value: thanked, confidence: top ? 0.8 : 0.6 };
  }
  if (!top) return null;
  const { score, index } = top;
  const name = brandAboveOperator(top.name, header[index - 1]);
  const value = withOwner(
    withTwoLineName(
      withWrappedParts(name, header[index - 1], header.slice(index + 1, index + 3)),
      index,
      header,
    ),
    header.slice(index + 1, index + 3),
  );
  return {
    value: spacedAsPrinted(value, lines.slice(HEADER_LINES)),
    confidence: Math.max(0.2, Math.min(0.9, 0.4 + score * 0.3)),
  };
}

/** A short line in capitals without digits, legal suffix, address or title: part of a name. */
function isShortNamePart(line: ReceiptLine): boolean {
  const text = cleanMerchantName(line.text);
  return (
    text.split(' ').length <= 2 &&
    !/\d/.test(line.text) &&
    !isAddressOrContact(line.text) &&
    text === text.toUpperCase() &&
    letters(text) >= 3 &&
    !ENDS_LEGAL.test(text) &&
    !/SDN|BHD/.test(text) &&
    !OPERATOR_FORM.test(text) &&
    !isNotName(text)
  );
}

/**
 * A shop name printed over the first two lines, each too short to be the name alone ("OROWEAT"
 * / "BAKERY OUTLET", "ALIMENTARI" / "STECCA OLIVIERO"): both lines are the name.
 */
function withTwoLineName(name: string, index: number, header: readonly ReceiptLine[]): string {
  if (index > 1) return name;
  const [top, next] = header;
  if (!top || !next) return name;
  const first = cleanMerchantName(top.text);
  const second = cleanMerchantName(next.text);
  if ((name !== first && name !== second) || first === second) return name;
  return isShortNamePart(top) && isShortNamePart(next) ? `${first} ${second}` : name;
}

/**
 * A name read without its spaces ("BostonPizza") as the receipt prints it elsewhere with them
 * ("$200 Boston Pizza Gift Card").
 */
function spacedAsPrinted(name: string, below: readonly ReceiptLine[]): string {
  if (name.includes(' ')) return name;
  const key = squeeze(name);
  for (const line of below) {
    const words = line.text.split(/\s+/);
    for (let start = 0; start < words.length; start++) {
      let joined = '';
      for (let end = start; end < words.length && joined.length < key.length; end++) {
        joined += squeeze(words[end] ?? '');
        if (joined === key && end > start) return words.slice(start, end + 1).join(' ');
      }
    }
  }
  return name;
}

function isTitleCase(name: string): boolean {
  const words = name.split(' ').filter((word) => /\p{L}/u.test(word));
  return words.length > 0 && words.every((word) => /^\P{L}*\p{Lu}/u.test(word));
}

/** Upper-case letters and digits only, for comparing names however they were spaced. */
function squeeze(text: string): string {
  return text.toUpperCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** At most one edit in four characters apart. */
function isSimilar(a: string, b: string): boolean {
  return editDistance(a, b) <= a.length / 4;
}

/** A brand of one or two words printed again below the header (phrases repeat too). */
function isRepeated(name: string, rest: string): boolean {
  const key = squeeze(name);
  return name.split(' ').length <= 2 && key.length >= 4 && rest.includes(key);
}

// A company printed with its legal form: the name a footer gives the shop ("Nordkauf Handels
// GmbH", "ACME STORES LTD").
const ENDS_ANY_LEGAL =
  /\b(GMBH|AG|KG|SDN\.?\s?BHD|BHD|LTD|LIMITED|LLC|INC|CORP|PLC|PTY|S\.?\s?A|SARL|SAS|S\.?\s?P\.?\s?A|S\.?\s?R\.?\s?L|S\.?\s?L|B\.?\s?V|N\.?\s?V)\.?$|^(株式会社|有限会社)|(株式会社|有限会社)$/i;

function companyBelowHeader(lines: readonly ReceiptLine[]): string | null {
  for (const line of lines.slice(HEADER_LINES)) {
    const name = cleanMerchantName(line.text);
    if (ENDS_ANY_LEGAL.test(name) && letters(name) >= 6 && !isNotName(name)) return name;
  }
  return null;
}

/**
 * A brand printed alone and again with its owner or branch on the next header line ("FRISCHKAUF"
 * / "FRISCHKAUF Meier"): the longer line is the shop's full name.
 */
function withOwner(name: string, below: readonly ReceiptLine[]): string {
  for (const line of below) {
    const text = cleanMerchantName(line.text);
    const extra = text.slice(name.length).trim();
    if (
      text.toUpperCase().startsWith(`${name.toUpperCase()} `) &&
      /^[\p{L}'&.\- ]+$/u.test(extra) &&
      extra.split(' ').length <= 2 &&
      !isNotName(text)
    ) {
      return text;
    }
  }
  return name;
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

// A postcode and town: "40219 Dusseldorf", "D-13053 Berlin", "SUNNYVALE, CA 94086".
const POSTCODE_LINE =
  /^\s*(?:[A-Z]{1,2}-)?\d{4,5}\s+\p{L}{3,}|\b[A-Z]{2}[.,]?\s+\d{5}(?:-\d{4})?\s*$/u;

/**
 * A line with a house number right above the postcode and town is the street ("Malchower Weg
 * 134", "150 LAWRENCE STATION"), whatever its street word.
 */
function isStreetAbovePostcode(text: string, next: ReceiptLine | undefined): boolean {
  const startsWithNumber = /^\s*\d{1,5}[A-Z]?\s+\p{L}/u.test(text);
  return (
    next !== undefined &&
    (startsWithNumber || (/\d/.test(text) && !COMPANY_SUFFIX.test(text))) &&
    POSTCODE_LINE.test(next.text)
  );
}

// Legal forms of a franchisee running a chain's shop: a person's partnership or sole trade in
// Germany ("Michael Brücken Kaufpark GmbH&Co.oHG", "Hans Meier e.K."), the small companies that
// run French, Italian and Spanish franchises ("SARL DUPONT DISTRIBUTION", "ROSSI S.R.L.").
const OPERATOR_FORM =
  /\b(O\.?\s?HG|E\.\s?K(FM)?|KG|SARL|SASU|EURL|S\.?\s?R\.?\s?L|S\.?\s?N\.?\s?C|S\.\s?L(\.?\s?U)?)\.?\s*$|^(SARL|SAS|SASU|EURL|SNC)\b/i;

/**
 * The chain's brand printed above its franchisee's legal name ("REWE" / "… GmbH&Co.oHG",
 * "CARREFOUR CITY" / "SARL DUPONT"): the brand is the shop the customer knows.
 */
function brandAboveOperator(name: string, above: ReceiptLine | undefined): string {
  if (!above || !OPERATOR_FORM.test(name)) return name;
  const brand = cleanMerchantName(above.text);
  // One to three words in capitals, no digits: "REWE", "CARREFOUR MARKET".
  const isBrand = /^\p{Lu}{3,}(?:[ -]\p{Lu}{2,}){0,2}$/u.test(brand) && !COMPANY_SUFFIX.test(brand);
  return isBrand && !isNotName(brand) ? brand : name;
}

/** The name appears on at least two lines of the receipt. */
function isPrintedTwice(name: string, lines: readonly ReceiptLine[]): boolean {
  const key = squeeze(name);
  return key.length >= 3 && lines.filter((line) => squeeze(line.text).includes(key)).length >= 2;
}
