/**
 * How a source's record becomes this API's create (pure; SPEC §12), where the two differ: the ids a create draws
 * from other sequences that stay the source's, and the body fields CS-Cart's GET shows in another shape than its
 * writes take. plan.ts names which entity uses which.
 */
import type { SourceRow } from './wire.js';

/** A feature's or option's variants keep their source ids (products and exceptions name them). */
export function variantIds(sequence: string) {
  return (row: SourceRow): Record<string, number[]> => {
    const variants = row.variants;
    if (variants === null || typeof variants !== 'object') return {};
    const ids = Object.values(variants as Record<string, unknown>).map((variant) =>
      Number((variant as SourceRow | null)?.variant_id),
    );
    return ids.length > 0 && ids.every((id) => Number.isSafeInteger(id) && id > 0) ? { [sequence]: ids } : {};
  };
}

/** A post opens its object's thread under the source's thread id (the thread of an object here is made by its first post). */
export function threadIds(row: SourceRow): Record<string, number[]> {
  const thread = Number(row.thread_id);
  return Number.isSafeInteger(thread) && thread > 0 ? { discussion_thread: [thread] } : {};
}

/**
 * A post names its object (object_type + object_id), not the source's thread (a thread id here exists only once
 * its first post made it): `thread_id` is left out of the body, and threadIds keeps its number.
 */
export function postBody(row: SourceRow): Record<string, unknown> {
  return row.object_type !== undefined && row.object_id !== undefined ? { thread_id: undefined } : {};
}

/** A product's body parts its list row or GET shows in another shape: feature values, and its `prices` rows. */
export function productBody(row: SourceRow): Record<string, unknown> {
  return { ...featureValues(row), ...basePriced(row) };
}

/**
 * A product's feature values as a write sends them (`{feature_id: variant_id | value}`, CS-Cart's PUT shape), from
 * the objects its GET shows: the chosen variant, else the number (`value_int`), else the text; none is left out.
 */
function featureValues(row: SourceRow): Record<string, unknown> {
  const features = row.product_features;
  if (features === null || typeof features !== 'object') return {};
  const sent: Record<string, unknown> = {};
  for (const [id, feature] of Object.entries(features as Record<string, unknown>)) {
    if (feature === null || typeof feature !== 'object') {
      sent[id] = feature;
      continue;
    }
    const { variant_id: variant, value_int: number, value } = feature as SourceRow;
    if (variant !== undefined && variant !== null && Number(variant) > 0) sent[id] = Number(variant);
    else if (number !== undefined && number !== null && number !== '') sent[id] = number;
    else if (typeof value === 'string' && value !== '') sent[id] = value;
  }
  return { product_features: sent };
}

/**
 * A product's `prices` rows as both stores agree on them: the row for 1 item and everyone at the product's `price`
 * (CS-Cart stores the price there and this API shows it so: a source whose row lags behind an edited price neither
 * sets an old price nor reads as changed on every repeat), and without `product_id` (a row belongs to the product it
 * is sent with; a copied product's rows may still name the original).
 */
function basePriced(row: SourceRow): Record<string, unknown> {
  const { prices, price } = row;
  if (prices === null || typeof prices !== 'object') return {};
  const rows = Array.isArray(prices) ? prices : Object.values(prices as Record<string, unknown>);
  const isBase = (tier: SourceRow) => Number(tier.lower_limit) === 1 && Number(tier.usergroup_id ?? 0) === 0;
  return {
    prices: rows.map((tier) => {
      if (tier === null || typeof tier !== 'object') return tier;
      const { product_id: _product, ...rest } = tier as SourceRow;
      return isBase(rest) && price !== undefined && price !== null ? { ...rest, price } : rest;
    }),
  };
}

/** A variation group is created from its products (`product_ids`, the group's default product first). */
export function groupBody(row: SourceRow): Record<string, unknown> {
  if (!Array.isArray(row.products)) return {};
  const products = (row.products as SourceRow[]).filter((product) => product !== null && typeof product === 'object');
  const parentFirst = [...products].sort((a, b) => Number(a.parent_product_id ?? 0) - Number(b.parent_product_id ?? 0));
  return { product_ids: parentFirst.map((product) => Number(product.product_id)) };
}

/**
 * A feature's variants as a write sends them (`[{variant_id, variant, position}]`): what a create keeps and a
 * repeat compares (the GET's other variant fields — SEO texts, images — are this store's defaults).
 */
export function featureBody(row: SourceRow): Record<string, unknown> {
  const variants = row.variants;
  if (variants === null || typeof variants !== 'object') return {};
  return {
    variants: Object.values(variants as Record<string, unknown>)
      .filter((variant): variant is SourceRow => variant !== null && typeof variant === 'object')
      .map(({ variant_id, variant, position }) => ({ variant_id, variant, position })),
  };
}
