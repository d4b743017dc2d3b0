import { type CartRecord, readCart, writeCart } from '../../db/carts.js';
import { idsInIndex } from '../../db/entity-list.js';
import { getRecords, type RecordOf } from '../../db/entity-store.js';
import type { UserRecord } from '../../db/records.js';
import type { TableContext } from '../../db/table-context.js';
import { getUser } from '../../db/users.js';
import { storesEntity } from '../../entities/companies.js';
import { optionsEntity } from '../../entities/options.js';
import { productsEntity } from '../../entities/products.js';
import { shippingsEntity } from '../../entities/shippings.js';
import type { StoredValue } from '../../entities/types.js';
import { accountStoreOn } from '../accounts/store.js';
import { presentUsers } from '../users.js';

/** A cart, a product and an option as stored: fields typed by their definitions. */
export type { CartRecord };
export type ProductRecord = RecordOf<typeof productsEntity>;
export type OptionRecord = RecordOf<typeof optionsEntity>;
export type ShippingRecord = RecordOf<typeof shippingsEntity>;

/** A store (company) as a product group names it. */
export interface StoreSummary {
  company_id: number;
  company: string;
  status: string;
}
export type { UserRecord };

/**
 * What the cart operations need of storage, one aggregate: a customer's cart record, written on the version read,
 * and what a cart is judged and shown with — the products and options its lines name, the customer and their
 * profile. The operations receive it; the unit tests give them one of their own.
 */
export interface CartStore {
  /** The customer's cart record, or undefined when the cart is empty. */
  cart(userId: number): Promise<CartRecord | undefined>;
  /**
   * Writes the customer's cart: `decide` sees the record as it is (undefined: no cart) on every attempt and answers
   * its new values, or undefined for an empty cart (the record is then deleted). It may throw to refuse.
   */
  writeCart(
    userId: number,
    decide: (
      current: CartRecord | undefined,
    ) => Promise<Record<string, StoredValue> | undefined> | Record<string, StoredValue> | undefined,
  ): Promise<void>;
  /** The products of these ids that exist, by id. */
  products(ids: number[]): Promise<Map<number, ProductRecord>>;
  /** The options of these ids that exist. */
  options(ids: number[]): Promise<OptionRecord[]>;
  user(id: number): Promise<UserRecord | undefined>;
  /** The users as GET /users/:id shows them (a cart's `user_data`). */
  profiles(users: readonly UserRecord[]): Promise<Array<Record<string, unknown>>>;
  /** The active shipping methods, every store's (a store has a few): what a product group ships by. */
  activeShippings(): Promise<ShippingRecord[]>;
  /** The stores of these ids that exist, by id: the names of product groups. */
  stores(ids: number[]): Promise<Map<number, StoreSummary>>;
}

/** The cart store over a table context's table (lib/db): the cart record, the customer and the catalogue all on it. */
export const cartStoreOn = (context: TableContext): CartStore => ({
  cart: (userId) => readCart(userId, context),
  async writeCart(userId, decide) {
    await writeCart(userId, decide, context);
  },
  products: async (ids) =>
    new Map((await getRecords(productsEntity, ids, context)).map((product) => [product.product_id, product])),
  options: (ids) => getRecords(optionsEntity, ids, context),
  user: (id) => getUser(id, context),
  profiles: (users) => presentUsers(accountStoreOn(context), users, 'single'),
  activeShippings: async () =>
    getRecords(shippingsEntity, await idsInIndex(shippingsEntity, 'status', 'A', context), context),
  async stores(ids) {
    const stores = await getRecords(storesEntity, ids, context);
    return new Map(
      stores.map((store) => [
        store.company_id,
        { company_id: store.company_id, company: String(store.company ?? ''), status: String(store.status) },
      ]),
    );
  },
});
