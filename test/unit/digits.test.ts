import { describe, expect, it } from 'vitest';
import { digitsOf } from '../../lib/http/digits.js';

describe('digitsOf (lib/http/digits.ts)', () => {
  it('reads decimal digits as a whole number, up to maxDigits', () => {
    expect(digitsOf('0')).toBe(0);
    expect(digitsOf('0012')).toBe(12);
    expect(digitsOf('999999999999999')).toBe(999_999_999_999_999);
    expect(digitsOf('1234567', 7)).toBe(1_234_567);
  });

  it('refuses what Number would take: empty, spaces, signs, points, exponents, hex, too many digits', () => {
    for (const text of [undefined, '', ' 7', '7 ', '-1', '+1', '1.0', '1e3', '0x1F', 'Infinity', '1_000']) {
      expect(digitsOf(text)).toBeUndefined();
    }
    expect(digitsOf('1234567890123456')).toBeUndefined();
    expect(digitsOf('12345678', 7)).toBeUndefined();
  });
});
