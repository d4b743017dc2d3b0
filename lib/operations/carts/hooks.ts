import type { RecordOf } from '../../db/entity-store.js';
import type { cartsEntity } from '../../entities/carts.js';
import type { View } from '../../entities/present.js';
import type { EntityHooks } from '../crud.js';
import type { CartLines } from './lines.js';
import type { CartStore } from './store.js';
import { productsOf } from './storefront.js';

/**
 * GET /carts and /carts/:user_id (lib/entities/carts.ts): the records the storefront writes, with what CS-Cart
 * joins to them — the customer's name, phone and profile (`user_data`), and on a single cart its `products`
 * (the recording's #219: every value a string, `extra` the line's options). The line prices are those of the
 * cart's last change, as CS-Cart keeps them; the storefront's own GET prices the cart afresh.
 */
async function decorate(
  store: CartStore,
  records: RecordOf<typeof cartsEntity>[],
  view: View,
): Promise<Array<Record<string, unknown>>> {
  const users = await Promise.all(records.map((record) => store.user(record.user_id)));
  const known = users.filter((user) => user !== undefined);
  // A profile is the user's wire shape (its user_id text), in the order of the users given: keyed by the record's id.
  const profiles = await store.profiles(known);
  const profileOf = new Map(known.map((user, i) => [user.user_id, profiles[i]]));
  const allLines =
    view === 'single' ? records.flatMap((record) => Object.values((record.lines as CartLines | undefined) ?? {})) : [];
  const products = await productsOf(store, allLines);
  return records.map((record, i) => {
    const user = users[i];
    const shown: Record<string, unknown> = {
      ...record,
      firstname: user?.firstname ?? '',
      lastname: user?.lastname ?? '',
      phone: user?.phone ?? '',
      user_data: profileOf.get(record.user_id) ?? {},
    };
    if (view === 'single') {
      shown.products = Object.entries((record.lines as CartLines | undefined) ?? {}).map(([itemId, line]) => {
        const product = products.get(line.product_id);
        return {
          item_id: itemId,
          item_type: 'P',
          product_id: String(line.product_id),
          amount: String(line.amount),
          price: String(product?.price ?? '0.00'),
          extra: { product_options: line.product_options },
          product: String(product?.product ?? ''),
          variation_features: [],
        };
      });
    }
    return shown;
  });
}

export const cartHooksFor = (store: CartStore): EntityHooks<typeof cartsEntity> => ({
  decorate: (records, view) => decorate(store, records, view),
});
