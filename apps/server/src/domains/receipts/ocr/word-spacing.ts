import type { DecodedChar } from './ctc-decode';

// A word space is a blank at least this many character pitches wider than the usual gap between
// two letters of the line; monospaced receipt fonts space their letters widely, so the line's own
// letter gap is the reference, not a fixed width.
const SPACE_EXTRA = 0.5;
// ...and at least this fraction of the text height, so specks and kerning never count.
const MIN_SPACE = 0.2;
// ...and the two characters' positions at least this many pitches apart: a narrow "1" of a
// monospaced font has wide blanks around it but sits one pitch from its neighbours.
const SPACE_DISTANCE = 1.5;
// A space the recognizer gave at least this probability between two characters is taken even
// when it preferred the blank.
const SPACE_PROBABILITY = 0.2;

/**
 * The text of a line with its word spaces. PaddleOCR's English recognizer often glues words
 * ("MRDIYMSDNBHD"), so a space is also inserted between two characters where the recognizer
 * gave a space a fair probability, or where the crop it read has a stretch of blank paper clearly
 * wider than the line's letter gap. The characters' time steps tell where they sit in the crop
 * (a step is `ink.length / steps` columns). Numbers are never split.
 */
export function joinWithSpaces(chars: readonly DecodedChar[], steps: number, ink: Uint8Array) {
  const columnsPerStep = ink.length / Math.max(1, steps);
  const gaps = chars.map((current, i) => {
    const previous = chars[i - 1];
    // Numbers are never split: a narrow "1" inside "2018" looks like a gap, and amounts, dates
    // and ids read the same glued.
    if (!previous || !isSpaceable(previous.char, current.char)) return null;
    return widestBlank(
      ink,
      Math.round((previous.step + 0.5) * columnsPerStep),
      Math.round((current.step + 0.5) * columnsPerStep),
    );
  });
  const distances = chars.map((c, i) => c.step - (chars[i - 1]?.step ?? c.step));
  const pitchSteps = quantile(distances.slice(1), 0.5);
  const pitch = pitchSteps * columnsPerStep;
  // Most gaps of a line are between letters, but short lines have as many word spaces: the
  // lower quartile is a letter gap in both.
  const letterGap = quantile(
    gaps.filter((gap) => gap !== null),
    0.25,
  );
  const minGap = Math.max(letterGap + SPACE_EXTRA * pitch, MIN_SPACE * textHeight(ink));
  let text = '';
  chars.forEach((current, i) => {
    const isWide = (gaps[i] ?? 0) >= minGap && (distances[i] ?? 0) >= SPACE_DISTANCE * pitchSteps;
    const isLikely = gaps[i] !== null && current.spaceBefore >= SPACE_PROBABILITY;
    if (i > 0 && (isWide || isLikely)) text += ' ';
    text += current.char;
  });
  return text.trim();
}

function isSpaceable(left: string, right: string): boolean {
  const isNumeric = (char: string) => /[\d.,:/-]/.test(char);
  return left !== ' ' && right !== ' ' && !(isNumeric(left) && isNumeric(right));
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * q)] ?? 0;
}

/** The height of the letters: the inked height of the tallest strokes (90th percentile column). */
function textHeight(ink: Uint8Array): number {
  const inked = Array.from(ink)
    .filter((value) => value > 0)
    .sort((a, b) => a - b);
  return inked[Math.floor(inked.length * 0.9)] ?? ink.length;
}

/** The longest run of columns without ink between two columns. */
function widestBlank(ink: Uint8Array, from: number, to: number): number {
  let widest = 0;
  let run = 0;
  for (let x = Math.max(0, from); x < Math.min(ink.length, to); x++) {
    run = ink[x] ? 0 : run + 1;
    widest = Math.max(widest, run);
  }
  return widest;
}
