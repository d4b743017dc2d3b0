import { entityKeys } from '../../db/entity-keys.js';
import { idsInIndex } from '../../db/entity-list.js';
import { createRecord, type Extra, getRecord, getRecords } from '../../db/entity-store.js';
import { withoutKeys } from '../../db/records.js';
import { ConditionFailed } from '../../db/transact.js';
import { getUser } from '../../db/users.js';
import { ordersEntity } from '../../entities/orders.js';
import { paymentsEntity } from '../../entities/payments.js';
import { productsEntity } from '../../entities/products.js';
import { shippingsEntity } from '../../entities/shippings.js';
import { statusesEntity } from '../../entities/statuses.js';
import type { StoredValue } from '../../entities/types.js';
import { deletePostsOf } from '../discussions/index.js';
import { deleteShipmentsOf } from '../shipments.js';
import type {
  OrderRecord,
  PaymentRecord,
  ProductLine,
  ProductRecord,
  ShippingRecord,
  StatusRecord,
  UserRecord,
} from './records.js';
import { stockItems } from './stock-items.js';

export type * from './records.js';

/**
 * How placing an order ended: placed, or refused because a product's stock changed since it was read. `changed`
 * holds the products as they are now when the refused transaction handed them back (empty: read them again).
 */
export type PlaceOutcome = { placed: OrderRecord } | { changed: ProductRecord[] };

/**
 * What the order operations need of storage, one aggregate: the order record, the products it takes stock of, the
 * customer, payment and shipping method it names, the order statuses, and what goes with an order when it is
 * deleted. An order and its stock are written in one transaction. The operations receive it; the unit tests give
 * them one of their own.
 */
export interface OrderStore {
  /** The products of these ids that exist. */
  products(ids: number[]): Promise<ProductRecord[]>;
  payment(id: number): Promise<PaymentRecord | undefined>;
  shipping(id: number): Promise<ShippingRecord | undefined>;
  user(id: number): Promise<UserRecord | undefined>;
  /** The order statuses (type O): letter → record. */
  statuses(): Promise<Map<string, StatusRecord>>;
  /**
   * One transaction: a new order of `values` (its nested items from `withId`, once it has its id) and the stock its
   * lines take, conditioned on the stock read. A line asking more than its product's stock read is a 400.
   */
  place(
    values: Record<string, StoredValue>,
    lines: ProductLine[],
    withId: (orderId: number) => Record<string, StoredValue>,
  ): Promise<PlaceOutcome>;
  /** The items that take (`-1`) or give back (`+1`) the stock of these lines in a record's write transaction. */
  stockMoves(lines: ProductLine[], direction: -1 | 1): Extra;
  /** Deletes what goes with a deleted order: its shipments, then its discussion posts (as CS-Cart does). */
  deleteDependents(orderId: number): Promise<void>;
}

/** The key prefix of a product's record (`PRODUCT#`), to tell the products among the items a transaction hands back. */
const PRODUCT_KEY_PREFIX = entityKeys.recordPrefix(productsEntity.storage.name);

/** The order store over the single table (lib/db). */
export const dynamoOrderStore: OrderStore = {
  products: (ids) => getRecords(productsEntity, ids),
  payment: (id) => getRecord(paymentsEntity, id),
  shipping: (id) => getRecord(shippingsEntity, id),
  user: getUser,
  async statuses() {
    const statuses = await getRecords(statusesEntity, await idsInIndex(statusesEntity, 'type', 'O'));
    return new Map(statuses.map((status) => [String(status.status), status]));
  },
  async place(values, lines, withId) {
    try {
      const placed = await createRecord(
        ordersEntity,
        values,
        () => stockItems(lines, -1),
        (order) => withId(Number(order.order_id)),
      );
      return { placed };
    } catch (error) {
      // A stock changed since it was read: the transaction hands back the products as they are now, if it can.
      if (!(error instanceof ConditionFailed)) throw error;
      const returned = error.current.filter((item) => String(item.pk).startsWith(PRODUCT_KEY_PREFIX));
      return { changed: returned.map((item) => withoutKeys<ProductRecord>(item)) };
    }
  },
  stockMoves: stockItems,
  async deleteDependents(orderId) {
    await deleteShipmentsOf(orderId);
    await deletePostsOf('O', orderId);
  },
};
