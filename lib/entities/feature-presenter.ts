import type { featuresEntity } from './features.js';
import type { EntityRecordOf } from './record-types.js';

type FeatureRecord = EntityRecordOf<typeof featuresEntity>;

/** What a product holds of one feature: its variant (select types), its number (number types) or its text. */
export interface FeatureChoice {
  /** The value as sent: a variant id for a select type, else the value itself. */
  value: unknown;
  usesVariant: boolean;
  /** The number a number type holds (`value_int`, its decimal text), null for the others. */
  number: string | null;
  /** The chosen variant as the feature stores it. */
  variant: Record<string, unknown> | undefined;
}

/**
 * A feature as a product's `product_features` shows it (CS-Cart's entry keyed by feature id): the feature's own
 * fields, every id a string, with the product's choice. The features' presenter of a product's view, so the shape
 * is written once, in the entity layer beside the definition it shows (lib/operations/products.ts stores what it
 * answers; a GET, an event and an MCP tool show the stored entry).
 */
export function presentProductFeature(
  key: string,
  feature: FeatureRecord,
  { value, usesVariant, number, variant }: FeatureChoice,
): Record<string, unknown> {
  return {
    feature_id: String(key),
    value: usesVariant || number !== null ? '' : String(value),
    value_int: number,
    variant_id: usesVariant ? String(value) : '0',
    feature_type: String(feature.feature_type),
    internal_name: String(feature.internal_name ?? ''),
    description: String(feature.description ?? ''),
    prefix: String(feature.prefix ?? ''),
    suffix: String(feature.suffix ?? ''),
    variant: variant ? String(variant.variant) : '',
    parent_id: String(feature.parent_id ?? 0),
    display_on_header: String(feature.display_on_header ?? 'N'),
    display_on_catalog: String(feature.display_on_catalog ?? 'Y'),
    display_on_product: String(feature.display_on_product ?? 'Y'),
    feature_code: String(feature.feature_code ?? ''),
    purpose: String(feature.purpose ?? ''),
    features_hash: '',
    variants: variant ? { [String(value)]: variant } : {},
  };
}
