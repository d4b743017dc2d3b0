import type { EntityRecord } from '../db/entity-store.js';
import { type LinkRecord, type UsergroupRecord, type UserRecord, withoutKeys } from '../db/records.js';
import { accountStoreOn } from '../operations/accounts/store.js';
import { type EntityHooks, presentAll } from '../operations/crud.js';
import { instanceTable } from '../operations/instance-table.js';
import { orderHooks } from '../operations/orders/index.js';
import { presentLink, presentUsergroup } from '../operations/presenters.js';
import { productValueHooks } from '../operations/products.js';
import { statusHooks } from '../operations/statuses.js';
import { presentUsers } from '../operations/users.js';
import type { ItemKind } from './changed-item.js';

const accounts = /* @__PURE__ */ accountStoreOn(instanceTable);
/**
 * The hooks whose `decorate` the single GET applies and which need no read for the single view (products'
 * price rows, an order's completed shipping[], a status's params). Other entities' single GET shows the
 * record as stored; a category's product_count (a separate count item) is not part of its events.
 */
const SINGLE_VIEW_HOOKS: Readonly<Record<string, EntityHooks>> = {
  products: productValueHooks,
  orders: orderHooks,
  statuses: statusHooks,
};

/**
 * An object as its single GET shows it (the `event` view, wire-types.ts: `WireOf<D, 'event'>` for a plain entity's),
 * from the record the stream carries (the GET handlers' presenters). A user's,
 * group's or membership's record is read as lib/db reads those items (records.ts `withoutKeys`).
 */
export async function presentObject(item: ItemKind, record: Record<string, unknown>): Promise<Record<string, unknown>> {
  switch (item.kind) {
    case 'plain': {
      const [shown] = await presentAll(
        item.def,
        SINGLE_VIEW_HOOKS[item.entity] ?? {},
        [record as EntityRecord],
        'event',
      );
      return shown as Record<string, unknown>;
    }
    case 'user': {
      // One BatchGetItem of the user's company name, as GET /users/:id (none for company 0).
      const [shown] = await presentUsers(accounts, [withoutKeys<UserRecord>(record)], 'single');
      return shown!;
    }
    case 'usergroup':
      return presentUsergroup(withoutKeys<UsergroupRecord>(record), true);
    case 'membership': {
      const link = withoutKeys<LinkRecord>(record);
      // The single GET's fields, and whose membership it is (the path's user id).
      return { ...presentLink(link), user_id: link.user_id };
    }
  }
}
