import { invalidField } from '../errors.js';

/**
 * The `product_features` of a product's body, `{feature_id: variant_id or value}`, read once at the edge: its keys
 * (text keys of a body's map, which the field's spec, `object`, does not read) as feature ids. Too many features or
 * a key that is no feature id is the 400 naming `product_features` the product has always answered; the values are
 * checked against the features by the product's hooks.
 */

export const MAX_FEATURES = 100;

/**
 * One feature as sent: the key as written (messages quote it), the feature id it names, the value as sent, and the
 * value as a variant id for a feature with variants (whatever JavaScript reads as the number of the variant key the
 * value names; the product's hooks check it is one).
 */
export interface SentProductFeature {
  key: string;
  featureId: number;
  value: unknown;
  variantId: number;
}

export function parseProductFeatures(sent: Record<string, unknown>): SentProductFeature[] {
  const entries = Object.entries(sent);
  if (entries.length > MAX_FEATURES)
    throw invalidField('product_features', `The product_features field may name at most ${MAX_FEATURES} features`);
  // As the key has always been read: any text JavaScript reads as a whole number from 1.
  const features = entries.map(([key, value]) => ({
    key,
    featureId: Number(key),
    value,
    variantId: Number(value),
  }));
  if (features.some(({ featureId }) => !Number.isInteger(featureId) || featureId < 1))
    throw invalidField('product_features', 'The product_features field must be keyed by feature_id');
  return features;
}
