import { storedOrderLines } from '../../entities/order-lines.js';
import type { ordersEntity } from '../../entities/orders.js';
import type { EntityHooks } from '../crud.js';
import { completeShipping } from './items.js';
import { orderConditions, readStatus, stockDirection, storedLines } from './rules.js';
import type { OrderStore } from './store.js';

/**
 * The hooks of the generic get, list, update and delete of /orders. PUT /orders/:id: `status` must be a status of
 * type O; moving between a status that holds stock and one that does not gives the stock back or takes it again
 * (in the same transaction).
 */
export const orderHooksFor = (store: OrderStore): EntityHooks<typeof ordersEntity> => ({
  update: async (changes) => {
    if (changes.status === undefined) return changes;
    return { ...changes, status: readStatus(changes.status, await store.statuses()) };
  },
  extraItems: () => async (next, previous) => {
    if (!previous || next.status === previous.status) return { items: [] };
    // A parent order (a storefront order spanning stores, lib/operations/checkout/) took no stock: its children did.
    if (previous.is_parent_order === 'Y') return { items: [] };
    const direction = stockDirection(await store.statuses(), String(previous.status), String(next.status));
    if (direction === undefined) return { items: [] };
    const products = await store.products(storedOrderLines(previous.products).map((line) => line.productId));
    return store.stockMoves(storedLines(previous, new Map(products.map((p) => [p.product_id, p]))), direction);
  },
  conditions: (filters) => orderConditions(filters, Math.floor(Date.now() / 1000)),
  decorate: async (records) => records.map(completeShipping),
  // CS-Cart deletes an order's shipments and its discussion posts with it.
  afterDelete: (deleted) => store.deleteDependents(deleted.order_id),
});
