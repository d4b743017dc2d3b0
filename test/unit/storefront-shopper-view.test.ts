import { beforeEach, describe, expect, it } from 'vitest';

import { shopperViewWith } from '../../lib/operations/storefront/shopper-view.js';

const reads = { shoppers: 0, hidden: 0 };

// The two reads handed in, counted: what a request's view costs, with no store behind it.
const shopperView = shopperViewWith({
  shopperOf: async (request) => {
    reads.shoppers++;
    if (request.caller.userType === 'V') throw new Error('Vendors have no storefront');
    return { groups: [0, 1], guest: true };
  },
  hiddenFor: async () => {
    reads.hidden++;
    return { categories: [7], companies: [] };
  },
});

const request = (userType = 'C') => ({ caller: { userType } }) as never;

describe('shopperView (the shopper and what is hidden from them, once per request)', () => {
  beforeEach(() => {
    reads.shoppers = 0;
    reads.hidden = 0;
  });

  it('reads once for every call of one request, again for another request', async () => {
    const one = request();
    const [a, b] = await Promise.all([shopperView(one), shopperView(one)]);
    expect(await shopperView(one)).toBe(a);
    expect(b).toBe(a);
    expect(a.hidden.categories).toEqual([7]);
    expect(reads).toEqual({ shoppers: 1, hidden: 1 });
    await shopperView(request());
    expect(reads).toEqual({ shoppers: 2, hidden: 2 });
  });

  it('keeps no refusal: a vendor is refused on every call', async () => {
    const vendor = request('V');
    await expect(shopperView(vendor)).rejects.toThrow('Vendors');
    await expect(shopperView(vendor)).rejects.toThrow('Vendors');
    expect(reads.shoppers).toBe(2);
  });
});
