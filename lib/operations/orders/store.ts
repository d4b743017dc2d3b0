import { entityKeys } from '../../db/entity-keys.js';
import { idsInIndex } from '../../db/entity-list.js';
import {
  type CreatePlan,
  createRecordDecidingAgain,
  type Extra,
  getRecord,
  getRecords,
  recordIdOf,
} from '../../db/entity-store.js';
import { type ClaimedId, claimId } from '../../db/record-ids.js';
import { withoutKeys } from '../../db/records.js';
import { repositoryOf } from '../../db/repository.js';
import type { TableContext } from '../../db/table-context.js';
import type { ConditionFailed, TransactItem } from '../../db/transact.js';
import { getUser } from '../../db/users.js';
import { ordersEntity } from '../../entities/orders.js';
import { paymentsEntity } from '../../entities/payments.js';
import { productsEntity } from '../../entities/products.js';
import { shipmentsEntity } from '../../entities/shipments.js';
import { shippingsEntity } from '../../entities/shippings.js';
import { statusesEntity } from '../../entities/statuses.js';
import type { StoredValue } from '../../entities/types.js';
import { deletePostsOn } from '../discussions/hooks.js';
import { discussionStoreOn } from '../discussions/store.js';
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

/** One round of placing an order: its values, the lines whose stock it takes, its nested items once it has its id. */
export interface Placing {
  values: Record<string, StoredValue>;
  lines: ProductLine[];
  withId: (orderId: number) => Record<string, StoredValue>;
  /**
   * Writes of this round that commit with the order or not at all (the ordered lines leaving the customer's cart),
   * asked for on every round: a round refused because one of them changed meanwhile decides again with them re-read.
   */
  alongside?: () => Promise<TransactItem[]>;
}

/**
 * How an order decides again when a product's stock changed since it was read: `changed` holds the products as they
 * are now when the refused transaction handed them back (empty: read them again). It returns the next round, or
 * throws (a stock gone is a 400; too many rounds a 409).
 */
export type PlaceAgain = (changed: ProductRecord[]) => Promise<Placing>;

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
   * lines take, conditioned on the stock read; when a stock changed meanwhile, again with the round `again` decides,
   * keeping the order's id. A line asking more than its product's stock read is a 400.
   */
  place(first: Placing, again: PlaceAgain, claimed?: Promise<ClaimedId>): Promise<OrderRecord>;
  /** A new order id with its key read at once, started beside the order's reads (lib/db/record-ids.ts claimId). */
  claimId?(): Promise<ClaimedId>;
  /** The items that take (`-1`) or give back (`+1`) the stock of these lines in a record's write transaction. */
  stockMoves(lines: ProductLine[], direction: -1 | 1): Extra;
  /** Deletes what goes with a deleted order: its shipments, then its discussion posts (as CS-Cart does). */
  deleteDependents(orderId: number): Promise<void>;
}

/** The key prefix of a product's record (`PRODUCT#`), to tell the products among the items a transaction hands back. */
const PRODUCT_KEY_PREFIX = entityKeys.recordPrefix(productsEntity.storage.name);

/** A round of placing as the entity store's create takes it: the order's values, its stock moves, its nested items. */
const orderPlan = (context: TableContext, { values, lines, withId, alongside }: Placing): CreatePlan => ({
  values,
  extra: async () => {
    const stock = stockItems(context, lines, -1);
    return alongside ? { ...stock, items: [...stock.items, ...(await alongside())] } : stock;
  },
  withId: (order) => withId(recordIdOf(ordersEntity, order)),
});

/** The products a refused transaction handed back as they are now (ReturnValuesOnConditionCheckFailure). */
const handedBack = (refused: ConditionFailed): ProductRecord[] =>
  refused.current
    .filter((item) => String(item.pk).startsWith(PRODUCT_KEY_PREFIX))
    .map((item) => withoutKeys<ProductRecord>(item));

/** The order store over a table context's table (lib/db). Shipments and the stock items still use this instance's. */
export const orderStoreOn = (context: TableContext): OrderStore => ({
  products: (ids) => getRecords(productsEntity, ids, context),
  payment: (id) => getRecord(paymentsEntity, id, context),
  shipping: (id) => getRecord(shippingsEntity, id, context),
  user: (id) => getUser(id, context),
  async statuses() {
    const ids = await idsInIndex(statusesEntity, 'type', 'O', context);
    const statuses = await getRecords(statusesEntity, ids, context);
    return new Map(statuses.map((status) => [String(status.status), status]));
  },
  place: (first, again, claimed) =>
    createRecordDecidingAgain(
      ordersEntity,
      orderPlan(context, first),
      async (refused) => orderPlan(context, await again(handedBack(refused))),
      claimed,
      context,
    ),
  claimId: () => claimId(context, ordersEntity),
  stockMoves: (lines, direction) => stockItems(context, lines, direction),
  async deleteDependents(orderId) {
    await deleteShipmentsOf(repositoryOf(shipmentsEntity, context), orderId);
    await deletePostsOn(discussionStoreOn(context), 'O', orderId);
  },
});
