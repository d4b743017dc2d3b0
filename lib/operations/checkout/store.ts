import { cartChange } from '../../db/carts.js';
import { getRecord, getRecords, updateRecord } from '../../db/entity-store.js';
import type { TableContext } from '../../db/table-context.js';
import type { TransactItem } from '../../db/transact.js';
import { ordersEntity } from '../../entities/orders.js';
import type { StoredValue } from '../../entities/types.js';
import type { CartRecord, CartStore } from '../carts/store.js';
import { cartStoreOn } from '../carts/store.js';
import { extraItemsOf } from '../crud.js';
import { orderHooksFor } from '../orders/hooks.js';
import type { OrderRecord, OrderStore } from '../orders/store.js';
import { orderStoreOn } from '../orders/store.js';

/**
 * What the storefront's checkout needs of storage: the cart's and the orders' own stores (an order is placed through
 * the orders' store, the one POST /orders uses; the cart's gives the shipping methods and the stores of product
 * groups), and the order records a customer reads or a multi-store order links.
 */
export interface CheckoutStore {
  carts: CartStore;
  orders: OrderStore;
  order(id: number): Promise<OrderRecord | undefined>;
  ordersOf(ids: number[]): Promise<OrderRecord[]>;
  /** Writes fields the checkout sets on an order it placed (a parent's child ids). */
  amendOrder(id: number, values: Record<string, StoredValue>): Promise<void>;
  /** The items of a cart's change for the order's transaction (lib/db/carts.ts `cartChange`). */
  cartChange(
    userId: number,
    current: CartRecord | undefined,
    values: Record<string, StoredValue> | undefined,
  ): TransactItem[];
  /** Cancels an order it placed (status I, its stock given back as a status change gives it back: orders/hooks.ts). */
  cancelOrder(id: number): Promise<void>;
}

/** The checkout store over a table context's table (lib/db). */
export const checkoutStoreOn = (context: TableContext): CheckoutStore => ({
  carts: cartStoreOn(context),
  orders: orderStoreOn(context),
  order: (id) => getRecord(ordersEntity, id, context),
  ordersOf: (ids) => getRecords(ordersEntity, ids, context),
  cartChange: (userId, current, values) => cartChange(userId, current, values, context).items,
  async amendOrder(id, values) {
    await updateRecord(ordersEntity, id, () => values, undefined, context);
  },
  async cancelOrder(id) {
    // The hooks' extra items judge the move of stock from the order's status to I (Canceled), as PUT /orders does.
    const extra = extraItemsOf(orderHooksFor(orderStoreOn(context)), {} as never);
    await updateRecord(ordersEntity, id, () => ({ status: 'I' }), extra, context);
  },
});
