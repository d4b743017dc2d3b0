import type { EntityRepository, RecordOf } from '../db/repository.js';
import { variationGroupsEntity } from '../entities/product-variations.js';
import { productsEntity } from '../entities/products.js';
import { instanceRepository } from './instance-repository.js';

const products = /* @__PURE__ */ instanceRepository(productsEntity);
const groups = /* @__PURE__ */ instanceRepository(variationGroupsEntity);

/**
 * What both products and product variations need of a variation group (kept apart from
 * lib/operations/product-variations/ so products can use it without an import cycle).
 * The membership lives on the product (`variation_group_id`, indexed): deleting a product
 * takes it out of its group in the delete's own transaction.
 */

/** Every product of a group in `repository`, by id ascending: one index partition (bounded by MAX_GROUP_PRODUCTS). */
export const groupMembersIn =
  (repository: EntityRepository<typeof productsEntity>) =>
  async (groupId: number): Promise<RecordOf<typeof productsEntity>[]> => {
    const { records } = await repository.list({
      conditions: [{ rule: { field: 'variation_group_id', op: 'eq' }, values: [groupId] }],
      sortBy: 'id',
      descending: false,
      page: 1,
    });
    return records;
  };

/** Every product of a group in this instance's table. */
export const groupMembers = /* @__PURE__ */ groupMembersIn(products);

/**
 * After a product left a group (deleted, detached, moved): if it was the group's default product,
 * the lowest remaining product id becomes the default (0 when none is left).
 */
export async function repairGroupParent(groupId: number, leavingProductId: number): Promise<void> {
  const group = await groups.get(groupId);
  if (!group || (group.parent_product_id ?? 0) !== leavingProductId) return;
  const next = (await groupMembers(groupId)).find((product) => product.product_id !== leavingProductId);
  await groups
    .update(groupId, (current) =>
      (current.parent_product_id ?? 0) === leavingProductId
        ? { parent_product_id: next?.product_id ?? 0, updated_at: groups.now() }
        : {},
    )
    .catch(() => undefined);
}

/** A group without a default product (all had left) takes the product that joins it. */
export async function adoptParent(groupId: number, productId: number): Promise<void> {
  const group = await groups.get(groupId);
  if (!group || (group.parent_product_id ?? 0) !== 0) return;
  await groups
    .update(groupId, (current) =>
      (current.parent_product_id ?? 0) === 0 ? { parent_product_id: productId, updated_at: groups.now() } : {},
    )
    .catch(() => undefined);
}
