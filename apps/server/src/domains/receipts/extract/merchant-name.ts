// What a shop's name looks like on a receipt, and the cleaning that undoes the recognizer's
// misreads of one (spaced letters, glued words, misread legal suffixes and ids).

export const COMPANY_SUFFIX =
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
export const LOYALTY =
  /\b(PAYBACK|DEUTSCHLANDCARD|FLYBUYS|NECTAR|AIR\s?MILES|AEROPLAN|ONEPASS|PONTA|CLUBCARD|APP|APPS|PUNKTE|POINTS|PUNTI|PUNTOS)\b|ポイント/i;
// A currency alone on its line, as printed above the items' amounts.
export const LONE_CURRENCY = /^\W*(EUR|EURO|USD|GBP|JPY|CAD|AUD|INR|RM|[$€£¥])\W*$/i;
// A branch number alone: "Store 1234", "Filiale 0815", "ST# 1234 OP# 00001" (tested on the line
// as printed: cleaning drops a number after a word).
export const BRANCH_LINE =
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
export const ENDS_LEGAL = /\b(SDN BHD|BHD|BERHAD|LTD|LIMITED|LLC|INC)\.?$/i;

export function isAddressOrContact(name: string): boolean {
  const isAddress = !ENDS_LEGAL.test(name) && ADDRESS.some((pattern) => pattern.test(name));
  return isAddress || CONTACT_OR_ID.some((pattern) => pattern.test(name));
}

export function isNotName(name: string): boolean {
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

export function letters(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}

/** Capitals among the letters; scripts without case (kana, kanji) count as capitals. */
export function capitals(text: string): number {
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
