import type { RecordOf } from '../../db/entity-store.js';
import type { TableTarget } from '../../db/table-target.js';
import { MAX_GROUP_PRODUCTS } from '../../entities/product-variations.js';
import type { productsEntity } from '../../entities/products.js';
import type { WriteValuesOf } from '../../entities/record-types.js';
import { invalidField, NotFoundError } from '../../errors.js';
import type { ApiRequest, Operation } from '../../http/operation.js';
import { parseId } from '../../http/route.js';
import type { EntityHooks } from '../crud.js';
import { productHooksOn } from '../products.js';
import { adoptParent, repairGroupParent } from '../variation-groups.js';
import { findGroup } from './groups.js';
import { assertDistinct, featureIdsOf } from './rules.js';
import type { VariationStore } from './store.js';
import { withGroupsOf } from './view.js';

/**
 * A product that joins a group (a body's `variation_group_id`, or `nestedGroup`, the group of a nested path), or
 * whose feature values change while in one: the group exists, has room, and its products keep distinct values.
 */
async function joinGroup(
  store: VariationStore,
  values: WriteValuesOf<typeof productsEntity>,
  current: RecordOf<typeof productsEntity> | undefined,
  nestedGroup: number | undefined,
): Promise<WriteValuesOf<typeof productsEntity>> {
  const out = { ...values };
  if (out.variation_group_id === 0) delete out.variation_group_id;
  const sent = out.variation_group_id;
  const target =
    nestedGroup ??
    sent ??
    (out.product_features !== undefined && current?.variation_group_id ? current.variation_group_id : undefined);
  if (target === undefined) return out;
  const group = await store.group(target);
  if (!group)
    throw invalidField(
      'variation_group_id',
      `The variation_group_id field names group ${target}, which does not exist`,
    );
  const others = (await store.members(target)).filter((p) => !current || p.product_id !== current.product_id);
  if (others.length >= MAX_GROUP_PRODUCTS)
    throw invalidField('variation_group_id', `A variation group holds at most ${MAX_GROUP_PRODUCTS} products`);
  assertDistinct([...others, { ...current, ...out }], featureIdsOf(group), 'variation_group_id');
  return { ...out, variation_group_id: target, has_variation_group: 'Y' };
}

/**
 * The product hooks of variations: of `/product_variations` (every product in a group), or, with `nestedGroup`, of
 * one group's `/product_variations_groups/:id/product_variations`, for a products repository over `table`.
 */
export function variationHooksFor(
  store: VariationStore,
  table: TableTarget,
  nestedGroup?: number,
): EntityHooks<typeof productsEntity> {
  const productHooks = productHooksOn(table);
  return {
    ...productHooks,
    // Only products in a group are variations: one index partition.
    scope: () =>
      nestedGroup !== undefined
        ? [{ rule: { field: 'variation_group_id', op: 'eq' }, values: [nestedGroup] }]
        : [{ rule: { field: 'has_variation_group', op: 'eq' }, values: ['Y'] }],
    create: async (values, request) =>
      joinGroup(store, await productHooks.create!(values, request), undefined, nestedGroup),
    update: async (changes, current, request) =>
      joinGroup(store, await productHooks.update!(changes, current, request), current, nestedGroup),
    decorate: async (records, view) => withGroupsOf(store, records, await productHooks.decorate!(records, view)),
    afterWrite: async (record, previous) => {
      const before = previous?.variation_group_id ?? 0;
      const after = record.variation_group_id ?? 0;
      if (before && before !== after) await repairGroupParent(before, record.product_id);
      if (after) await adoptParent(after, record.product_id);
    },
  };
}

/**
 * `/product_variations_groups/:id/product_variations[/:pid]`: the group must exist (by id or code) and a product id
 * must be one of its products (404 otherwise); then the product operation `operationWith` makes of the group's
 * hooks (for a products repository over `table`) runs on that id. The group id travels as a value, in the hooks.
 */
export function inGroup(
  store: VariationStore,
  table: TableTarget,
  operationWith: (hooks: EntityHooks) => Operation,
): Operation {
  return async (request) => {
    const group = await findGroup(store, request.route.id);
    if (request.route.nestedId !== undefined) {
      const product = await store.product(parseId(request.route.nestedId));
      if (!product || (product.variation_group_id ?? 0) !== group.id) throw new NotFoundError();
    }
    const inner: ApiRequest = { ...request, route: { ...request.route, id: request.route.nestedId } };
    return operationWith(variationHooksFor(store, table, group.id))(inner);
  };
}
