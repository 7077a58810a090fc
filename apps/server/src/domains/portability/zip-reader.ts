import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import { ErrorCode } from '@moneta/shared';
import { AppError, badRequest } from '../../http/app-error';

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
  /** Where its packed bytes start: after its local header, which matched the directory. */
  dataOffset: number;
}

/** A zip on disk and its checked entries by name. */
export interface ZipArchive {
  path: string;
  file: FileHandle;
  entries: Map<string, ZipEntry>;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const LOCAL_HEADER_SIZE = 30;
const STORED = 0;
const DEFLATED = 8;
/** General-purpose flags: encrypted; sizes and CRC in a data descriptor after the data. */
const ENCRYPTED = 1;
const DATA_DESCRIPTOR = 8;
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** Bytes read and unpacked per step: small enough that no step holds the event loop. */
const CHUNK_BYTES = 64 * 1024;

const notAZip = () =>
  badRequest('The file is not a Moneta export (not a zip file).', ErrorCode.EXPORT_NOT_MONETA);
export const damaged = (detail: string) =>
  badRequest(`The export is damaged or incomplete: ${detail}`, ErrorCode.EXPORT_DAMAGED);
export const unsafe = (detail: string) =>
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

  const entries: Array<ZipEntry & { flags: number }> = [];
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
    const entry = {
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      flags,
      method,
      crc: directory.readUInt32LE(at + 16),
      packedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
      dataOffset: 0,
    };
    at += 46 + nameLength + extraLength + commentLength;
    if (!isSafeEntryName(entry.name)) throw unsafe(`the path "${entry.name}" leaves the zip.`);
    if (flags & ENCRYPTED) throw unsafe('encrypted files are not read.');
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
  await checkLocalHeaders(file, entries, directoryOffset);
  return entries.map(({ flags: _flags, ...entry }) => entry);
}

/**
 * Each entry's local header matches its directory entry (signature, name, method, and sizes
 * and CRC unless a data descriptor carries them), and no two entries share bytes: a directory
 * whose names all point at one huge entry would have it unpacked once per name. Sets each
 * entry's `dataOffset`.
 */
async function checkLocalHeaders(
  file: FileHandle,
  entries: Array<ZipEntry & { flags: number }>,
  directoryOffset: number,
): Promise<void> {
  const byOffset = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  for (const [index, entry] of byOffset.entries()) {
    const name = Buffer.from(entry.name, 'utf8');
    const nextStart = byOffset[index + 1]?.localHeaderOffset ?? directoryOffset;
    if (entry.localHeaderOffset + LOCAL_HEADER_SIZE + name.length > nextStart) {
      throw unsafe('two of its files share the same bytes.');
    }
    const header = await readAt(file, entry.localHeaderOffset, LOCAL_HEADER_SIZE + name.length);
    const hasDescriptor = (header.readUInt16LE(6) & DATA_DESCRIPTOR) !== 0;
    if (
      header.readUInt32LE(0) !== LOCAL_HEADER ||
      header.readUInt16LE(26) !== name.length ||
      !header.subarray(LOCAL_HEADER_SIZE).equals(name) ||
      header.readUInt16LE(8) !== entry.method ||
      (!hasDescriptor &&
        (header.readUInt32LE(14) !== entry.crc ||
          header.readUInt32LE(18) !== entry.packedSize ||
          header.readUInt32LE(22) !== entry.size))
    ) {
      throw unsafe(`the header of "${entry.name}" does not match the zip's table of contents.`);
    }
    entry.dataOffset = entry.localHeaderOffset + LOCAL_HEADER_SIZE + name.length;
    entry.dataOffset += header.readUInt16LE(28);
    if (entry.dataOffset + entry.packedSize > nextStart) {
      throw unsafe('two of its files share the same bytes.');
    }
  }
}

/**
 * One entry's bytes, unpacked as a stream (zlib works off the event loop) a chunk at a time,
 * never more than its directory declared (a lying size is a bomb) and checked against its CRC-32
 * at the end: a consumer that reads to the end has read exactly what was packed.
 */
export async function* readZipEntryChunks(
  zip: Pick<ZipArchive, 'path'>,
  entry: ZipEntry,
): AsyncGenerator<Buffer> {
  let size = 0;
  let crc = 0;
  if (entry.packedSize > 0) {
    const raw = createReadStream(zip.path, {
      start: entry.dataOffset,
      end: entry.dataOffset + entry.packedSize - 1,
      highWaterMark: CHUNK_BYTES,
    });
    let unpacked: Readable = raw;
    if (entry.method === DEFLATED) {
      const inflate = createInflateRaw({ chunkSize: CHUNK_BYTES });
      raw.on('error', (error) => inflate.destroy(error));
      unpacked = raw.pipe(inflate);
    }
    try {
      for await (const chunk of unpacked as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > entry.size) {
          throw damaged(`"${entry.name}" unpacks to more than its table of contents says.`);
        }
        crc = crc32(chunk, crc);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw damaged(`"${entry.name}" cannot be unpacked.`);
    } finally {
      raw.destroy();
      unpacked.destroy();
    }
  }
  if (size !== entry.size || crc !== entry.crc) {
    throw damaged(`"${entry.name}" does not match its checksum.`);
  }
}

/** One entry's bytes whole, for a file that is kept whole (a receipt, the manifest). */
export async function readZipEntry(
  zip: Pick<ZipArchive, 'path'>,
  entry: ZipEntry,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of readZipEntryChunks(zip, entry)) chunks.push(chunk);
  return Buffer.concat(chunks, entry.size);
}

/** Opens a zip on disk and reads its checked directory (readZipDirectory). */
export async function openZip(
  path: string,
  file: FileHandle,
  limits: ZipLimits,
): Promise<ZipArchive> {
  const entries = new Map<string, ZipEntry>();
  for (const entry of await readZipDirectory(file, limits)) {
    if (entries.has(entry.name)) throw unsafe(`"${entry.name}" is in it twice.`);
    entries.set(entry.name, entry);
  }
  return { path, file, entries };
}
