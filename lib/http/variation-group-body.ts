import { VARIATION_PURPOSES } from '../entities/product-variations.js';
import type { GroupFeature } from '../entities/stored-shapes.js';
import { invalidField } from '../errors.js';

/**
 * The bodies of product variation groups and their actions, read once at the edge (no field spec reads them): each
 * bad value is the 400 naming its field that variation groups have always answered. Ids stay as JavaScript has
 * always read them (`Number` of the text: " 3" is 3), so nothing a client sees changes.
 */

/** The shape of a request's `features[] {feature_id, purpose}`: 1 to 10 entries, purpose one of VARIATION_PURPOSES. */
export function readFeatureList(sent: unknown): GroupFeature[] {
  if (!Array.isArray(sent) || sent.length === 0 || sent.length > 10)
    throw invalidField('features', 'The features field must be a list of 1 to 10 {feature_id, purpose} objects');
  return sent.map((entry) => {
    // `features[]` is a body list (request text), which no field spec reads.
    const id = Number((entry as Record<string, unknown>)?.feature_id);
    const purpose = String((entry as Record<string, unknown>)?.purpose ?? 'group_catalog_item');
    if (!Number.isInteger(id) || id < 1)
      throw invalidField('features', 'The features field needs a feature_id in every entry');
    if (!(VARIATION_PURPOSES as readonly string[]).includes(purpose))
      throw invalidField('features', `The features field's purpose must be one of: ${VARIATION_PURPOSES.join(', ')}`);
    return { feature_id: id, purpose };
  });
}

export function readCode(value: unknown): string {
  const code = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (code === '' || code.length > 64 || !/^[\w.-]+$/.test(code))
    throw invalidField('code', 'The code field must be 1 to 64 letters, digits, _, - or .');
  return code;
}

/** A create request's `product_ids`: a list or a comma-separated text of distinct product ids, at most `max`. */
export function readProductIds(value: unknown, max: number): number[] {
  if (value === undefined || value === null || value === '')
    throw invalidField('product_ids', 'The product_ids field is required');
  const raw = Array.isArray(value) ? value : String(value).split(',');
  // `product_ids` is a body list or CSV (request text), which no field spec reads.
  const ids = [...new Set(raw.map((v) => Number(String(v).trim())))];
  if (ids.length === 0 || ids.some((id) => !Number.isInteger(id) || id < 1))
    throw invalidField('product_ids', 'The product_ids field must be a list of product ids');
  if (ids.length > max) throw invalidField('product_ids', `The product_ids field may name at most ${max} products`);
  return ids;
}

/** An action's body `product_id` (`/product_variations/...` without a path id): a product id, or a 400. */
export function readActionProductId(sent: Record<string, unknown>): number {
  if (sent.product_id === undefined || sent.product_id === null || sent.product_id === '')
    throw invalidField('product_id', 'The product_id field is required');
  const id = Number(sent.product_id);
  if (!Number.isInteger(id) || id < 1) throw invalidField('product_id', 'The product_id field must be a product id');
  return id;
}
