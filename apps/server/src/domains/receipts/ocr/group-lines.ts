import type { ReceiptLine } from './receipt-lines';

export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A piece of text found by OCR and where it is on the page. */
export interface OcrWord extends OcrBox {
  text: string;
  confidence: number;
}

/**
 * Groups OCR words into printed lines: words whose vertical centres are within half a text
 * height of each other share a line, read left to right. This is what puts a total's amount,
 * detected as a separate box at the far right, on the same line as its keyword.
 */
export function groupLines(words: readonly OcrWord[]): ReceiptLine[] {
  const sorted = [...words].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const lines: Array<{ centre: number; height: number; words: OcrWord[] }> = [];
  for (const word of sorted) {
    const centre = (word.y0 + word.y1) / 2;
    const height = word.y1 - word.y0;
    let target: (typeof lines)[number] | undefined;
    for (let i = lines.length - 1; i >= Math.max(0, lines.length - 3); i--) {
      const line = lines[i];
      if (line && Math.abs(line.centre - centre) < Math.min(height, line.height) * 0.5) {
        target = line;
        break;
      }
    }
    if (target) {
      target.words.push(word);
      target.centre = (target.centre * (target.words.length - 1) + centre) / target.words.length;
    } else {
      lines.push({ centre, height, words: [word] });
    }
  }
  return lines.map((line) => {
    const ordered = line.words.sort((a, b) => a.x0 - b.x0);
    const confidence = ordered.reduce((sum, w) => sum + w.confidence, 0) / ordered.length;
    return { text: ordered.map((w) => w.text).join(' '), confidence };
  });
}
