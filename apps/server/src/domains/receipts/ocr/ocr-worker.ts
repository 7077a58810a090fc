// The OCR worker process: loads the models once, then reads one receipt at a time for the pool
// (ocr-pool.ts). Running OCR in its own process keeps its memory out of the server's heap and lets
// the pool kill a receipt that takes too long.
import { groupLines } from './group-lines';
import type {
  OcrAnswer,
  OcrRequest,
  OcrResponse,
  OcrScript,
  OcrWorkerSettings,
} from './ocr-protocol';
import { createPaddleOcr, type PaddleOcr } from './paddle-ocr';
import { prepareImage, trimMargins } from './prepare-image';
import { readPdfFirstPage } from './read-pdf';
import { isReceiptReadError } from './receipt-read-error';

const settings = JSON.parse(process.env.MONETA_OCR_SETTINGS ?? '{}') as OcrWorkerSettings;
let ocr: Promise<PaddleOcr> | undefined;

async function readImage(bytes: Buffer, script: OcrScript) {
  const image = await prepareImage(bytes, settings.maxImageSide);
  ocr ??= createPaddleOcr({
    threads: settings.threads,
    detectionMaxPixels: settings.detectionMaxPixels,
  });
  return groupLines(await (await ocr).read(image, script));
}

async function handle({ id, job }: OcrRequest): Promise<OcrAnswer> {
  try {
    const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
    const script = job.script ?? 'latin';
    if (job.mimeType !== 'application/pdf') {
      return { id, ok: true, source: 'ocr', lines: await readImage(bytes, script) };
    }
    const page = await readPdfFirstPage(bytes, settings.maxImageSide);
    if (page.lines.length > 0) {
      return { id, ok: true, source: 'pdf-text', lines: page.lines, pagePng: page.png };
    }
    const lines = await readImage(await trimMargins(page.png), script);
    return { id, ok: true, source: 'ocr', lines, pagePng: page.png };
  } catch (error) {
    if (
      isReceiptReadError(error) &&
      (error.reason === 'unreadable' || error.reason === 'too-large')
    ) {
      return { id, ok: false, reason: error.reason, message: error.message };
    }
    return { id, ok: false, reason: 'unreadable', message: 'The receipt could not be read.' };
  }
}

process.on('message', (request: OcrRequest) => {
  void handle(request).then((answer) =>
    process.send?.({ ...answer, rss: process.memoryUsage.rss() } satisfies OcrResponse),
  );
});
// Orphaned workers end with their parent.
process.on('disconnect', () => process.exit(0));
