import { editDistance } from '../../../lib/edit-distance';
import type { ReceiptLine } from '../ocr/receipt-lines';
import { knownShopIn, knownShopNamed } from './known-shops';
import type { Extracted } from './receipt-reading';

// Only the top of a receipt names the shop; further down are items and totals.
const HEADER_LINES = 10;

const COMPANY_SUFFIX =
  /\b(SDN\.?\s?BHD|BHD|BERHAD|ENTERPRISE|ENTERPRISES|TRADING|HARDWARE|RESTAURANT|RESTORAN|CAFE|BAKERY|MART|MARKET|SUPERMARKET|STORE|STORES|SHOP|PHARMACY|LTD|LIMITED|LLC|INC|CORP|CORPORATION|COMPANY|CO|GMBH|PLC|PTE|S\.?A|STATION|HOTEL|KEDAI|BOOKSTORE|STATIONERY|ELECTRICAL|FOOD|FOODS|KITCHEN|GRILL|BAR|PIZZA|COFFEE|AG|KG|OHG|E\.?K|SARL|SAS|S\.?L|S\.?P\.?A|S\.?R\.?L|SNC|B\.?V|N\.?V|PTY|MARKT|DROGERIE|APOTHEKE|B[AÄ]CKEREI|METZGEREI|SUPERMERCADOS?|ALIMENTARI|BOULANGERIE|PHARMACIE|RISTORANTE|TRATTORIA|PIZZERIA|FARMACIA|SUPERSTORE|WAREHOUSE|STEAKHOUSE|BISTRO)\b|株式会社|有限会社|合同会社/i;
// Lines of the header's second part, under the name: contact details, tax and company ids and
// the address. A name printed after them is an owner's or a customer's, not the shop's.
const CONTACT_OR_ID = [
  /\b(TEL|TELEFON|TELEFONO|TELEFONE|TÉLÉPHONE|PHONE|PH|FAX|H\/?P|MOBILE|EMAIL|E-MAIL|WEBSITE|WWW|HTTP|\.COM|\.MY|\.NET|\.DE|\.FR|\.ES|\.IT|\.NL)\b|TELÉFONO|電話/i,
  // Tax and company ids: "USt-IdNr", "St.-Nr.", "UID Nr", TVA, SIRET, P.IVA, C.F., CIF/NIF, ABN,
  // ACN, HST/GST numbers, a Japanese invoice registration number (登録番号 T1234567890123).
  /\b(GST|SST|VAT|ABN|ACN|TIN|BRN|ROC|REG|CO\.?\s?NO|COMPANY\s?NO|TAX\s?ID|ID\s?NO|UST|USt-?Id(?:Nr)?|ST\.?-?\s?NR|STEUER|UID|TVA|SIRET|SIREN|NAF|APE|P\.?\s?IVA|PARTITA|C\.F|CIF|NIF|N\.I\.F|HST|BTW|KVK)\b|登[録绿]番号|\bT\d{13}\b/i,
  // A phone number without its label: "0211/3398863", "780-430-2769", "(07) 3850 4100".
  /(?<![\d.,])\(?\d{2,5}\)?[\s/-]\d{3,4}[\s-]?\d{3,5}(?![\d.,])/,
];
const ADDRESS = [
  /\b(JALAN|JLN|LORONG|TAMAN|TMN|LOT|NO\.\s?\d|STREET|ST\.|ROAD|RD\.?|AVENUE|AVE|BLVD|SUITE|FLOOR|LEVEL|BLOCK|BLK|KAWASAN|PERSIARAN|BANDAR|PLAZA|MALL|SELANGOR|JOHOR|KUALA LUMPUR|PULAU PINANG|PERAK|KEDAH|MELAKA|PAHANG|SABAH|SARAWAK|NEGERI SEMBILAN|TERENGGANU|KELANTAN|PERLIS|PUTRAJAYA)\b/i,
  /^\d+[A-Z]?\b[\s,]+[A-Za-z].*\b(SQUARE|SQ|LANE|DRIVE|WAY|PLACE|COURT|CRESCENT|PARADE|TERRACE|HIGHWAY|HWY|BOULEVARD|PARKWAY|PIKE|ROW|GREEN|CLOSE|STRASSE|STR|RUE|VIA|CALLE)\b/i, // "1 Market Square"
  // European streets: "Hauptstr. 5", "Bilker Allee 43", "Heideweg 51", "C/ MAYOR 3", "VIA ROMA 1",
  // "2 AV DE L EUROPE", "Cnr Logan Road".
  /\p{L}(STR\.?|STRASSE|STRAßE|WEG|ALLEE|PLATZ|GASSE|RING|DAMM|UFER)\s*\d|^\s*(\d+[,\s]+)?(AV|AVE|AVENUE|BD|BLVD|RUE|VIA|VIALE|PIAZZA|CORSO|CALLE|C\/|AVDA|PLAZA|PASEO|CNR)\b/iu,
  /\b(ALLEE|PLATZ|GASSE|WEG|STR\.?|STRASSE|STRAßE)\b\s*\d/i,
  // A street written out to its abbreviation, house number on the next line:
  // "MARGOT-ROTTGER-RATH-STR.", "Bahnhofstraße".
  /[\p{L}-](STR\.?|STRASSE|STRAßE)$/iu,
  // Japanese addresses: prefecture and city or ward, block numbers (丁目, 番地, 号).
  /[都道府県]\S*[市区町村]|丁目|番地|\d+\s?号/,
  /\d{5}/, // postcodes and long numbers belong to addresses and ids
];
// Loyalty programmes and apps: a line about them ("PAYBACK Punkte", "Lidl Plus App") is never
// the shop's name, even when it is printed in the header.
const LOYALTY =
  /\b(PAYBACK|DEUTSCHLANDCARD|FLYBUYS|NECTAR|AIR\s?MILES|AEROPLAN|ONEPASS|PONTA|CLUBCARD|APP|APPS|PUNKTE|POINTS|PUNTI|PUNTOS)\b|ポイント/i;
// A currency alone on its line, as printed above the items' amounts.
const LONE_CURRENCY = /^\W*(EUR|EURO|USD|GBP|JPY|CAD|AUD|INR|RM|[$€£¥])\W*$/i;
// A branch number alone: "Store 1234", "Filiale 0815", "ST# 1234 OP# 00001" (tested on the line
// as printed: cleaning drops a number after a word).
const BRANCH_LINE =
  /^\W*(STORE|FILIALE|BRANCH|TIENDA|MAGASIN|NEGOZIO|ST)\s*(NO\.?|NR\.?|#)?\s*:?\s*\d+\s*($|\S*#)/i;
// Other lines that are part of the header but never the name.
const NOT_NAME = [
  ...CONTACT_OR_ID,
  ...ADDRESS,
  /\b(TAX\s?INVOICE?|INVOICE?|RECEIPT|CASH\s?BILL|CASH\s?SALES?|OFFICIAL|SIMPLIFIED|BILL|ORDER|TABLE|CASHIER|SERVER|DOCUMENT|DOC\s?NO|CHECK|WELCOME|THANK|REPRINT)\b/i,
  // The same titles and greetings in the other languages: Kassenbon, Rechnung, Beleg, ticket,
  // factura, scontrino, ricevuta, reçu, kassabon; willkommen, bienvenue, bienvenido, benvenuti,
  // welkom, danke; 領収書, レシート, いらっしゃいませ.
  /\b(KASSENBON|RECHNUNG|BELEG|QUITTUNG|BON|TICKET|FACTURA|SCONTRINO|RICEVUTA|RE[CÇ]U|KASSABON|FATTURA|DOCUMENTO|WILLKOMMEN|HERZLICH|BIENVENUE|BIENVENIDOS?|BENVENUTI|WELKOM|DANKE|MERCI|GRACIAS|GRAZIE|BEDANKT)\b|[領领]\s?[収收]|[収收]\s?[書书証证]|レシート|いらっしゃいませ|ありがとう|[毎每]度/i,
  // Opening hours: "Mo-Sa 08:00-20:00 Uhr", "OPEN 24 HOURS", "Öffnungszeiten", "営業時間".
  /\b(OPEN|OPENING|HOURS|GE[ÖO]FFNET|[ÖO]FFNUNGSZEITEN|UHR|HORAIRES|HORARIO|ORARIO|OPENINGSTIJDEN)\b|営業時間/i,
  LONE_CURRENCY,
  LOYALTY,
  // Terminal and merchant ids of a card slip ("MID 354", "TID 0042").
  /^(MID|TID|MERCHANT\s?ID|TERMINAL|TERM)\b/i,
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
  return (text.match(/\p{L}/gu) ?? []).length;
}

/** Capitals among the letters; scripts without case (kana, kanji) count as capitals. */
function capitals(text: string): number {
  return (text.match(/\p{Lu}|\p{Lo}/gu) ?? []).length;
}

// Letters printed spaced out ("P E N N Y - M A R K T"), which the recognizer reads in runs of one
// or two: four or more such pieces in a row are one word.
const SPACED_LETTERS =
  /(?<![\p{L}\d])\p{L}{1,2}(?:[ ]\p{L}{1,2}|[ ]?-[ ]?\p{L}{1,2}){3,}(?![\p{L}\d])/gu;

function joinSpacedLetters(text: string): string {
  return text.replace(SPACED_LETTERS, (run) => {
    const pieces = run.split(/ /);
    const singles = pieces.filter((piece) => /^\p{L}$/u.test(piece)).length;
    return singles * 2 >= pieces.length ? run.replace(/ /g, '') : run;
  });
}

// Short words that follow a capitalised word in lower case as printed ("Café de Paris", "Haus
// am See"), not a piece of it.
const PARTICLES = new Set(
  'de du des la le les di da del della dei von vom van der den und et y e i and of the am an im zum zur bei en op au aux al'.split(
    ' ',
  ),
);

/**
 * Pieces of a capitalised word the recognizer's spacing split at a narrow letter of a
 * proportional font ("Kai ser's Tenge l mann", "Guar dian"): a piece in lower case after a
 * capitalised word is the rest of that word when one of the two has four letters or fewer, or
 * the word is already being mended. Two long words stay apart ("Roasted delights").
 */
function joinTitleCasePieces(text: string): string {
  const joined: string[] = [];
  let isMending = false;
  for (const word of text.split(' ')) {
    const previous = joined[joined.length - 1];
    const isPiece: boolean =
      previous !== undefined &&
      /^\p{Ll}/u.test(word) &&
      /^\p{Lu}[\p{Ll}'’]*$/u.test(previous) &&
      !PARTICLES.has(word.toLowerCase().replace(/\W+$/, '')) &&
      (isMending || Math.min(letters(previous), letters(word)) <= 4);
    if (isPiece) joined[joined.length - 1] = `${previous}${word}`;
    else joined.push(word);
    isMending = isPiece;
  }
  return joined.join(' ');
}

export function cleanMerchantName(text: string): string {
  return joinSplitTradeWords(
    joinTitleCasePieces(joinSpacedLetters(text))
      // A lone lower-case letter before the name is a piece of its logo ("m dm-drogerie markt").
      .replace(/^\s*\p{Ll}\s+(?=\p{L}{2})/u, '')
      // Spanish and Portuguese tax ids after the name: "S.A. A-46103834", "B12345678".
      .replace(/\b[A-HJ-NP-SUVW]-?\d{7,8}[0-9A-J]?\b/g, ' ')
      // "CMBH", "GMRH": GmbH misread.
      .replace(/\b[CG]M[BR]H\b/gi, (suffix) => (suffix === suffix.toUpperCase() ? 'GMBH' : 'GmbH'))
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
      // A branch and its number after the name: "Kaufland Filiale 1234", "TESCO STORE 2646".
      .replace(
        /(?<=\p{L}{2,})\s+(?:FILIALE|STORE|BRANCH|TIENDA|MAGASIN|NEGOZIO|PUNTO\s?VENDITA)\s*(?:NO\.?|NR\.?|#)?\s*\d+\s*$/iu,
        '',
      )
      // A store number after the name: "GRILL HOUSE #178", "Logans 354".
      .replace(/(?<=\p{L}{3,}[^\d]*)\s+#?\d{1,4}\s*$/u, '')
      .replace(/^[^\p{L}\p{N}(]+|[^\p{L}\p{N}.)&']+$/gu, '')
      .replace(/\s{2,}/g, ' ')
      .trim(),
  );
}

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

// The shop thanking the customer by name, often where its header is only a logo, in the seven
// currencies' languages: "THANK YOU FOR SHOPPING AT WALGREENS", "Thank you for choosing …",
// "Vielen Dank für Ihren Einkauf bei …", "Merci de votre visite chez …", "Gracias por su compra
// en …", "Grazie per aver acquistato da …", "Bedankt voor uw bezoek aan …"; "Thanks for shopping
// with us" names no shop.
const NAME_AFTER = `([\\p{L}][\\p{L}\\p{N}'’&.\\- ]{1,40})`;
const THANKS = [
  /\b(?:SHOPPING|SHOP|DINING|VISITING)\s+(?:AT|WITH)\s+/,
  /\bTHANK(?:S|\s+YOU)\s+FOR\s+(?:CHOOSING|VISITING)\s+/,
  /\b(?:EINKAUF|BESUCH)\s+(?:BEI|IM)\s+/,
  /\b(?:VISITE|ACHATS?)\s+(?:CHEZ|[AÀ])\s+|\bMERCI\s+D['’]\s?AVOIR\s+CHOISI\s+/,
  /\bGRACIAS\s+POR\s+(?:SU\s+)?(?:COMPRA|VISITA)\s+EN\s+|\bGRACIAS\s+POR\s+ELEGIR\s+/,
  /\bGRAZIE\s+PER\s+(?:AVER\s+)?(?:(?:ACQUISTATO|FATTO\s+LA\s+SPESA)\s+(?:DA|PRESSO)|SCELTO)\s+/,
  /\b(?:AANKOOP|BEZOEK|WINKELEN)\s+(?:BIJ|AAN)\s+/,
].map((words) => new RegExp(`(?:${words.source})${NAME_AFTER}`, 'iu'));
// The Japanese way round: the name comes first ("キャンドゥをご利用いただき", "…にご来店").
const THANKS_JA = /([\p{L}\p{N}・ー&]{2,20}?)(?:を|に)ご(?:利用|来店)/u;
// "… bei uns", "chez nous", "with us", "our store": no shop's name.
const NOT_A_SHOP =
  /^(BIENT[OÔ]T|TR[EÈ]S\s+BIENT[OÔ]T|LA\s+PROCHAINE|PRESTO|ARRIVEDERCI|PRONTO|US|UNS|OUR|THE\s+STORE|NOUS|NOSOTROS|NOSOTRAS|NOI|ONS|IHNEN|THIS\s+STORE|THIS|IHREM|UNSERE[MN]?)\b|^(当店|弊社|本日)/i;

// A kind of shop alone is no name: "Danke für Ihren Besuch im Markt".
const GENERIC_SHOP =
  /^(MARKT|STORE|SHOP|RESTAURANT|GESCH[ÄA]FT|FILIALE|MAGASIN|BOUTIQUE|TIENDA|NEGOZIO|PUNTO\s+VENDITA|WINKEL|WINKELS|SUPERMARKT|SUPERMARKET|SUPERMARCH[ÉE]|SUPERMERCADO|SUPERMERCATO)$/i;

function nameInThanks(lines: readonly ReceiptLine[]): string | null {
  for (const line of lines) {
    for (const pattern of [...THANKS, THANKS_JA]) {
      const match = pattern.exec(line.text);
      const name = match?.[1]?.replace(/[!.,;:].*$/, '').trim();
      if (
        name &&
        letters(name) >= 2 &&
        !NOT_A_SHOP.test(name) &&
        !GENERIC_SHOP.test(name) &&
        !LOYALTY.test(name)
      ) {
        return cleanMerchantName(name);
      }
    }
  }
  return null;
}

// "Lade dir die Lidl Plus App herunter", "Get the Walgreens app": the brand before its app.
const APP = /(?:^|\s)(\p{Lu}[\p{L}'’&-]{2,20})\s+(?:[Pp][Ll][Uu][Ss]\s+)?(?:APP|App|app)\b/u;
// Words before "app" that are no brand, and programmes shared by many shops (PAYBACK).
const NOT_A_BRAND =
  /^(PLUS|DIE|DER|DAS|UNSERE[RN]?|THE|OUR|FREE|MOBILE|NEUE[NR]?|NEW|LA|LE|L['’]|NUESTRA|NOSTRA|ONZE|DE|GRATIS|KOSTENLOSE[NR]?|SHOPPING|REWARDS?|LOYALTY|PAYBACK|DEUTSCHLANDCARD|FLYBUYS|NECTAR|ONEPASS|PAYPAL|BANKING|WALLET)$/i;

function nameInApp(lines: readonly ReceiptLine[]): string | null {
  for (const line of lines) {
    const brand = APP.exec(line.text)?.[1];
    if (brand && !NOT_A_BRAND.test(brand) && letters(brand) >= 3) return brand;
  }
  return null;
}

// A web or e-mail address: "www.shopname.de", "info@shopname.fr", "SHOPNAME.COM".
const WEB_ADDRESS =
  /(?:^|[\s:/(@])(?:https?:\/\/)?(?:w{2,3}\.)?(?:[a-z0-9-]+\.)*?([a-z][a-z0-9-]{2,30})\.(?:com|de|fr|es|it|nl|be|at|ch|co\.uk|uk|jp|co\.jp|ca|com\.au|au|us|net|eu|shop|store)(?![a-z])/i;
// Domains that are not the shop's: mail providers, payment and loyalty services, tax offices and
// review sites, and words that only head the address ("info", "service").
const NOT_THE_SHOPS_DOMAIN = new Set(
  'gmail googlemail yahoo hotmail outlook live icloud aol gmx web t-online freenet orange wanadoo free libero virgilio paypal visa mastercard amex americanexpress stripe sumup adyen klarna square squareup worldpay payback deutschlandcard flybuys nectar onepass airmiles google apple facebook instagram twitter youtube tripadvisor yelp trustpilot bzst elster irs hmrc impots gouv gov agenziaentrate agenciatributaria nta ato cra-arc canada info service kontakt contact mail email'.split(
    ' ',
  ),
);

function nameInAddress(lines: readonly ReceiptLine[]): string | null {
  for (const line of lines) {
    const label = WEB_ADDRESS.exec(line.text)?.[1]?.toLowerCase();
    if (!label || NOT_THE_SHOPS_DOMAIN.has(label) || /\d/.test(label)) continue;
    if (/\.(gov|gouv|go\.jp|gob|gv\.at)\b/i.test(line.text)) continue;
    // Short brands are initials (CVS, OBI); longer ones are capitalised.
    return label.length <= 3 ? label.toUpperCase() : label[0]?.toUpperCase() + label.slice(1);
  }
  return null;
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
