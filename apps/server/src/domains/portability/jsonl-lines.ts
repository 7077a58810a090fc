import { damaged } from './zip-reader';

/** One line of a JSON Lines file: its text and its number (1 for the first). */
export interface NumberedLine {
  text: string;
  number: number;
}

export interface LineLimits {
  /** The longest line, in bytes (its line break not counted). */
  maxLineBytes: number;
  /** The most lines the file may have, blank ones included. */
  maxLines: number;
}

const LINE_FEED = 0x0a;

/** True for a line of nothing but spaces, tabs and a carriage return. */
function isBlank(bytes: Buffer): boolean {
  for (const byte of bytes) {
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  }
  return true;
}

/**
 * The lines of a stream of UTF-8 bytes, a chunk's worth at a time (so that the caller works
 * through each batch without an await per line), blank lines skipped but counted. Only the
 * line being read is kept: a line longer than `maxLineBytes`, or more than `maxLines` lines,
 * is refused (EXPORT_DAMAGED naming `fileName` and the line) as soon as it is seen, so that
 * neither a file of one endless line nor one of a hundred million line breaks is held or
 * walked through.
 */
export async function* numberedLines(
  chunks: AsyncIterable<Buffer>,
  fileName: string,
  limits: LineLimits,
): AsyncGenerator<NumberedLine[]> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let number = 0;
  const tooLong = () =>
    damaged(`${fileName} line ${number + 1} is longer than ${limits.maxLineBytes} bytes.`);
  const take = (bytes: Buffer, batch: NumberedLine[]) => {
    number += 1;
    if (number > limits.maxLines) {
      throw damaged(`${fileName} has more than ${limits.maxLines} lines.`);
    }
    if (!isBlank(bytes)) batch.push({ text: bytes.toString('utf8'), number });
  };
  for await (const chunk of chunks) {
    const batch: NumberedLine[] = [];
    let start = 0;
    for (let end = chunk.indexOf(LINE_FEED); end >= 0; end = chunk.indexOf(LINE_FEED, start)) {
      const piece = chunk.subarray(start, end);
      if (pendingBytes + piece.length > limits.maxLineBytes) throw tooLong();
      take(pending.length > 0 ? Buffer.concat([...pending, piece]) : piece, batch);
      pending = [];
      pendingBytes = 0;
      start = end + 1;
    }
    if (start < chunk.length) {
      pendingBytes += chunk.length - start;
      if (pendingBytes > limits.maxLineBytes) throw tooLong();
      pending.push(chunk.subarray(start));
    }
    if (batch.length > 0) yield batch;
  }
  if (pendingBytes > 0) {
    const batch: NumberedLine[] = [];
    take(Buffer.concat(pending), batch);
    if (batch.length > 0) yield batch;
  }
}
