import type { ApiRequest } from '../../http/operation.js';
import { instanceTable } from '../instance-table.js';
import { type Shopper, shopperOf } from './shopper.js';
import { type Hidden, hiddenFor } from './visibility.js';

/** Who the shopper is and what is hidden from them: read once per request. */
export interface ShopperView {
  shopper: Shopper;
  hidden: Hidden;
}

const perRequest = new WeakMap<object, Promise<ShopperView>>();

/**
 * The shopper of a request and the categories and stores hidden from them (their usergroups, the disabled and
 * restricted categories, the closed stores), memoised per request: the catalogue, the categories and the reviews'
 * `visibleObject` (which may judge a product and then its category) share one set of reads instead of each making
 * its own. Keyed by the request object, so nothing outlives it. The shopper's groups are read on this instance's
 * table (the composition root's context).
 */
export function shopperView(request: Pick<ApiRequest, 'caller'>): Promise<ShopperView> {
  let view = perRequest.get(request);
  if (!view) {
    view = shopperOf(request, instanceTable).then(async (shopper) => ({ shopper, hidden: await hiddenFor(shopper) }));
    // A refused shopper (a vendor's key: 403) is not kept: the next call refuses again.
    view.catch(() => perRequest.delete(request));
    perRequest.set(request, view);
  }
  return view;
}
