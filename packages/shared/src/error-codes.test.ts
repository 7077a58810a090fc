import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes';

describe('ErrorCode', () => {
  it('names each code by itself, so that ErrorCode.X is what the API sends as "X"', () => {
    for (const [name, code] of Object.entries(ErrorCode)) expect(code).toBe(name);
  });
});
