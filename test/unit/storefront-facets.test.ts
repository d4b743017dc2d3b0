import { describe, expect, it } from 'vitest';
import { type FacetProduct, facetsOf } from '../../lib/operations/storefront/facets.js';

/** A colour feature (select) and a weight feature (number), as the store keeps them. */
const FEATURES = [
  { feature_id: 7, feature_type: 'S', status: 'A', description: 'Colour', position: 1 },
  { feature_id: 8, feature_type: 'O', status: 'A', description: 'Weight', position: 2 },
];
const featuresOf = async (ids: number[]) => FEATURES.filter((feature) => ids.includes(feature.feature_id));

/** `count` products, red for even ones and blue for odd ones, weighing i grams, priced 1.00 + i cents. */
function product(i: number): FacetProduct {
  return {
    product_features: {
      7: { feature_type: 'S', variant_id: i % 2 === 0 ? '70' : '71', variant: i % 2 === 0 ? 'Red' : 'Blue' },
      8: { feature_type: 'O', variant_id: '0', value_int: i },
    },
    price: (1 + i / 100).toFixed(2),
  };
}

/** The result as the catalogue yields it: pages of 1,000. */
async function* pages(count: number) {
  for (let start = 0; start < count; start += 1000)
    yield Array.from({ length: Math.min(1000, count - start) }, (_, k) => product(start + k));
}

describe('storefront facets (get_filters)', () => {
  it('count every product of the result, past the first page of 1,000', async () => {
    const filters = await facetsOf(pages(2500), new Map([[7, [71]]]), featuresOf);
    const colour = filters.find((filter) => filter.filter_id === '7')!;
    expect(colour.variants).toEqual([
      { variant_id: '70', variant: 'Red', product_count: 1250, selected: false },
      { variant_id: '71', variant: 'Blue', product_count: 1250, selected: true },
    ]);
    expect(filters.find((filter) => filter.filter_id === '8')).toMatchObject({ min: '0', max: '2499' });
    expect(filters.find((filter) => filter.field_type === 'P')).toMatchObject({ min: '1.00', max: '25.99' });
  });

  it('an empty result has no filters', async () => {
    expect(await facetsOf(pages(0), new Map(), featuresOf)).toEqual([]);
  });
});
