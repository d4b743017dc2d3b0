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

/**
 * A product's feature values as a write sends them (`{feature_id: variant_id | value}`, CS-Cart's PUT shape), from
 * the objects its GET shows: the chosen variant, else the number (`value_int`), else the text; none is left out.
 */
export function productBody(row: SourceRow): Record<string, unknown> {
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
