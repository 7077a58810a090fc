import { ErrorCode } from '@moneta/shared';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { refuseDtd } from './file-format';
import { unreadable } from './import-refusal';

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's five predefined entities and character references; nothing a document can define. */
function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(
    /&(#x[0-9a-f]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/gi,
    (all, name: string) => {
      if (name.startsWith('#')) {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
          ? String.fromCodePoint(code)
          : all;
      }
      return PREDEFINED[name.toLowerCase()] ?? all;
    },
  );
}

/**
 * How deep elements may nest: a CAMT.053 entry is about 12 levels down, an OFX transaction 8;
 * fast-xml-parser's own limit, stated here so that the refusal can name it.
 */
export const MAX_XML_DEPTH = 100;

export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

/**
 * Parses a bank's XML with fast-xml-parser, safely: a DTD is refused before parsing (no entity
 * of the document's own is ever expanded, no external one ever fetched), the parser's entity
 * processing is off, and only XML's predefined entities are decoded, by us. Values stay
 * strings (an id "0012" keeps its zeros); namespace prefixes are dropped; `arrays` names the
 * elements that are lists even when they occur once. XML that is not well-formed is a 400
 * (code XML_INVALID); elements nested deeper than MAX_XML_DEPTH a 400 (XML_TOO_DEEP).
 */
export function parseXml(text: string, arrays: ReadonlySet<string>): XmlNode {
  refuseDtd(text);
  const validation = XMLValidator.validate(text);
  if (validation !== true) {
    const { line, msg } = validation.err;
    throw unreadable(`The XML is not well-formed (line ${line}: ${msg})`, ErrorCode.XML_INVALID);
  }
  const parser = new XMLParser({
    ignoreAttributes: true,
    removeNSPrefix: true,
    parseTagValue: false,
    processEntities: false,
    htmlEntities: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (name) => arrays.has(name),
    tagValueProcessor: (_name, value) => decodeEntities(value),
    maxNestedTags: MAX_XML_DEPTH,
  });
  try {
    return parser.parse(text) as XmlNode;
  } catch (error) {
    // The parser says so with a plain Error; anything else it throws is ours to see (a 500).
    if (error instanceof Error && /nested tags/i.test(error.message)) {
      throw unreadable(
        `The XML nests its elements more than ${MAX_XML_DEPTH} levels deep; a bank statement needs far fewer.`,
        ErrorCode.XML_TOO_DEEP,
      );
    }
    throw error;
  }
}

/** A child element's text ('' when absent or not text). */
export function textOf(node: XmlValue | undefined, ...path: string[]): string {
  let current: XmlValue | undefined = node;
  for (const name of path) {
    if (Array.isArray(current)) current = current[0];
    if (!current || typeof current !== 'object' || Array.isArray(current)) return '';
    current = current[name];
  }
  if (Array.isArray(current)) current = current[0];
  return typeof current === 'string' ? current : '';
}

/** A child element as a list (empty when absent). */
export function listOf(node: XmlValue | undefined, name: string): XmlValue[] {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
