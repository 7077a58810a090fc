import { createCanvas } from '@napi-rs/canvas';
import type { ReceiptLine } from './receipt-lines';
import { ReceiptReadError } from './receipt-read-error';

// 200 × 200 inches: PDF's own limit on a page side (14,400 units), far beyond any receipt.
const MAX_PAGE_SIDE = 14_400;
const MIN_TEXT_LETTERS = 10;

/**
 * Page 1 of a PDF: its text lines when it has a text layer (empty for a scan), and the page
 * rendered as a PNG — what OCR reads when there is no text, and the receipt's picture either way.
 */
export interface PdfFirstPage {
  lines: ReceiptLine[];
  png: Buffer;
}

interface TextItem {
  str: string;
  transform: number[];
  height: number;
}

/**
 * Reads page 1 of a PDF: the text layer when it has enough text (digital receipts and
 * invoices), and the page rendered with its long side at most `maxSide` pixels.
 */
export async function readPdfFirstPage(bytes: Buffer, maxSide: number): Promise<PdfFirstPage> {
  // pdfjs is loaded with the first PDF, not with the worker: importing it alone keeps ≈ 180 MB
  // resident, which a worker that only ever reads photos never needs.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    let document;
    try {
      document = await task.promise;
    } catch {
      throw new ReceiptReadError('unreadable', 'The PDF could not be read.');
    }
    const page = await document.getPage(1);
    const viewport = page.getViewport({ scale: 1 });
    if (
      viewport.width > MAX_PAGE_SIDE ||
      viewport.height > MAX_PAGE_SIDE ||
      viewport.width < 1 ||
      viewport.height < 1
    ) {
      throw new ReceiptReadError('too-large', 'The PDF page size is not plausible for a receipt.');
    }
    const content = await page.getTextContent();
    const items = content.items.filter(
      (item): item is Extract<(typeof content.items)[number], TextItem> =>
        'str' in item && item.str.trim() !== '',
    );
    const textLayer = textLines(items);
    const letters = textLayer.reduce(
      (sum, l) => sum + (l.text.match(/[A-Za-z0-9]/g) ?? []).length,
      0,
    );
    const lines = letters >= MIN_TEXT_LETTERS ? textLayer : [];

    const scale = Math.min(4, maxSide / Math.max(viewport.width, viewport.height));
    const scaled = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(scaled.width), Math.ceil(scaled.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // pdfjs's types name the DOM canvas; @napi-rs/canvas implements the same 2D API.
    const renderParameters = { canvas, canvasContext: context, viewport: scaled };
    await page.render(renderParameters as unknown as Parameters<typeof page.render>[0]).promise;
    return { lines, png: canvas.toBuffer('image/png') };
  } catch (error) {
    if (error instanceof ReceiptReadError) throw error;
    throw new ReceiptReadError('unreadable', 'The PDF could not be read.');
  } finally {
    await task.destroy();
  }
}

/** Text items on (nearly) the same baseline form one line, read left to right, top to bottom. */
function textLines(items: TextItem[]): ReceiptLine[] {
  const rows: Array<{ y: number; size: number; items: TextItem[] }> = [];
  for (const item of items) {
    const y = item.transform[5] ?? 0;
    const size = Math.max(1, Math.abs(item.transform[3] ?? item.height ?? 1));
    const row = rows.find((r) => Math.abs(r.y - y) < Math.min(r.size, size) * 0.5);
    if (row) row.items.push(item);
    else rows.push({ y, size, items: [item] });
  }
  return rows
    .sort((a, b) => b.y - a.y)
    .map((row) => ({
      text: row.items
        .sort((a, b) => (a.transform[4] ?? 0) - (b.transform[4] ?? 0))
        .map((i) => i.str.trim())
        .join(' ')
        .replace(/\s+/g, ' '),
      confidence: 1,
    }));
}
