import { randomBytes } from 'node:crypto';
import { VARIANT_FEATURE_TYPES } from '../../entities/features.js';
import { entriesInIdOrder, keyId } from '../../entities/id-keys.js';
import { MAX_COMBINATIONS } from '../../entities/product-variations.js';
import type { GroupFeature } from '../../entities/stored-shapes.js';
import { invalidField } from '../../errors.js';
import type { FeatureRecord, GroupRecord, ProductRecord } from './store.js';

/**
 * The rules of variation groups that need no storage: what a product's combination is, when products may share a
 * group, what a request's combinations must look like, which combinations a generate makes (codes, features and
 * product ids are read at the edge, lib/http/variation-group-body.ts).
 * Unit-tested without DynamoDB or HTTP (test/unit/variation-rules.test.ts).
 */

export type { GroupFeature };

/** A product's feature values as stored (`product_features`, keyed by feature id). */
type FeatureValues = Record<
  string,
  { variant_id?: string; variant?: string; description?: string; value?: string; feature_type?: string }
>;

export const now = () => Math.floor(Date.now() / 1000);

export const valuesOf = (product: Record<string, unknown>) => (product.product_features ?? {}) as FeatureValues;
export const featuresOf = (group: GroupRecord): readonly GroupFeature[] => group.features ?? [];
export const featureIdsOf = (group: GroupRecord) => featuresOf(group).map((feature) => feature.feature_id);
export const parentOf = (group: GroupRecord) => group.parent_product_id ?? 0;

/** The product's variant ids of the given features, or undefined when it lacks one. */
export function combination(product: Record<string, unknown>, featureIds: number[]): string[] | undefined {
  const values = valuesOf(product);
  const out: string[] = [];
  for (const id of featureIds) {
    const variant = values[String(id)]?.variant_id;
    if (!variant || variant === '0') return undefined;
    out.push(String(variant));
  }
  return out;
}

/** Every product has a value of every group feature, and no two share the same values. */
export function assertDistinct(
  products: ReadonlyArray<Record<string, unknown> & { product_id?: number }>,
  featureIds: number[],
  field: string,
): void {
  const seen = new Map<string, number>();
  for (const product of products) {
    const values = combination(product, featureIds);
    const id = product.product_id ?? 0;
    if (!values)
      throw invalidField(
        field,
        `Product ${id || '(new)'} has no value of every variation feature of the group (${featureIds.join(', ')})`,
      );
    const key = values.join(',');
    if (seen.has(key))
      throw invalidField(
        field,
        `Products ${seen.get(key)} and ${id || '(new)'} have the same values of the group's features`,
      );
    seen.set(key, id);
  }
}

/** The listed features checked against their records: each exists and has variants. Duplicates collapse to one. */
export function checkFeatures(wanted: GroupFeature[], records: FeatureRecord[]): GroupFeature[] {
  const found = new Map(records.map((f) => [f.feature_id, f]));
  for (const feature of wanted) {
    const record = found.get(feature.feature_id);
    if (!record)
      throw invalidField('features', `The features field names feature ${feature.feature_id}, which does not exist`);
    if (!VARIANT_FEATURE_TYPES.includes(String(record.feature_type)))
      throw invalidField('features', `Feature ${feature.feature_id} has no variants, so it cannot make variations`);
  }
  return [...new Map(wanted.map((f) => [f.feature_id, f])).values()];
}

/** Without `features`: the select-type features every product has a value of (purpose group_catalog_item). */
export function commonFeatures(products: ProductRecord[], field: string): GroupFeature[] {
  const first = products[0] ? valuesOf(products[0]) : {};
  // Feature ids are the text keys of a product's stored `product_features`.
  const ids = entriesInIdOrder(first)
    .filter(
      ([, value]) =>
        VARIANT_FEATURE_TYPES.includes(String(value.feature_type)) && value.variant_id && value.variant_id !== '0',
    )
    .map(([id]) => keyId(id))
    .filter((id) => products.every((product) => combination(product, [id]) !== undefined));
  if (ids.length === 0) throw invalidField(field, 'The products share no feature with variants to make variations of');
  return ids.map((id) => ({ feature_id: id, purpose: 'group_catalog_item' }));
}

export const generatedCode = () => `PV-${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`;

/** A product as it joins group `groupId`, and as it leaves its group (standalone again): the next version of each. */
export const joined = (product: ProductRecord, groupId: number): ProductRecord => ({
  ...product,
  variation_group_id: groupId,
  has_variation_group: 'Y',
  version: product.version + 1,
});
export const left = ({
  variation_group_id: _group,
  has_variation_group: _flag,
  ...product
}: ProductRecord): ProductRecord => ({
  ...product,
  version: product.version + 1,
});

/** `combinations` as sent: a list of lists of variant ids. */
export function readCombinations(sent: unknown): string[][] {
  if (sent === undefined || sent === null || sent === '')
    throw invalidField('combinations', 'The combinations field is required');
  if (!Array.isArray(sent) || sent.length === 0 || sent.length > MAX_COMBINATIONS) {
    throw invalidField(
      'combinations',
      `The combinations field must be a list of 1 to ${MAX_COMBINATIONS} lists of variant ids`,
    );
  }
  return sent.map((combo) => {
    if (!Array.isArray(combo) || combo.length === 0 || combo.some((v) => !/^\d{1,10}$/.test(String(v)))) {
      throw invalidField('combinations', 'The combinations field must be a list of lists of variant ids');
    }
    return combo.map(String);
  });
}

/**
 * The combinations a generate adds, each as feature id → variant id: every combination names one variant of each
 * group feature (`featureRecords` say which variant belongs to which feature); those a member already has, or an
 * earlier combination of the request, are skipped.
 */
export function newCombinations(
  combos: string[][],
  featureIds: number[],
  featureRecords: FeatureRecord[],
  members: ProductRecord[],
): Array<Record<string, string>> {
  const featureOfVariant = new Map<string, number>();
  for (const feature of featureRecords)
    for (const variant of Object.keys((feature.variants ?? {}) as Record<string, unknown>))
      featureOfVariant.set(variant, feature.feature_id);
  const existing = new Set(members.map((p) => (combination(p, featureIds) ?? []).join(',')));
  const wanted: Array<Record<string, string>> = [];
  for (const combo of combos) {
    const byFeature: Record<string, string> = {};
    for (const variant of combo) {
      const feature = featureOfVariant.get(variant);
      if (feature === undefined)
        throw invalidField(
          'combinations',
          `The combinations field names variant ${variant}, which is not a variant of the group's features (${featureIds.join(', ')})`,
        );
      if (byFeature[feature] !== undefined)
        throw invalidField(
          'combinations',
          `The combinations field names two variants of feature ${feature} in one combination`,
        );
      byFeature[feature] = variant;
    }
    if (featureIds.some((id) => byFeature[id] === undefined))
      throw invalidField(
        'combinations',
        `Every combination needs one variant of each feature (${featureIds.join(', ')})`,
      );
    const key = featureIds.map((id) => byFeature[id]).join(',');
    if (existing.has(key)) continue;
    existing.add(key);
    wanted.push(byFeature);
  }
  return wanted;
}

/** The product_features of a product as a body sends them: variant ids of the select types, values of the others. */
export function sentFeatures(product: ProductRecord): Record<string, string> {
  return Object.fromEntries(
    Object.entries(valuesOf(product)).map(([id, v]) => [
      id,
      VARIANT_FEATURE_TYPES.includes(String(v.feature_type)) ? String(v.variant_id) : String(v.value ?? ''),
    ]),
  );
}
