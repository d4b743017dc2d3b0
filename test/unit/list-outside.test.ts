import { describe, expect, it } from 'vitest';
import { OUTSIDE_EXPRESSION_LIMIT, outsideExpression, outsideOf } from '../../lib/db/list-outside.js';

describe('the outside rule (a list holds a value outside a set)', () => {
  it('judges a record: one value outside is enough; an empty list is outside', () => {
    expect(outsideOf([3, 7], [3])).toBe(true);
    expect(outsideOf([3, 7], [3, 7])).toBe(false);
    expect(outsideOf([3], [3, 7])).toBe(false);
    expect(outsideOf([], [3])).toBe(true);
    expect(outsideOf(undefined, [3])).toBe(true);
    expect(outsideOf(['3'], [3])).toBe(false);
  });

  it('spells one term per subset of the set: size and every value contained', () => {
    const expression = outsideExpression('#f', [':a', ':b'], (k) => `:s${k}`);
    expect(expression).toBe(
      '(NOT ((size(#f) = :s1 AND contains(#f, :a)) OR (size(#f) = :s1 AND contains(#f, :b)) OR ' +
        '(size(#f) = :s2 AND contains(#f, :a) AND contains(#f, :b))))',
    );
  });

  it('stays within DynamoDB’s 4 KB expression at the largest set it spells out', () => {
    const placeholders = Array.from({ length: OUTSIDE_EXPRESSION_LIMIT }, (_, i) => `:f0_${i}`);
    expect(outsideExpression('#f0', placeholders, (k) => `:f0_s${k}`).length).toBeLessThan(3000);
  });
});
