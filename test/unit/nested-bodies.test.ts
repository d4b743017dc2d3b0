import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../lib/errors.js';
import { MAX_FEATURES, parseProductFeatures } from '../../lib/http/product-features-body.js';
import { parseShippedAmounts } from '../../lib/http/shipment-products-body.js';
import { MAX_VARIANTS, parseFeatureVariants, parseOptionVariants } from '../../lib/http/variants-body.js';

const messageOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors?.[0]?.field).toBe('variants');
    return (error as Error).message;
  }
  return undefined;
};

describe("an option's variants read at the edge (lib/http/variants-body.ts)", () => {
  it('a list or an object of variants: positions as numbers, modifiers as decimal(12,3) text, the sent id as text', () => {
    expect(
      parseOptionVariants({ a: { variant_name: ' Red ', variant_id: 7, position: '3', modifier: '1.5' } }),
    ).toEqual([
      {
        variant_id: '7',
        variant_name: 'Red',
        position: 3,
        status: 'A',
        modifier: '1.500',
        modifier_type: 'A',
        weight_modifier: '0.000',
        weight_modifier_type: 'A',
        point_modifier: '0.000',
        point_modifier_type: 'A',
      },
    ]);
    expect(parseOptionVariants([{ variant_name: 'A' }, { variant_name: 'B' }]).map((v) => v.position)).toEqual([0, 1]);
  });

  it('each bad value is the 400 naming variants, item by item in the order the option has always checked', () => {
    expect(messageOf(() => parseOptionVariants('x'))).toMatch(/must be a list/);
    expect(messageOf(() => parseOptionVariants([5]))).toMatch(/must be an object/);
    expect(messageOf(() => parseOptionVariants([{ variant_name: '' }]))).toMatch(/variant_name/);
    expect(messageOf(() => parseOptionVariants([{ variant_name: 'A', position: -1 }]))).toMatch(/position/);
    expect(messageOf(() => parseOptionVariants([{ variant_name: 'A', status: 'X' }]))).toMatch(/status/);
    expect(messageOf(() => parseOptionVariants([{ variant_name: 'A', modifier: 'x' }, { variant_name: '' }]))).toMatch(
      /modifier of every variant must be a decimal/,
    );
    expect(messageOf(() => parseOptionVariants([{ variant_name: 'A', point_modifier_type: 'Z' }]))).toMatch(
      /point_modifier_type/,
    );
    const many = Array.from({ length: MAX_VARIANTS + 1 }, () => ({ variant_name: 'A' }));
    expect(messageOf(() => parseOptionVariants(many))).toMatch(/at most 500/);
  });
});

describe("a feature's variants read at the edge (lib/http/variants-body.ts)", () => {
  it('a position that is not a whole number is the place in the list; every variant needs a name', () => {
    expect(
      parseFeatureVariants([
        { variant: 'S', position: '4', variant_id: '12', description: 'small' },
        { variant: 9, position: 'x' },
      ]),
    ).toEqual([
      { variant_id: '12', variant: 'S', description: 'small', position: 4 },
      { variant_id: undefined, variant: '9', description: '', position: 1 },
    ]);
    expect(messageOf(() => parseFeatureVariants([{ variant: ' ' }]))).toMatch(/variant name/);
  });
});

describe("a product's features read at the edge (lib/http/product-features-body.ts)", () => {
  it('keys are feature ids; a key that is none, or too many features, is a 400 naming product_features', () => {
    expect(parseProductFeatures({ 12: '7', 3: 'text' })).toEqual([
      { key: '3', featureId: 3, value: 'text', variantId: Number.NaN },
      { key: '12', featureId: 12, value: '7', variantId: 7 },
    ]);
    for (const bad of [
      { x: '1' },
      { 0: '1' },
      Object.fromEntries(Array.from({ length: MAX_FEATURES + 1 }, (_, i) => [i + 1, 'v'])),
    ]) {
      let field: string | undefined;
      try {
        parseProductFeatures(bad);
      } catch (error) {
        field = (error as ValidationError).errors?.[0]?.field;
      }
      expect(field).toBe('product_features');
    }
  });
});

describe("a shipment's products read at the edge (lib/http/shipment-products-body.ts)", () => {
  it('none ships every line; amounts are numbers, NaN when none; a list is a 400 naming products', () => {
    expect(parseShippedAmounts(undefined)).toBeUndefined();
    expect(parseShippedAmounts({})).toBeUndefined();
    expect(parseShippedAmounts({ 11: 2, 12: ' 3 ', 13: 'x', 14: '1.5' })).toEqual([
      ['11', 2],
      ['12', 3],
      ['13', Number.NaN],
      ['14', Number.NaN],
    ]);
    expect(() => parseShippedAmounts([1] as unknown as Record<string, unknown>)).toThrow(
      'The products field must be an object {item_id: amount}',
    );
  });
});
