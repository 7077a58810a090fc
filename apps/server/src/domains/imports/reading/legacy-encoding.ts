import iconv from 'iconv-lite';

/** The single-byte encodings a bank file that is not UTF-8 may be in. */
export type LegacyEncoding = 'windows-1252' | 'windows-1250' | 'iso-8859-2';

/** Names a file's own declaration may give its encoding, as read here. */
const DECLARED: Record<string, LegacyEncoding> = {
  '1250': 'windows-1250',
  'windows-1250': 'windows-1250',
  cp1250: 'windows-1250',
  'x-cp1250': 'windows-1250',
  '1252': 'windows-1252',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'iso-8859-1': 'windows-1252',
  latin1: 'windows-1252',
  'iso-8859-2': 'iso-8859-2',
  latin2: 'iso-8859-2',
};

/**
 * The single-byte encoding a file declares, if it does: an OFX 1.x header's `CHARSET:1250`, an
 * XML declaration's `encoding="windows-1250"` (OFX 2, CAMT.053). ISO-8859-1 is read as
 * Windows-1252, its superset (browsers do the same). A declaration of UTF-8 or none: undefined.
 */
export function declaredLegacyEncoding(head: Buffer): LegacyEncoding | undefined {
  const text = head.toString('latin1', 0, Math.min(head.length, 1024));
  const declared =
    /^\s*CHARSET:\s*([\w-]+)/im.exec(text)?.[1] ??
    /<\?xml[^>]*\sencoding\s*=\s*["']([\w-]+)["']/i.exec(text)?.[1];
  return declared ? DECLARED[declared.toLowerCase()] : undefined;
}

const decodeByte = (byte: number, encoding: LegacyEncoding) =>
  iconv.decode(Buffer.from([byte]), encoding);
const WESTERN = Array.from({ length: 128 }, (_, i) => decodeByte(0x80 + i, 'windows-1252'));
const CENTRAL = Array.from({ length: 128 }, (_, i) => decodeByte(0x80 + i, 'windows-1250'));

const isLetter = (char: string) => /\p{L}/u.test(char);

/** Š š Ž ž: the same bytes in both, letters Central European names use and Western ones do not. */
const CENTRAL_IN_BOTH = new Set([0x8a, 0x9a, 0x8e, 0x9e]);
/** ì ò ù (ě ň ů in Windows-1250): Italian and French put them only at a word's end. */
const GRAVE_VOWELS = new Set([0xec, 0xf2, 0xf9]);
/** à À å Å (ŕ Ŕ ĺ Ĺ in Windows-1250): common in Western text; only Slovak has ŕ and ĺ, rarely. */
const WESTERN_ONLY = new Set([0xe0, 0xc0, 0xe5, 0xc5]);

/**
 * Windows-1250 (Central European banks: Czech, Slovak, Polish, Hungarian, Croatian, Slovene)
 * or Windows-1252, from the bytes beyond ASCII. The two share ASCII and most accented
 * letters, so each differing byte votes by what it makes of its word: `Wroc³aw` (1252) is
 * `Wrocław` (1250), a byte Windows-1252 leaves undefined is 1250's `ť`, `Výbìr` is `Výběr`, and
 * Š/Ž are Central European; à and å vote Western. A tie, a file of plain ASCII or one whose
 * bytes agree is Windows-1252, as before. A language model (chardet) was rejected for the
 * German file (docs/decisions.md); these votes never move a file of Western text.
 */
export function legacyEncodingOf(bytes: Buffer): 'windows-1252' | 'windows-1250' {
  let central = 0;
  let western = 0;
  const isWordByte = (byte: number | undefined, table: string[]) =>
    byte !== undefined &&
    (byte < 0x80 ? /[A-Za-z]/.test(String.fromCharCode(byte)) : isLetter(table[byte - 0x80]!));
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte < 0x80) continue;
    if (CENTRAL_IN_BOTH.has(byte)) {
      central++;
      continue;
    }
    const western1252 = WESTERN[byte - 0x80]!;
    const central1250 = CENTRAL[byte - 0x80]!;
    if (western1252 === central1250) continue;
    const before = bytes[i - 1];
    const after = bytes[i + 1];
    const inWord = (table: string[]) => isWordByte(before, table) && isWordByte(after, table);
    const isCentralLetter = isLetter(central1250);
    const isWesternLetter = isLetter(western1252);
    if (isCentralLetter && !isWesternLetter && inWord(CENTRAL)) central++;
    else if (isWesternLetter && !isCentralLetter && inWord(WESTERN)) western++;
    else if (GRAVE_VOWELS.has(byte) && isWordByte(after, WESTERN)) central++;
    else if (WESTERN_ONLY.has(byte)) western++;
  }
  return central > western ? 'windows-1250' : 'windows-1252';
}
