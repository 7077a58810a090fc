import type { BrowserContext, Page } from '@playwright/test';

/**
 * Draws a receipt the way a till prints one (black monospace text on white) with the browser's
 * own canvas and returns it as PNG bytes: a real image for the server to read, made on the spot.
 */
export async function renderReceiptPng(page: Page, lines: string[]): Promise<Buffer> {
  const dataUrl = await page.evaluate((receiptLines) => {
    const fontSize = 36;
    const lineHeight = Math.round(fontSize * 1.6);
    const canvas = document.createElement('canvas');
    canvas.width = 720;
    canvas.height = lineHeight * (receiptLines.length + 2);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas in this browser');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#000000';
    context.font = `${fontSize}px "DejaVu Sans Mono", "Liberation Mono", monospace`;
    context.textBaseline = 'top';
    receiptLines.forEach((line, index) => {
      context.fillText(line, 48, lineHeight * (index + 1));
    });
    return canvas.toDataURL('image/png');
  }, lines);
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}

/**
 * Prints a receipt to PDF with the browser's own print engine: a digital receipt with a real
 * text layer, as shops e-mail them.
 */
export async function printReceiptPdf(context: BrowserContext, lines: string[]): Promise<Buffer> {
  const page = await context.newPage();
  try {
    await page.setContent(
      `<pre style="font: 14px 'DejaVu Sans Mono', monospace">${lines
        .map((line) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;'))
        .join('\n')}</pre>`,
    );
    return await page.pdf({ format: 'A5' });
  } finally {
    await page.close();
  }
}
