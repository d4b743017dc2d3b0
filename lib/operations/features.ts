import { nextId } from '../db/counters.js';
import { isImporting } from '../db/preset-ids.js';
import type { featuresEntity } from '../entities/features.js';
import { invalidField } from '../errors.js';
import { parseFeatureVariants } from '../http/variants-body.js';
import type { EntityHooks } from './crud.js';
import { removeFeatureValues } from './feature-removal.js';

/**
 * The variants sent (a list, or an object of them) as the recording shows them: keyed by
 * variant_id, every value a string but `color` (null) and `image_pair`. A sent variant_id that the
 * feature already has keeps its id; everything else gets a new one.
 */
async function variantsOf(
  sent: unknown,
  featureId: number,
  existing: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const variants: Record<string, unknown> = {};
  for (const item of parseFeatureVariants(sent)) {
    const kept =
      item.variant_id !== undefined && Object.hasOwn(existing, item.variant_id) ? item.variant_id : undefined;
    const id = kept ?? String(await nextId('feature_variant'));
    variants[id] = {
      variant_id: id,
      variant: item.variant,
      description: item.description,
      page_title: '',
      meta_keywords: '',
      meta_description: '',
      lang_code: 'en',
      feature_id: String(featureId),
      url: '',
      color: null,
      position: String(item.position),
      image_pair: {},
    };
  }
  return variants;
}

/**
 * A store must own a new feature. An import takes company_id 0 as the source has it: CS-Cart keeps such features
 * (shared by every store; its own PUT without company_id makes one), and products name them.
 */
function requireCompany(values: { company_id?: number }): void {
  if (values.company_id !== undefined && values.company_id === 0 && !isImporting())
    throw invalidField('company_id', 'The company_id field is required');
}

export const featureHooks: EntityHooks<typeof featuresEntity> = {
  // Deleting a feature that products use deletes their values of it first (CS-Cart's fn_delete_feature): a 204.
  remove: (current) => removeFeatureValues(current.feature_id),
  create: async (values) => {
    requireCompany(values);
    return { ...values, variants: await variantsOf(values.variants ?? [], 0, {}) };
  },
  // Each variant names its feature, whose id a create learns only now.
  withId: (record) => ({
    variants: Object.fromEntries(
      Object.entries((record.variants ?? {}) as Record<string, Record<string, unknown>>).map(([id, variant]) => [
        id,
        { ...variant, feature_id: String(record.feature_id) },
      ]),
    ),
  }),
  update: async (changes, current) => {
    requireCompany(changes);
    if (changes.variants === undefined) return changes;
    return {
      ...changes,
      variants: await variantsOf(
        changes.variants,
        current.feature_id,
        (current.variants ?? {}) as Record<string, unknown>,
      ),
    };
  },
};
