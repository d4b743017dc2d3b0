/**
 * The pure rules of the storefront's checkout (lib/operations/checkout/), without DynamoDB or HTTP: product groups
 * per store, the shipping choice as clients send it, the cart's shipping quote, and what an order leaves in the cart.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../lib/errors.js';
import type { CartLine } from '../../lib/operations/carts/lines.js';
import type { ShippingRecord } from '../../lib/operations/carts/store.js';
import {
  chosenMethod,
  groupByStore,
  methodsOf,
  queryShippingChoice,
  readShippingChoice,
} from '../../lib/operations/checkout/groups.js';
import { withoutOrdered } from '../../lib/operations/checkout/orders.js';
import { orderLinesOf, quoteShipping } from '../../lib/operations/checkout/quote.js';
import { productRecord } from '../support/product-record.js';
import { thrownBy } from '../support/thrown.js';

const shipping = (id: number, company: number, rate: string, extra: Partial<ShippingRecord> = {}): ShippingRecord =>
  ({
    shipping_id: id,
    version: 1,
    shipping: `Method ${id}`,
    company_id: company,
    base_rate: rate,
    status: 'A',
    position: 0,
    ...extra,
  }) as ShippingRecord;

const line = (productId: number, amount: number): CartLine => ({ product_id: productId, amount, product_options: {} });

const fieldOf = (act: () => unknown) => thrownBy(ValidationError, act).errors[0]?.field;

describe('the shipping choice', () => {
  it('reads an object keyed by group, a list, one id or a comma list; anything else is a 400 naming shipping_ids', () => {
    // Act & Assess
    expect([...readShippingChoice({ 0: 3, 1: '4' })]).toEqual([
      [0, 3],
      [1, 4],
    ]);
    expect([...readShippingChoice([5, 6])]).toEqual([
      [0, 5],
      [1, 6],
    ]);
    expect([...readShippingChoice('7')]).toEqual([[0, 7]]);
    expect([...readShippingChoice(undefined)]).toEqual([]);
    expect([...queryShippingChoice({ 'shipping_ids[1]': '9', calculate_shipping: 'A' })]).toEqual([[1, 9]]);
    expect([...queryShippingChoice({ shipping_ids: '3,4' })]).toEqual([
      [0, 3],
      [1, 4],
    ]);
    for (const sent of [{ x: 1 }, { 0: 'abc' }, [[1]], '-2', { 0: 0 }]) {
      expect(fieldOf(() => readShippingChoice(sent))).toBe('shipping_ids');
    }
  });

  it('a group ships by a method of its store or a shared one, its first by position when none is chosen', () => {
    // Prepare
    const methods = methodsOf(2, [
      shipping(1, 0, '1.00', { position: 5 }),
      shipping(2, 2, '2.00', { position: 1 }),
      shipping(3, 3, '3.00'),
      shipping(4, 2, '4.00', { status: 'D' }),
    ]);
    // Act & Assess
    expect(methods.map((m) => m.shipping_id)).toEqual([2, 1]);
    expect(chosenMethod(0, methods, new Map())?.shipping_id).toBe(2);
    expect(chosenMethod(0, methods, new Map([[0, 1]]))?.shipping_id).toBe(1);
    expect(fieldOf(() => chosenMethod(0, methods, new Map([[0, 3]])))).toBe('shipping_ids');
    expect(chosenMethod(0, [], new Map())).toBeUndefined();
  });
});

describe('product groups and the quote', () => {
  it('groups lines by store in the order the stores come; the chosen rates add up in decimals', () => {
    // Prepare
    const products = new Map([
      [1, productRecord(1, { company_id: 7, price: '0.10' })],
      [2, productRecord(2, { company_id: 8 })],
      [3, productRecord(3, { company_id: 7, free_shipping: 'Y' })],
    ]);
    const cart = { a: line(1, 3), b: line(2, 1), c: line(3, 1), d: line(1, 1) };
    const stores = new Map([[7, { company_id: 7, company: 'Seven', status: 'A' }]]);
    const priced = { a: { product_id: 1 }, b: { product_id: 2 }, c: { product_id: 3 }, d: { product_id: 1 } };
    // Act
    const groups = groupByStore(orderLinesOf(cart), products);
    const quote = quoteShipping(
      cart,
      products,
      stores,
      [shipping(10, 7, '0.20'), shipping(11, 8, '0.10'), shipping(12, 8, '5.00')],
      new Map([[1, 11]]),
      priced,
    );
    // Assess
    expect(groups).toEqual([
      {
        companyId: 7,
        lines: [
          { productId: 1, amount: 4 },
          { productId: 3, amount: 1 },
        ],
      },
      { companyId: 8, lines: [{ productId: 2, amount: 1 }] },
    ]);
    expect(quote.shippingCost.toFixed(2)).toBe('0.30'); // 0.2 + 0.1 is 0.30000000000000004 in binary floating point
    expect(quote.chosen).toEqual({ 0: 10, 1: 11 });
    expect(quote.productGroups[0]).toMatchObject({ name: 'Seven', company_id: 7, all_free_shipping: false });
    expect(Object.keys(quote.productGroups[0]!.products as object)).toEqual(['a', 'c', 'd']);
    expect(Object.keys(quote.productGroups[1]!.shippings as object)).toEqual(['11', '12']);
    expect((quote.productGroups[1]!.chosen_shippings as Array<{ rate: number }>)[0]!.rate).toBe(0.1);
  });
});

describe('what an order leaves in the cart', () => {
  it("takes each ordered product's amount from its lines, first line first; other products stay", () => {
    // Act
    const left = withoutOrdered({ a: line(1, 2), b: line(1, 3), c: line(2, 1) }, [{ productId: 1, amount: 4 }]);
    // Assess
    expect(left).toEqual({ b: line(1, 1), c: line(2, 1) });
  });
});
