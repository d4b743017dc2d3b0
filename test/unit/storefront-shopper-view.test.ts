import { beforeEach, describe, expect, it, vi } from 'vitest';

const reads = vi.hoisted(() => ({ shoppers: 0, hidden: 0 }));

vi.mock('../../lib/operations/storefront/shopper.js', () => ({
  shopperOf: async (request: { caller: { userType: string } }) => {
    reads.shoppers++;
    if (request.caller.userType === 'V') throw new Error('Vendors have no storefront');
    return { groups: [0, 1], guest: true };
  },
}));
vi.mock('../../lib/operations/storefront/visibility.js', () => ({
  hiddenFor: async () => {
    reads.hidden++;
    return { categories: [7], companies: [] };
  },
}));

const { shopperView } = await import('../../lib/operations/storefront/shopper-view.js');

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
