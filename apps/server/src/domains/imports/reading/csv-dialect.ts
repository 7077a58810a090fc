/**
 * Field delimiters a bank's CSV may use (docs/architecture.md, Imports), in order of preference on
 * a tie.
 */
const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** How many lines the delimiter is decided from. */
const SAMPLE_LINES = 50;

/** Delimiters in one line, outside double quotes. */
function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let isQuoted = false;
  for (const char of line) {
    if (char === '"') isQuoted = !isQuoted;
    else if (char === delimiter && !isQuoted) count++;
  }
  return count;
}

/**
 * The delimiter that splits the most lines into the same number of fields (a bank's preamble
 * lines differ, its table does not); more fields win a tie. Undefined when no candidate splits
 * any line: the text is not a table.
 */
export function detectDelimiter(lines: string[]): Delimiter | undefined {
  const sample = lines.filter((line) => line.trim() !== '').slice(0, SAMPLE_LINES);
  let best: { delimiter: Delimiter; lines: number; fields: number } | undefined;
  for (const delimiter of DELIMITERS) {
    const frequency = new Map<number, number>();
    for (const line of sample) {
      const count = countOutsideQuotes(line, delimiter);
      if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    }
    for (const [fields, linesWithIt] of frequency) {
      if (
        !best ||
        linesWithIt > best.lines ||
        (linesWithIt === best.lines && fields > best.fields)
      ) {
        best = { delimiter, lines: linesWithIt, fields };
      }
    }
  }
  return best?.delimiter;
}
