import type { FileHandle } from 'node:fs/promises';
import { crc32, inflateRawSync } from 'node:zlib';
import { ErrorCode } from '@moneta/shared';
import { badRequest } from '../../http/app-error';

/** What a zip may hold before a byte of it is unpacked (docs/export-format.md, Limits). */
export interface ZipLimits {
  maxEntries: number;
  /** Unpacked bytes of all entries together. */
  maxTotalBytes: number;
  /** Unpacked bytes of one entry. */
  maxEntryBytes: number;
  /** Unpacked ÷ packed size of an entry over 1 MB unpacked. */
  maxRatio: number;
}

export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  packedSize: number;
  size: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const STORED = 0;
const DEFLATED = 8;
const RATIO_FLOOR_BYTES = 1024 * 1024;

const notAZip = () =>
  badRequest('The file is not a Moneta export (not a zip file).', ErrorCode.EXPORT_NOT_MONETA);
export const damaged = (detail: string) =>
  badRequest(`The export is damaged or incomplete: ${detail}`, ErrorCode.EXPORT_DAMAGED);
const unsafe = (detail: string) =>
  badRequest(`The zip was refused unread: ${detail}`, ErrorCode.EXPORT_UNSAFE);

/** A name that stays inside the zip: relative, no `..` step, no drive, no backslash or NUL. */
export function isSafeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 255) return false;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\\\u0000-\u001f]/.test(name)) return false;
  return name.split('/').every((step) => step !== '..' && step !== '.');
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead !== length) throw damaged('the file ends early.');
  return buffer;
}

/**
 * The entries of a zip file from its central directory, checked against `limits` before
 * anything is unpacked: a truncated file (no end record), ZIP64 or encrypted entries, unsafe
 * names, too many entries, too many bytes or a bomb's ratio are refused with a 400.
 */
export async function readZipDirectory(file: FileHandle, limits: ZipLimits): Promise<ZipEntry[]> {
  const { size: fileSize } = await file.stat();
  if (fileSize < END_RECORD_SIZE) throw notAZip();
  const tailLength = Math.min(fileSize, END_RECORD_SIZE + MAX_COMMENT);
  const tail = await readAt(file, fileSize - tailLength, tailLength);
  let end = -1;
  for (let at = tail.length - END_RECORD_SIZE; at >= 0; at--) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) {
    // A zip's first bytes with its end cut off: an export cut short.
    const head = await readAt(file, 0, 4);
    if (head.readUInt32LE(0) === LOCAL_HEADER) throw damaged('the zip is cut short.');
    throw notAZip();
  }
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) {
    throw unsafe('ZIP64 archives are not read.');
  }
  if (count > limits.maxEntries) throw unsafe(`more than ${limits.maxEntries} files.`);
  if (directoryOffset + directorySize > fileSize) throw damaged('the zip is cut short.');
  const directory = await readAt(file, directoryOffset, directorySize);

  const entries: ZipEntry[] = [];
  let total = 0;
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      throw damaged('its table of contents is broken.');
    }
    const flags = directory.readUInt16LE(at + 8);
    const method = directory.readUInt16LE(at + 10);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      method,
      crc: directory.readUInt32LE(at + 16),
      packedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    };
    at += 46 + nameLength + extraLength + commentLength;
    if (!isSafeEntryName(entry.name)) throw unsafe(`the path "${entry.name}" leaves the zip.`);
    if (flags & 1) throw unsafe('encrypted files are not read.');
    if (method !== STORED && method !== DEFLATED) throw unsafe('an unknown compression method.');
    if (entry.size === 0xffffffff || entry.packedSize === 0xffffffff) {
      throw unsafe('ZIP64 archives are not read.');
    }
    if (entry.size > limits.maxEntryBytes) {
      throw unsafe(`"${entry.name}" unpacks to more than ${limits.maxEntryBytes} bytes.`);
    }
    if (entry.size > RATIO_FLOOR_BYTES && entry.size > entry.packedSize * limits.maxRatio) {
      throw unsafe(`"${entry.name}" unpacks to over ${limits.maxRatio} times its size.`);
    }
    total += entry.size;
    if (total > limits.maxTotalBytes) {
      throw unsafe(`it unpacks to more than ${limits.maxTotalBytes} bytes.`);
    }
    if (entry.localHeaderOffset + entry.packedSize > fileSize) {
      throw damaged('the zip is cut short.');
    }
    entries.push(entry);
  }
  return entries;
}

/**
 * One entry's bytes, unpacked, never more than its directory declared (a lying size is a bomb)
 * and checked against its CRC-32.
 */
export async function readZipEntry(file: FileHandle, entry: ZipEntry): Promise<Buffer> {
  const header = await readAt(file, entry.localHeaderOffset, 30);
  if (header.readUInt32LE(0) !== LOCAL_HEADER) throw damaged(`"${entry.name}" is missing.`);
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const packed = await readAt(file, start, entry.packedSize);
  let bytes: Buffer;
  if (entry.method === STORED) {
    bytes = packed;
  } else if (entry.size === 0) {
    bytes = Buffer.alloc(0);
  } else {
    try {
      bytes = inflateRawSync(packed, { maxOutputLength: entry.size });
    } catch {
      throw damaged(`"${entry.name}" cannot be unpacked.`);
    }
  }
  if (bytes.length !== entry.size || crc32(bytes) !== entry.crc) {
    throw damaged(`"${entry.name}" does not match its checksum.`);
  }
  return bytes;
}
