import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { parseAmountChanges, parseCartLines } from '../../lib/http/cart-lines-body.js';
import { sentWholeNumber } from '../../lib/http/sent-number.js';
import { cartItemId, linesToAdd } from '../../lib/operations/carts/lines.js';
import { itemIdOf } from '../../lib/operations/carts/storefront.js';
import { numberFeatureValue } from '../../lib/operations/feature-numbers.js';
import { selectedOptionsOf } from '../../lib/operations/storefront/selected-options.js';

describe('storefront cart bodies (lib/http/cart-lines-body.ts, lib/operations/carts/lines.ts)', () => {
  it("a cart item id depends on the product and its options, not on the options' order", () => {
    expect(cartItemId(12, { 3: '7', 1: '2' })).toBe(cartItemId(12, { 1: '2', 3: '7' }));
    expect(cartItemId(12, {})).not.toBe(cartItemId(13, {}));
    expect(cartItemId(12, { 1: '2' })).not.toBe(cartItemId(12, { 1: '3' }));
    expect(cartItemId(12, {})).toMatch(/^[1-9]\d*$/);
  });

  it('POST lines: the same product and options add up; the key is the product without product_id; a line without an amount adds nothing', () => {
    const sent = parseCartLines({
      products: { a: { product_id: 5, amount: 2 }, b: { product_id: '5', amount: '3' }, 9: { amount: 1 }, 10: {} },
    });
    expect(sent.map((line) => [line.product_id, line.amount])).toEqual([
      [9, 1],
      [5, 2],
      [5, 3],
    ]);
    const lines = linesToAdd(sent);
    expect(lines.sort((x, y) => x.product_id - y.product_id)).toEqual([
      { product_id: 5, amount: 5, product_options: {} },
      { product_id: 9, amount: 1, product_options: {} },
    ]);
  });

  it.each([
    [{}, 'products'],
    [{ products: [] }, 'products'],
    [{ products: 'x' }, 'products'],
    [{ products: { 1: 7 } }, 'products'],
    [{ products: { 1: { product_id: 0 } } }, 'products'],
    [{ products: { 1: { product_id: 5, amount: 0 } } }, 'products'],
    [{ products: { 1: { product_id: 5, amount: 2.5 } } }, 'products'],
    [{ products: { 1: { product_id: 5, amount: 1_000_001 } } }, 'products'],
    [{ products: { 1: { product_id: 5, amount: 1, product_options: [1] } } }, 'product_options'],
    [{ products: { 1: { product_id: 5, amount: 1, product_options: { x: 1 } } } }, 'product_options'],
  ])('a malformed POST body %j is a 400 naming %s', (body, field) => {
    let thrown: unknown;
    try {
      parseCartLines(body as Record<string, unknown>);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).errors?.[0]?.field).toBe(field);
  });

  it('PUT amounts: one item from the path, or the products map; 0 is allowed (removes), a negative is not', () => {
    expect([...parseAmountChanges('77', { amount: 0 })]).toEqual([['77', 0]]);
    expect([...parseAmountChanges(undefined, { products: { 77: { amount: '4' } } })]).toEqual([['77', 4]]);
    expect(() => parseAmountChanges('77', {})).toThrow(ValidationError);
    expect(() => parseAmountChanges('77', { amount: -1 })).toThrow(ValidationError);
  });
});

describe('a number sent inside a body (lib/http/sent-number.ts)', () => {
  it('a JSON number as it is, decimal digits with spaces around; anything else is NaN', () => {
    expect(sentWholeNumber(7)).toBe(7);
    expect(sentWholeNumber(2.5)).toBe(2.5);
    expect(sentWholeNumber(' 07 ')).toBe(7);
    for (const bad of ['1e3', '0x1F', '-1', '', '1.5', '1234567890123456', null, true, {}]) {
      expect(sentWholeNumber(bad)).toBeNaN();
    }
  });
});

describe('ids of a cart line and of selected options, read from path and query text', () => {
  it('canonical digits ("007" is 7); anything else names no line (404) or is a 400 naming selected_options', () => {
    expect(itemIdOf('007')).toBe('7');
    expect(itemIdOf(undefined)).toBeUndefined();
    for (const bad of ['', ' 7', '1e3', '12345678901']) expect(() => itemIdOf(bad)).toThrow(NotFoundError);
    expect(selectedOptionsOf({ 'selected_options[03]': ' 012 ', q: 'x' })).toEqual({ 3: '12' });
    expect(selectedOptionsOf({ q: 'x' })).toBeUndefined();
    expect(() => selectedOptionsOf({ 'selected_options[3]': '1.5' })).toThrow(ValidationError);
  });
});

describe('number features (lib/operations/feature-numbers.ts)', () => {
  it('O and N hold a decimal with 2 places, D a Unix timestamp; anything else is a 400', () => {
    expect(numberFeatureValue('O', '42', '2')).toBe('42.00');
    expect(numberFeatureValue('N', 7.555, '2')).toBe('7.56');
    expect(numberFeatureValue('O', '1,5', '2')).toBe('1.50');
    expect(numberFeatureValue('D', '2026-01-02', '3')).toBe(String(Date.UTC(2026, 0, 2) / 1000));
    expect(numberFeatureValue('D', 1767312000, '3')).toBe('1767312000');
    expect(() => numberFeatureValue('O', 'forty', '2')).toThrow(ValidationError);
    expect(() => numberFeatureValue('D', 'not a date', '3')).toThrow(ValidationError);
  });
});
