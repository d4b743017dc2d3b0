import { cartsEntity } from '../entities/carts.js';
import type { StoredValue } from '../entities/types.js';
import { type EntityRecord, getRecord, type RecordOf, recordWriteItems } from './entity-store.js';
import type { TableTarget } from './table-target.js';
import { retryOnConditionFailed, type TransactItem, transactWrite } from './transact.js';

/** A cart's record: its lines typed (lib/db/stored-extras.ts). */
export type CartRecord = RecordOf<typeof cartsEntity>;

/**
 * The storefront's writes of a customer's cart (lib/entities/carts.ts): `decide` sees the record as it is
 * (undefined: no cart) on every attempt and answers the record's new values, or undefined for an empty cart,
 * whose record is then deleted (a cart exists while it holds products). The write conditions on the version
 * read, so two requests of one customer never lose a line; the index items follow in the same transaction. Every
 * step goes to `table`, the cart store's (lib/operations/carts/store.ts).
 */
export async function writeCart(
  userId: number,
  decide: (
    current: CartRecord | undefined,
  ) => Promise<Record<string, StoredValue> | undefined> | Record<string, StoredValue> | undefined,
  table: TableTarget,
): Promise<EntityRecord | undefined> {
  return retryOnConditionFailed(async () => {
    const current = await getRecord(cartsEntity, userId, table);
    const values = await decide(current);
    if (!values && !current) return undefined;
    const { items, next } = cartChange(userId, current, values, table);
    await transactWrite(items, table);
    return next;
  });
}

/**
 * The transaction items that turn the cart `current` (as read) into `values` (undefined: the cart goes), conditioned
 * on the version read, and the record they write: for writeCart, and for another write that must change the cart
 * atomically with its own (an order placed from the cart: lib/operations/checkout/orders.ts).
 */
export function cartChange(
  userId: number,
  current: EntityRecord | undefined,
  values: Record<string, StoredValue> | undefined,
  table: TableTarget,
): { items: TransactItem[]; next: EntityRecord | undefined } {
  if (!values && !current) return { items: [], next: undefined };
  const next: EntityRecord | undefined = values && { ...values, user_id: userId, version: (current?.version ?? 0) + 1 };
  return { items: recordWriteItems(cartsEntity, userId, current, next, true, table), next };
}

/** The customer's cart record on `table`, or undefined when the cart is empty. */
export const readCart = (userId: number, table: TableTarget) => getRecord(cartsEntity, userId, table);
