import { describe, expect, it } from 'vitest';
import { itemSize, itemWriteUnits, totalWriteUnits, valueSize } from '../../lib/db/billed-units.js';

describe('item sizes as AWS counts them (lib/db/billed-units.ts)', () => {
  it('counts names and values: UTF-8 strings, numbers by significant digits, lists and maps with overhead', () => {
    expect(valueSize('abc')).toBe(3);
    expect(valueSize('é')).toBe(2);
    expect(valueSize(12345)).toBe(4);
    expect(valueSize(1000)).toBe(2);
    expect(valueSize(true)).toBe(1);
    expect(valueSize(null)).toBe(1);
    expect(valueSize(['a', 'b'])).toBe(3 + 2 + 2);
    expect(valueSize({ a: 'xy' })).toBe(3 + 1 + 2 + 1);
    expect(itemSize({ pk: 'P#1', sk: 'R' })).toBe(2 + 3 + 2 + 1);
  });
});

describe('write units as AWS bills them', () => {
  const small = (i: number) => ({ after: { pk: `P#${i}`, sk: 'R', value: 'x'.repeat(100) } });
  it('a transaction of ten small Puts costs 20 units (DynamoDB Local reports about 2)', () => {
    expect(
      totalWriteUnits(
        Array.from({ length: 10 }, (_, i) => small(i)),
        true,
      ),
    ).toBe(20);
    expect(
      totalWriteUnits(
        Array.from({ length: 10 }, (_, i) => small(i)),
        false,
      ),
    ).toBe(10);
  });
  it('each item is rounded up to a started KB, the larger of before and after', () => {
    const big = { pk: 'P#1', sk: 'R', text: 'x'.repeat(1500) };
    expect(itemWriteUnits({ before: big, after: { pk: 'P#1', sk: 'R' } }, true).table).toBe(4);
    expect(itemWriteUnits({ before: undefined, after: undefined, checkOnly: true }, true).table).toBe(2);
  });
  it('an item of the secondary index writes it too: once when its key stays, delete and put when it moves', () => {
    const at = (gsi1pk: string) => ({ pk: 'U#1', sk: 'P', gsi1pk, gsi1sk: '1' });
    expect(itemWriteUnits({ before: at('A'), after: at('A') }, true)).toEqual({
      table: 2,
      index: [{ key: 'A', units: 1 }],
    });
    expect(itemWriteUnits({ before: at('A'), after: at('B') }, true).index).toEqual([
      { key: 'A', units: 1 },
      { key: 'B', units: 1 },
    ]);
    expect(itemWriteUnits({ before: at('A'), checkOnly: true }, true).index).toEqual([]);
  });
});
