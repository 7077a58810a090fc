/** One printed line of a receipt, top to bottom, its words joined left to right. */
export interface ReceiptLine {
  text: string;
  /** Mean recognition confidence of the line (0–1); 1 for a PDF's text layer. */
  confidence: number;
}

export function toReceiptLines(text: string): ReceiptLine[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => ({ text: line, confidence: 1 }));
}
