import type { ApiRequest } from '../../http/operation.js';
import { instanceTable } from '../instance-table.js';
import { type Shopper, shopperOf } from './shopper.js';
import { type Hidden, hiddenFor } from './visibility.js';

/** Who the shopper is and what is hidden from them: read once per request. */
export interface ShopperView {
  shopper: Shopper;
  hidden: Hidden;
}

type ShopperRequest = Pick<ApiRequest, 'caller'>;

/** The two reads a view is made of, handed in: a test counts them without replacing modules. */
export interface ShopperViewReads {
  shopperOf(request: ShopperRequest): Promise<Shopper>;
  hiddenFor(shopper: Shopper): Promise<Hidden>;
}

/**
 * The shopper of a request and the categories and stores hidden from them (their usergroups, the disabled and
 * restricted categories, the closed stores), memoised per request: the catalogue, the categories and the reviews'
 * `visibleObject` (which may judge a product and then its category) share one set of reads instead of each making
 * its own. Keyed by the request object, so nothing outlives it.
 */
export function shopperViewWith(reads: ShopperViewReads): (request: ShopperRequest) => Promise<ShopperView> {
  const perRequest = new WeakMap<object, Promise<ShopperView>>();
  return (request) => {
    let view = perRequest.get(request);
    if (!view) {
      view = reads.shopperOf(request).then(async (shopper) => ({ shopper, hidden: await reads.hiddenFor(shopper) }));
      // A refused shopper (a vendor's key: 403) is not kept: the next call refuses again.
      view.catch(() => perRequest.delete(request));
      perRequest.set(request, view);
    }
    return view;
  };
}

/** The view on this instance's table (the composition root's context): the shopper's groups are read there. */
export const shopperView = shopperViewWith({
  shopperOf: (request) => shopperOf(request, instanceTable),
  hiddenFor,
});
