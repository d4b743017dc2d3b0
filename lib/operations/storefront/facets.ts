import Big from 'big.js';
import { featuresEntity } from '../../entities/features.js';
import { entriesInIdOrder } from '../../entities/id-keys.js';
import type { StoredValue } from '../../entities/types.js';
import { instanceReader } from '../instance-repository.js';

/**
 * The filters of a storefront product list (`get_filters=true`, SPEC §11), as CS-Cart's SraProducts answers them
 * (`filter_id`, `filter`, `feature_id`, `filter_style`, `field_type`, `variants` as a list): one per active feature
 * with variants (S, M, E, and N used as a select) with each variant's `product_count` within the result, one slider
 * per number feature (O, D, N used as a number) and one for the price, with `min` and `max`. A filter's id is its
 * feature's, so `features_hash` names features' variants. Counted over the whole result, page by page (CS-Cart
 * counts over its whole SQL result): `pages` yields the result's products, each at the shopper's price, and
 * `selected` is the features_hash (feature → variants); `featuresOf` reads the features (the store, by default).
 */
const CHOICE_TYPES = ['S', 'M', 'E', 'N'];

interface FeatureValue {
  feature_type?: string;
  variant_id?: string;
  variant?: string;
  value_int?: number | string | null;
}

interface Tally {
  variants: Map<string, { variant: string; count: number }>;
  min?: Big;
  max?: Big;
}

const bounds = (tally: Tally, value: Big) => {
  if (!tally.min || value.lt(tally.min)) tally.min = value;
  if (!tally.max || value.gt(tally.max)) tally.max = value;
};

/** What a facet reads of a product: its feature values and its price for the shopper. */
export interface FacetProduct {
  product_features?: StoredValue;
  price?: StoredValue;
}

/** Adds one page of products to the tallies (per feature) and to the price's. */
function tally(products: readonly FacetProduct[], tallies: Map<string, Tally>, price: Tally): void {
  for (const product of products) {
    bounds(price, new Big(String(product.price ?? '0')));
    const features = (product.product_features ?? {}) as Record<string, FeatureValue>;
    for (const [featureId, value] of Object.entries(features)) {
      const tally = tallies.get(featureId) ?? { variants: new Map() };
      tallies.set(featureId, tally);
      const variantId = String(value.variant_id ?? '0');
      if (variantId !== '0') {
        const seen = tally.variants.get(variantId) ?? { variant: String(value.variant ?? ''), count: 0 };
        seen.count += 1;
        tally.variants.set(variantId, seen);
      } else if (value.value_int !== null && value.value_int !== undefined && value.value_int !== '') {
        bounds(tally, new Big(String(value.value_int)));
      }
    }
  }
}

const sliderEnds = (tally: Tally, places?: number) => {
  const text = (value: Big | undefined) =>
    places === undefined ? (value ?? new Big(0)).toString() : (value ?? new Big(0)).toFixed(places);
  return { min: text(tally.min), max: text(tally.max) };
};

export async function facetsOf(
  pages: AsyncIterable<readonly FacetProduct[]>,
  selected: ReadonlyMap<number, readonly number[]>,
  featuresOf: (ids: number[]) => Promise<Array<Record<string, StoredValue | undefined> & { feature_id: number }>> = (
    ids,
  ) => instanceReader(featuresEntity).getMany(ids),
): Promise<Array<Record<string, unknown>>> {
  const tallies = new Map<string, Tally>();
  const price: Tally = { variants: new Map() };
  for await (const page of pages) tally(page, tallies, price);
  const features = await featuresOf([...tallies.keys()].map(Number));
  const filters: Array<Record<string, unknown>> = [];
  for (const feature of features) {
    if (feature.status !== 'A') continue;
    const id = String(feature.feature_id);
    const tally = tallies.get(id)!;
    const type = String(feature.feature_type);
    const common = {
      filter_id: id,
      feature_id: id,
      filter: String(feature.description ?? ''),
      feature_type: type,
      field_type: 'F',
      position: String(feature.position ?? 0),
    };
    if (CHOICE_TYPES.includes(type) && tally.variants.size > 0) {
      const chosen = (selected.get(feature.feature_id) ?? []).map(String);
      // Variant ids are the text keys of a stored map: sorted as the ids they name.
      const variants = entriesInIdOrder(tally.variants).map(([variantId, { variant, count }]) => ({
        variant_id: variantId,
        variant,
        product_count: count,
        selected: chosen.includes(variantId),
      }));
      filters.push({
        ...common,
        filter_style: 'checkbox',
        variants,
        ...(chosen.length > 0 ? { selected_variants: variants.filter((v) => v.selected) } : {}),
      });
    } else if (tally.min !== undefined) {
      filters.push({ ...common, filter_style: 'slider', ...sliderEnds(tally) });
    }
  }
  if (price.min !== undefined)
    filters.push({
      filter_id: '0',
      feature_id: '0',
      filter: 'Price',
      feature_type: '',
      field_type: 'P',
      position: '0',
      filter_style: 'slider',
      ...sliderEnds(price, 2),
    });
  return filters;
}
