import type { Operation } from '../../http/operation.js';
import type { EntityHooks } from '../crud.js';
import { instanceTable } from '../instance-table.js';
import { detachOf, generateOf, setDefaultOf } from './actions.js';
import { createGroupOf, deleteGroupOf, getGroupOf, listGroupsOf, updateGroupOf } from './groups.js';
import { variationStoreOn } from './store.js';
import { inGroup as inGroupOf, variationHooksFor } from './variations.js';

/**
 * Product variations (lib/entities/product-variations.ts; docs/data-model.md "Product variations") as the functions
 * use them: every operation over the DynamoDB store. A group record holds the code, the features and the default
 * product; the membership is the product's own `variation_group_id`. The pieces: store.ts (the storage the
 * operations receive), rules.ts (pure rules), view.ts (what the API shows), groups.ts, variations.ts, actions.ts.
 */
const store = /* @__PURE__ */ variationStoreOn(instanceTable);

export const listGroups = listGroupsOf(store);
export const getGroup = getGroupOf(store);
export const createGroupOperation = createGroupOf(store);
export const updateGroupOperation = updateGroupOf(store);
export const deleteGroupOperation = deleteGroupOf(store);
export const detachOperation = detachOf(store);
export const setDefaultOperation = setDefaultOf(store);
export const generateOperation = generateOf(store);

/** The product hooks of `/product_variations`. */
export const variationHooks: EntityHooks = variationHooksFor(store, instanceTable);

/** A product operation of `/product_variations_groups/:id/product_variations`, made of the path's group's hooks. */
export const inGroup = (operationWith: (hooks: EntityHooks) => Operation): Operation =>
  inGroupOf(store, instanceTable, operationWith);
