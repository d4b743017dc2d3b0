/**
 * The pure rules of a shopper's price range and price sort (lib/operations/storefront/repriced.ts): which products
 * a shopper sees below their own price, the range test in exact decimals, and the merge of a few repriced products
 * into a list read in its stored order — every page of it equal to the same page of a full sort.
 */
import { describe, expect, it } from 'vitest';
import { inPriceRange, mainWindow, mergedPage, repricedFor } from '../../lib/operations/storefront/repriced.js';

describe('repricedFor', () => {
  const markers = new Map([
    [1, { price: '19.99', prices: [{ lower_limit: 1, usergroup_id: 7, price: '12.50' }] }],
    [2, { price: '10.00', prices: [{ lower_limit: 10, usergroup_id: 0, price: '8.00' }] }],
    [3, { price: '5.00', prices: [{ lower_limit: 1, usergroup_id: 7, price: '6.00' }] }],
  ]);
  it("keeps only the products below their own price for the shopper's groups and quantity", () => {
    expect(repricedFor(markers, [0, 1], 1)).toEqual(new Map());
    expect(repricedFor(markers, [0, 2, 7], 1)).toEqual(new Map([[1, '12.50']]));
    expect(repricedFor(markers, [0, 1], 10)).toEqual(new Map([[2, '8.00']]));
    // A row above the product's own price never raises it.
    expect(repricedFor(markers, [0, 2, 7], 10).has(3)).toBe(false);
  });
});

describe('inPriceRange', () => {
  it('compares exact decimals, either bound open', () => {
    expect(inPriceRange('12.50', '12.5', '12.50')).toBe(true);
    expect(inPriceRange('0.30', undefined, '0.29')).toBe(false);
    expect(inPriceRange('0.30', '0.30')).toBe(true);
    expect(inPriceRange('100.00')).toBe(true);
  });
});

describe('mergedPage', () => {
  const compare = (a: number, b: number) => a - b;
  it('every page equals the same page of the full sort, wherever the extras fall', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const values = [...new Set(Array.from({ length: 1 + random(40) }, () => random(1000)))];
      const extras = values.filter(() => random(4) === 0);
      const list = values.filter((v) => !extras.includes(v)).sort(compare);
      const all = [...values].sort(compare);
      const size = 1 + random(6);
      for (let page = 0; page * size <= all.length + size; page++) {
        const start = page * size;
        const window = mainWindow(start, size, extras.length);
        const slice = list.slice(window.from, window.to);
        expect(mergedPage(slice, window.from, extras, compare, start, size)).toEqual(all.slice(start, start + size));
      }
    }
  });
});
