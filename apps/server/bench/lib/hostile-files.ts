// The hostile uploads of `npm run bench:hostile` (hostile-load.ts), built from a real export so
// that each gets past the first checks and reaches the reading it attacks.
import { unzipSync, zipSync, type Zippable } from 'fflate';

const CENTRAL_RECORD = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;

/** An export whose transactions.jsonl is `lineBreaks` line breaks (compressed to a few hundred kB). */
export function lineBreaksRestoreZip(exportZip: Uint8Array, lineBreaks: number): Uint8Array {
  const files: Zippable = { ...unzipSync(exportZip) };
  files['transactions.jsonl'] = [new Uint8Array(lineBreaks).fill(0x0a), { level: 9 }];
  return zipSync(files);
}

/**
 * An export with one entry of `entryMb` MB of zeros that `copies` more central directory records
 * point at as well: the entries overlap (one local file read as many), so the zip claims
 * `copies` × `entryMb` MB unpacked from a file of a few hundred kB.
 */
export function overlappingZip(exportZip: Uint8Array, entryMb: number, copies: number): Buffer {
  const files: Zippable = { ...unzipSync(exportZip) };
  files['zz.bin'] = [new Uint8Array(entryMb * 1024 * 1024), { level: 9 }];
  const bytes = Buffer.from(zipSync(files));
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || bytes.readUInt32LE(end) !== END_OF_DIRECTORY) throw new Error('no end record');
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  const entries = bytes.readUInt16LE(end + 10);
  let target: Buffer | undefined;
  for (let at = directoryOffset; at < directoryOffset + directorySize;) {
    if (bytes.readUInt32LE(at) !== CENTRAL_RECORD) throw new Error('bad central record');
    const length =
      46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const name = bytes.toString('utf8', at + 46, at + 46 + bytes.readUInt16LE(at + 28));
    if (name === 'zz.bin') target = bytes.subarray(at, at + length);
    at += length;
  }
  if (!target) throw new Error('zz.bin not found');
  const copiesRecords: Buffer[] = [];
  for (let index = 0; index < copies; index++) {
    const name = Buffer.from(`zz${String(index).padStart(6, '0')}.bin`);
    const record = Buffer.alloc(46 + name.length);
    target.copy(record, 0, 0, 46);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt16LE(0, 30);
    record.writeUInt16LE(0, 32);
    name.copy(record, 46);
    copiesRecords.push(record);
  }
  const directory = Buffer.concat([
    bytes.subarray(directoryOffset, directoryOffset + directorySize),
    ...copiesRecords,
  ]);
  const endRecord = Buffer.from(bytes.subarray(end, end + 22));
  const total = Math.min(0xffff, entries + copies);
  endRecord.writeUInt16LE(total, 8);
  endRecord.writeUInt16LE(total, 10);
  endRecord.writeUInt32LE(directory.length, 12);
  endRecord.writeUInt32LE(directoryOffset, 16);
  endRecord.writeUInt16LE(0, 20);
  return Buffer.concat([bytes.subarray(0, directoryOffset), directory, endRecord]);
}

/** A bank CSV of about `megabytes` MB, every row different. */
export function largeBankCsv(megabytes: number): Buffer {
  const lines = ['Date,Description,Amount'];
  let size = 0;
  for (let index = 0; size < megabytes * 1024 * 1024 - 200; index++) {
    const day = String((index % 28) + 1).padStart(2, '0');
    const line = `2026-02-${day},Hostile shop ${index},-${(index % 900) + 1}.${index % 100}`;
    lines.push(line);
    size += line.length + 1;
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** A multipart body with one file in the field `field`. */
export function multipartFile(field: string, fileName: string, bytes: Uint8Array) {
  const boundary = `----hostile${Math.random().toString(16).slice(2)}`;
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
