import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Small modules with one job (docs/architecture.md): lint refuses a file over 500 lines and a
 * function over 150, except factories (`createX`) and `describe` groups. Checked on code that
 * breaks the rules, so a change to the lint configuration cannot drop them unnoticed.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function sizeMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? [])
    .filter((message) => ['max-lines', 'moneta/function-length'].includes(message.ruleId ?? ''))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

const statements = (count: number) =>
  Array.from({ length: count }, (_, index) => `  total += ${index};`).join('\n');

describe('size rules', () => {
  it('refuse a function of 151 lines and pass one of 150', async () => {
    const long = `export function sum(): number {\n  let total = 0;\n${statements(147)}\n  return total;\n}\n`;
    expect(await sizeMessages('apps/server/src/lib/sum.ts', long)).toEqual([
      expect.stringContaining("'sum' has 151 lines"),
    ]);
    const fits = `export function sum(): number {\n  let total = 0;\n${statements(146)}\n  return total;\n}\n`;
    expect(await sizeMessages('apps/server/src/lib/sum.ts', fits)).toEqual([]);
  });

  it('let a factory and a describe group be long, but not a test case', async () => {
    const factory = `export function createSums() {\n  let total = 0;\n${statements(200)}\n  return { total };\n}\n`;
    expect(await sizeMessages('apps/server/src/lib/sums.ts', factory)).toEqual([]);
    const cases = `import { describe, expect, it } from 'vitest';\ndescribe('sums', () => {\n${Array.from({ length: 40 }, (_, index) => `  it('adds ${index}', () => {\n    expect(${index} + 0).toBe(${index});\n  });`).join('\n')}\n});\n`;
    expect(await sizeMessages('apps/server/test/sums.test.ts', cases)).toEqual([]);
    const longCase = `import { it } from 'vitest';\nit('adds', () => {\n  let total = 0;\n${statements(160)}\n  void total;\n});\n`;
    expect(await sizeMessages('apps/server/test/sums.test.ts', longCase)).toEqual([
      expect.stringContaining('This function has 164 lines'),
    ]);
  });

  it('refuse a file of 501 lines', async () => {
    const lines = Array.from(
      { length: 501 },
      (_, index) => `export const value${index} = ${index};`,
    );
    expect(await sizeMessages('apps/server/src/lib/values.ts', `${lines.join('\n')}\n`)).toEqual([
      expect.stringContaining('max-lines'),
    ]);
  });
});
