import { describe, expect, it } from 'vitest';
import { dateOrderOf } from '../locale-format';

describe('dateOrderOf', () => {
  it('reads the order in which each locale writes a date in numbers', () => {
    expect(dateOrderOf('en-US')).toBe('mdy');
    expect(dateOrderOf('de-DE')).toBe('dmy');
    expect(dateOrderOf('fr-FR')).toBe('dmy');
    expect(dateOrderOf('en-GB')).toBe('dmy');
    expect(dateOrderOf('ja-JP')).toBe('ymd');
  });
});
