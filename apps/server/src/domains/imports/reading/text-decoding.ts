import { ErrorCode } from '@moneta/shared';
import iconv from 'iconv-lite';
import { unreadable } from './import-refusal';
import { declaredLegacyEncoding, legacyEncodingOf, type LegacyEncoding } from './legacy-encoding';

/** The encodings a bank file may be in (docs/architecture.md, Imports). */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | LegacyEncoding;

/** What the first bytes say: a byte order mark, or UTF-16 without one, or one of the others. */
export interface EncodingGuess {
  /** `utf-8-or-legacy`: decided by the first byte beyond ASCII (see TextDecoding). */
  encoding: TextEncoding | 'utf-8-or-legacy';
  /** The single-byte encoding the file is in if it is not UTF-8, voted on by the first bytes. */
  legacy: LegacyEncoding;
  bomLength: number;
}

export function sniffEncoding(head: Buffer): EncodingGuess {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    return { encoding: 'utf-8', legacy: 'windows-1252', bomLength: 3 };
  }
  if (head[0] === 0xff && head[1] === 0xfe) {
    return { encoding: 'utf-16le', legacy: 'windows-1252', bomLength: 2 };
  }
  if (head[0] === 0xfe && head[1] === 0xff) {
    return { encoding: 'utf-16be', legacy: 'windows-1252', bomLength: 2 };
  }
  // UTF-16 without a mark: text in Latin script has a zero in every other byte.
  const sample = head.subarray(0, 4096 - (Math.min(head.length, 4096) % 2));
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] === 0) {
      if (i % 2 === 0) evenZeros++;
      else oddZeros++;
    }
  }
  const pairs = sample.length / 2;
  if (pairs >= 2 && oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) {
    return { encoding: 'utf-16le', legacy: 'windows-1252', bomLength: 0 };
  }
  if (pairs >= 2 && evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) {
    return { encoding: 'utf-16be', legacy: 'windows-1252', bomLength: 0 };
  }
  // A file that declares a Central European encoding is taken at its word. `CHARSET:1252` is
  // OFX's boilerplate, written whatever the bytes are: the vote decides then, as without one.
  const declared = declaredLegacyEncoding(head);
  const legacy = declared && declared !== 'windows-1252' ? declared : legacyEncodingOf(head);
  return { encoding: 'utf-8-or-legacy', legacy, bomLength: 0 };
}

const mixedEncodings = () =>
  unreadable(
    'The file mixes two text encodings (part UTF-8, part something else). Save it again as UTF-8 (or as it came from the bank) and upload it again.',
    ErrorCode.MIXED_ENCODINGS,
  );

/** Length of the valid UTF-8 sequence at `offset` (0 if invalid, -1 if cut off by the end). */
function utf8SequenceLength(bytes: Buffer, offset: number): number {
  const lead = bytes[offset]!;
  const length =
    lead >= 0xc2 && lead <= 0xdf
      ? 2
      : lead >= 0xe0 && lead <= 0xef
        ? 3
        : lead >= 0xf0 && lead <= 0xf4
          ? 4
          : 0;
  if (length === 0) return 0;
  for (let i = 1; i < length; i++) {
    if (offset + i >= bytes.length) return -1;
    const next = bytes[offset + i]!;
    if (next < 0x80 || next > 0xbf) return 0;
  }
  // Overlong three-byte forms and surrogates (E0 80–9F, ED A0–BF), beyond U+10FFFF (F4 90+).
  const second = bytes[offset + 1]!;
  if ((lead === 0xe0 && second < 0xa0) || (lead === 0xed && second > 0x9f)) return 0;
  if ((lead === 0xf0 && second < 0x90) || (lead === 0xf4 && second > 0x8f)) return 0;
  return length;
}

/**
 * Decodes a file chunk by chunk. UTF-8 and a single-byte encoding (Windows-1252, or 1250 as
 * the first bytes voted) are told apart by the first byte beyond ASCII — a valid UTF-8
 * sequence, or not — which needs no guessing over the whole file: ASCII reads the same in
 * all. A file that turns out to hold both (UTF-8 sequences and bytes UTF-8 forbids) is
 * refused rather than half garbled.
 */
export class TextDecoding {
  private mode: TextEncoding | 'ascii';
  private readonly legacyEncoding: LegacyEncoding;
  private pending = Buffer.alloc(0);
  private utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private legacy: ReturnType<typeof iconv.getDecoder> | undefined;

  constructor(guess: EncodingGuess) {
    this.mode = guess.encoding === 'utf-8-or-legacy' ? 'ascii' : guess.encoding;
    this.legacyEncoding = guess.legacy;
    if (this.mode === 'utf-16le' || this.mode === 'utf-16be') {
      this.legacy = iconv.getDecoder(this.mode, { stripBOM: false });
    }
  }

  /** The encoding the file is read in; `utf-8` while it has been plain ASCII so far. */
  get encoding(): TextEncoding {
    return this.mode === 'ascii' ? 'utf-8' : this.mode;
  }

  write(chunk: Buffer): string {
    const bytes = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    return this.decode(bytes, false);
  }

  end(): string {
    const bytes = this.pending;
    this.pending = Buffer.alloc(0);
    return this.decode(bytes, true);
  }

  private decode(bytes: Buffer, isLast: boolean): string {
    let text = '';
    let start = 0;
    if (this.mode === 'ascii') {
      let i = 0;
      while (i < bytes.length && bytes[i]! < 0x80) i++;
      text = bytes.toString('latin1', 0, i);
      if (i === bytes.length) return text;
      const length = utf8SequenceLength(bytes, i);
      if (length === -1 && !isLast) {
        // The first byte beyond ASCII is cut off by the chunk's end: decide with the next one.
        this.pending = Buffer.from(bytes.subarray(i));
        return text;
      }
      this.mode = length > 0 ? 'utf-8' : this.legacyEncoding;
      if (this.mode !== 'utf-8') this.legacy = iconv.getDecoder(this.mode);
      start = i;
    }
    const rest = bytes.subarray(start);
    switch (this.mode) {
      case 'utf-8':
        try {
          return text + this.utf8.decode(rest, { stream: !isLast });
        } catch {
          throw mixedEncodings();
        }
      case 'windows-1252':
      case 'windows-1250':
      case 'iso-8859-2':
        if (containsUtf8Sequence(rest)) throw mixedEncodings();
        return text + this.legacy!.write(rest) + (isLast ? (this.legacy!.end() ?? '') : '');
      default:
        return text + this.legacy!.write(rest) + (isLast ? (this.legacy!.end() ?? '') : '');
    }
  }
}

/** True when the bytes hold a UTF-8 sequence beyond ASCII: a file in Windows-125x does not. */
function containsUtf8Sequence(bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! >= 0xc2 && utf8SequenceLength(bytes, i) > 0) return true;
  }
  return false;
}
