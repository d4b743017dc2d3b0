import { present } from '../../entities/present.js';
import { variationGroupsEntity as GROUPS } from '../../entities/product-variations.js';
import { combination, featureIdsOf, featuresOf, parentOf, valuesOf } from './rules.js';
import type { GroupRecord, ProductRecord, VariationStore } from './store.js';

/** A group as the API shows it: typed values, the products computed from its members. */
export function groupView(group: GroupRecord, members: ProductRecord[]): Record<string, unknown> {
  const parent = parentOf(group);
  const featureIds = featureIdsOf(group);
  return present(
    GROUPS,
    {
      ...group,
      features: featuresOf(group).map((feature) => ({
        feature_id: feature.feature_id,
        purpose: feature.purpose,
        is_purpose_create_catalog_item: feature.purpose === 'group_catalog_item',
        is_purpose_create_variation_of_catalog_item: feature.purpose === 'group_variation_catalog_item',
      })),
      products: members.map((product) => {
        const id = product.product_id;
        const values = combination(product, featureIds) ?? [];
        return {
          product_id: id,
          parent_product_id: id === parent ? 0 : parent,
          company_id: product.company_id ?? 0,
          feature_values: featureIds.map((featureId, i) => ({
            feature_id: featureId,
            variant_id: String(values[i] ?? '0'),
          })),
        };
      }),
    },
    'single',
  );
}

/** A group with its members read (one Query of the group's index partition). */
export async function showGroup(store: VariationStore, group: GroupRecord): Promise<Record<string, unknown>> {
  return groupView(group, await store.members(group.id));
}

/** A product with the variation keys of its group (`group`: undefined when it is in none). */
export function withVariationKeys(
  record: Record<string, unknown>,
  group: GroupRecord | undefined,
): Record<string, unknown> {
  if (!group) return { ...record, variation_group_id: 0 };
  const id = record.product_id;
  const parent = parentOf(group);
  const values = valuesOf(record);
  const features = featuresOf(group);
  const parentId = id === parent ? 0 : parent;
  return {
    ...record,
    product_type: parentId === 0 ? 'P' : 'V',
    parent_product_id: parentId,
    variation_group_id: group.id,
    variation_group_code: String(group.code),
    variation_parent_product_id: parentId,
    variation_sub_group_id: `${group.id}_${parent}`,
    variation_feature_ids: Object.fromEntries(features.map((f) => [String(f.feature_id), f.feature_id])),
    variation_feature_collection: Object.fromEntries(
      features.map((f) => [
        String(f.feature_id),
        {
          feature_id: f.feature_id,
          purpose: f.purpose,
          variant_id: String(values[String(f.feature_id)]?.variant_id ?? '0'),
        },
      ]),
    ),
    variation_name: [
      String(record.product ?? ''),
      ...features
        .map((f) => {
          const value = values[String(f.feature_id)];
          return value ? `${value.description ?? ''}: ${value.variant ?? ''}` : '';
        })
        .filter(Boolean),
    ].join(', '),
  };
}

/**
 * The variation keys of products, from their groups (one BatchGetItem of the groups): `shown[i]` is the stored
 * `records[i]` as its view shows it, whose typed `variation_group_id` names its group.
 */
export async function withGroupsOf(
  store: VariationStore,
  records: ReadonlyArray<{ variation_group_id?: number }>,
  shown: Array<Record<string, unknown>>,
): Promise<Array<Record<string, unknown>>> {
  const groupIds = [...new Set(records.map((r) => r.variation_group_id ?? 0).filter((id) => id > 0))];
  const groups = new Map((await store.groups(groupIds)).map((g) => [g.id, g]));
  return shown.map((row, i) => withVariationKeys(row, groups.get(records[i]?.variation_group_id ?? 0)));
}
