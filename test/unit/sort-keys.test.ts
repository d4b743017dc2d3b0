/**
 * Text sort keys (lib/db/entity-keys.ts encodeSortValue) and the in-memory order that must agree with them
 * (lib/db/list-filter.ts compare): a sort item's key is `<encoded value>#<padded id>`, and DynamoDB orders keys by
 * their bytes, so the encoded value followed by `#` must order as the values do.
 */
import { describe, expect, it } from 'vitest';
import { encodeSortValue } from '../../lib/db/entity-keys.js';
import { padId } from '../../lib/db/keys.js';
import { compare, contradictoryRange, type ListCondition } from '../../lib/db/list-filter.js';

const key = (value: string, id: number, layout?: number) => `${encodeSortValue(value, false, layout)}#${padId(id)}`;
const byKey = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

// Values that start one another, followed by every character up to `$` and just after it.
const VALUES = [
  'gam',
  'gam 100',
  'gam!',
  'gam"x',
  'gam#',
  'gam$',
  'gam%',
  'gam\u0001',
  'gama',
  'Gam 2',
  'gam-1',
  '',
  'Émile',
  'zeta',
];

describe('text sort keys', () => {
  it('order values as their text without case and accents, a value before every longer value it starts', () => {
    const folded = (text: string) =>
      text
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
    const expected = [...VALUES].sort((a, b) => {
      const [x, y] = [folded(a), folded(b)];
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const byKeys = VALUES.map((value, id) => ({ value, sk: key(value, id + 1) }))
      .sort((a, b) => byKey(a.sk, b.sk))
      .map((entry) => entry.value);
    expect(byKeys).toEqual(expected);
    expect(byKeys.indexOf('gam')).toBeLessThan(byKeys.indexOf('gam 100'));
    expect(byKeys.indexOf('Émile')).toBeLessThan(byKeys.indexOf('gam'));
  });

  it('ties fall to the id, and the in-memory order is the keys’ order', () => {
    expect(byKey(key('gam 100', 2), key('GAM 100', 10))).toBeLessThan(0);
    for (const a of VALUES)
      for (const b of VALUES) {
        const inMemory = Math.sign(compare(a, b, false));
        expect(inMemory, `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(
          Math.sign(byKey(encodeSortValue(a, false), encodeSortValue(b, false))),
        );
      }
  });

  it('layouts before 6 keep the text as it is (what their items were written with)', () => {
    expect(encodeSortValue('Gam 100', false, 5)).toBe('gam 100');
    expect(encodeSortValue('Gam 100', false)).toBe('gam$a100');
    // Before layout 6 a space sorted below the `#` that ends a shorter value: the order layout 6 mends.
    expect(byKey(key('gam 100', 1, 5), key('gam', 2, 5))).toBeLessThan(0);
  });
});

describe('contradictory ranges', () => {
  const rule = (op: 'gte' | 'lte') => ({ field: 'price', op }) as const;
  const range = (from: number, to: number): ListCondition[] => [
    { rule: rule('gte'), values: [from] },
    { rule: rule('lte'), values: [to] },
  ];
  it('a lower bound above the upper bound of the same field matches nothing', () => {
    expect(contradictoryRange(range(10, 5.5))).toBe(true);
    expect(contradictoryRange(range(5.5, 10))).toBe(false);
    expect(contradictoryRange(range(5, 5))).toBe(false);
    expect(
      contradictoryRange([
        { rule: rule('gte'), values: [10] },
        { rule: { field: 'amount', op: 'lte' }, values: [5] },
      ]),
    ).toBe(false);
  });
});
