import { Big } from 'big.js';
import { describe, expect, it } from 'vitest';
import { compareIdKeys, entriesInIdOrder, keyId } from '../../lib/entities/id-keys.js';
import { wireMoney } from '../../lib/entities/wire-money.js';

describe('wireMoney (lib/entities/wire-money.ts)', () => {
  it('gives decimal money as a JSON number with at most two places, rounded half up', () => {
    expect(wireMoney(new Big('12.5'))).toBe(12.5);
    expect(wireMoney(new Big('0.1').plus('0.2'))).toBe(0.3);
    expect(wireMoney(new Big('2.005'))).toBe(2.01);
    expect(wireMoney(new Big('2.004'))).toBe(2);
    expect(wireMoney(new Big('10').div(3))).toBe(3.33);
    expect(wireMoney(new Big('19.99').times(3))).toBe(59.97);
    expect(wireMoney(new Big(0))).toBe(0);
  });
});

describe('map keys as ids (lib/entities/id-keys.ts)', () => {
  it('reads a key as the id it names', () => {
    expect(keyId('42')).toBe(42);
  });

  it('orders ids written as text as numbers, not as text', () => {
    expect(['10', '2', '1'].sort(compareIdKeys)).toEqual(['1', '2', '10']);
    expect(['10', '2', '1'].sort()).toEqual(['1', '10', '2']);
  });

  it('gives a stored map, or a Map, in the order of the ids its keys name', () => {
    expect(entriesInIdOrder({ 10: 'b', 9: 'a', 100: 'c' })).toEqual([
      ['9', 'a'],
      ['10', 'b'],
      ['100', 'c'],
    ]);
    const variants = new Map([
      ['30', 1],
      ['4', 2],
    ]);
    expect(entriesInIdOrder(variants)).toEqual([
      ['4', 2],
      ['30', 1],
    ]);
  });
});
