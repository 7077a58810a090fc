/** A character read by the recognizer, where it was read and how likely a space was before it. */
export interface DecodedChar {
  char: string;
  /** The time step (a column of 8 input pixels) the character was first read at. */
  step: number;
  /**
   * The highest probability of a space class at any step between the previous character and
   * this one: the recognizer often sees a word space without making it its first choice.
   */
  spaceBefore: number;
}

/**
 * Greedy CTC decoding of one line: the most likely class at every time step, repeats merged,
 * blanks (class 0) dropped. Each character keeps where it sits on the line and the space
 * probability before it, for the spacing step (joinWithSpaces).
 */
export function decodeCtc(
  probabilities: Float32Array,
  offset: number,
  steps: number,
  dictionary: readonly string[],
): { chars: DecodedChar[]; confidence: number } {
  const classes = dictionary.length;
  const spaceClasses = dictionary.flatMap((char, index) => (char === ' ' ? [index] : []));
  const chars: DecodedChar[] = [];
  let previous = 0;
  let sum = 0;
  let spaceBefore = 0;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestValue = -1;
    const base = offset + t * classes;
    for (let c = 0; c < classes; c++) {
      const value = probabilities[base + c] ?? 0;
      if (value > bestValue) {
        bestValue = value;
        best = c;
      }
    }
    let space = 0;
    for (const c of spaceClasses) space += probabilities[base + c] ?? 0;
    spaceBefore = Math.max(spaceBefore, space);
    if (best !== 0 && best !== previous) {
      chars.push({ char: dictionary[best] ?? '', step: t, spaceBefore });
      sum += bestValue;
      spaceBefore = 0;
    }
    previous = best;
  }
  return { chars, confidence: chars.length > 0 ? sum / chars.length : 0 };
}
