import { ErrorCode } from '@moneta/shared';
import { detectDelimiter, type Delimiter } from './csv-dialect';
import { notSupported, unreadable } from './import-refusal';

export type FileFormat =
  | { format: 'csv'; delimiter: Delimiter }
  | { format: 'ofx' }
  | { format: 'qif' }
  | { format: 'camt053' };

export const SUPPORTED_FORMATS_TEXT =
  'Moneta imports CSV, OFX/QFX, QIF and CAMT.053 (ISO 20022 XML) statements.';

/** Files people upload by mistake, told apart by their first bytes, with what to do instead. */
const KNOWN_BINARIES: Array<{ magic: number[]; what: string }> = [
  {
    magic: [0x50, 0x4b, 0x03, 0x04],
    what: 'a spreadsheet or ZIP archive (.xlsx, .ods, .zip); save the sheet as CSV first',
  },
  {
    magic: [0xd0, 0xcf, 0x11, 0xe0],
    what: 'an Excel 97–2003 workbook (.xls); save it as CSV first',
  },
  {
    magic: [0x25, 0x50, 0x44, 0x46],
    what: 'a PDF; download the statement as CSV, OFX or QIF instead',
  },
  { magic: [0x1f, 0x8b], what: 'a compressed (gzip) file; unpack it first' },
  { magic: [0x89, 0x50, 0x4e, 0x47], what: 'an image' },
  { magic: [0xff, 0xd8, 0xff], what: 'an image' },
];

/** Refuses bytes that are not text: a known binary type, or NUL bytes in a file not UTF-16. */
export function refuseBinary(head: Buffer, isUtf16: boolean): void {
  for (const { magic, what } of KNOWN_BINARIES) {
    if (magic.every((byte, index) => head[index] === byte)) {
      throw notSupported(`This file is ${what}. ${SUPPORTED_FORMATS_TEXT}`);
    }
  }
  if (!isUtf16 && head.includes(0)) {
    throw notSupported(`This is not a text file. ${SUPPORTED_FORMATS_TEXT}`);
  }
}

/**
 * A QIF file's first header, after any comment lines (`#`, `;` or `//`) some exporters write
 * above it.
 */
const QIF_START = /^(?:(?:#|;|\/\/)[^\r\n]*(?:\r\n|\n|\r)\s*)*!(Type|Account|Option|Clear)/i;

/**
 * The format of a bank file, from its first (decoded) characters — never from its name.
 * `isWhole`: the text is the whole file (else its last line may be cut off).
 */
export function detectFormat(headText: string, isWhole: boolean): FileFormat {
  const text = headText.replace(/^\uFEFF/, '').trimStart();
  if (text.trim() === '') throw unreadable('The file is empty.', ErrorCode.EMPTY_FILE);
  // eslint-disable-next-line no-control-regex -- control characters are what is counted
  const controls = text.match(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g)?.length ?? 0;
  if (controls > text.length / 200) {
    throw notSupported(`This is not a text file. ${SUPPORTED_FORMATS_TEXT}`);
  }
  if (/^OFXHEADER\s*:/i.test(text)) return { format: 'ofx' };
  if (text.startsWith('<')) {
    refuseDtd(text);
    if (/<\?OFX[\s?]|<OFX>/i.test(text)) return { format: 'ofx' };
    if (/<BkToCstmrStmt[\s>]|urn:iso:std:iso:20022:tech:xsd:camt\.053/.test(text)) {
      return { format: 'camt053' };
    }
    throw notSupported(
      `This XML file is not an OFX or CAMT.053 statement. ${SUPPORTED_FORMATS_TEXT}`,
    );
  }
  if (QIF_START.test(text)) return { format: 'qif' };
  const lines = text.split(/\r\n|\n|\r/);
  // The last line may be cut off; keep it only when it is the only one (one very long line).
  if (!isWhole && lines.length > 1) lines.pop();
  const delimiter = detectDelimiter(lines);
  if (!delimiter)
    throw notSupported(`This file is not a table of transactions. ${SUPPORTED_FORMATS_TEXT}`);
  return { format: 'csv', delimiter };
}

/**
 * XML with a document type declaration is refused before any parser sees it: bank statements
 * never need one, and a DTD is what entity expansion (billion laughs) and external entities
 * (reading the server's files) come through.
 */
export function refuseDtd(text: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw unreadable(
      'XML files with a document type declaration (DTD or entities) are refused: bank statements never need one.',
      ErrorCode.XML_DTD_REFUSED,
    );
  }
}
