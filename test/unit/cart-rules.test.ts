/**
 * The rules of carts (lib/operations/carts/), without DynamoDB or HTTP: the pure rules directly, the storefront
 * cart's operations and the hooks of GET /carts against a CartStore of the test's own (the interface they receive).
 */
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../lib/entities/caller.js';
import type { StoredValue } from '../../lib/entities/types.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { ApiRequest } from '../../lib/http/operation.js';
import { cartHooksFor } from '../../lib/operations/carts/hooks.js';
import { type CartLine, cartItemId } from '../../lib/operations/carts/lines.js';
import {
  checkOptions,
  checkProducts,
  checkStock,
  optionIdsOf,
  priceCart,
  productIdsOf,
} from '../../lib/operations/carts/rules.js';
import type {
  CartRecord,
  CartStore,
  OptionRecord,
  ProductRecord,
  ShippingRecord,
  StoreSummary,
  UserRecord,
} from '../../lib/operations/carts/store.js';
import {
  addToStorefrontCartOf,
  changeStorefrontCartOf,
  readStorefrontCartOf,
  removeFromStorefrontCartOf,
} from '../../lib/operations/carts/storefront.js';
import { productRecord } from '../support/product-record.js';
import { thrownBy } from '../support/thrown.js';

const product = productRecord;

const cartLine = (productId: number, amount: number, options: Record<string, string> = {}): CartLine => ({
  product_id: productId,
  amount,
  product_options: options,
});

const customer: Caller = {
  userId: 4,
  email: 'ann@example.com',
  userType: 'C',
  isRoot: false,
  companyId: 0,
  activeGroupIds: [],
  storefront: 'customer',
};

const requestOf = (body: Record<string, unknown> | undefined, id?: string, who: Caller = customer): ApiRequest =>
  ({ route: { key: 'sra_cart_content', id }, query: {}, caller: who, body, sourceIp: '203.0.113.9' }) as ApiRequest;

/** The storage the operations receive, kept in memory: carts by user id, the catalogue, the writes made. */
class TestStore implements CartStore {
  carts = new Map<number, CartRecord>();
  productsById = new Map<number, ProductRecord>();
  optionRecords: OptionRecord[] = [];
  users = new Map<number, UserRecord>();
  writes = 0;
  cart = async (userId: number) => this.carts.get(userId);
  writeCart = async (
    userId: number,
    decide: (
      current: CartRecord | undefined,
    ) => Promise<Record<string, StoredValue> | undefined> | Record<string, StoredValue> | undefined,
  ) => {
    const current = this.carts.get(userId);
    const values = await decide(current);
    this.writes++;
    // What decide answers is any record's values; the operations under test write a cart's.
    if (values)
      this.carts.set(userId, { ...values, user_id: userId, version: (current?.version ?? 0) + 1 } as CartRecord);
    else this.carts.delete(userId);
  };
  products = async (ids: number[]) =>
    new Map(ids.flatMap((id) => (this.productsById.has(id) ? [[id, this.productsById.get(id)!] as const] : [])));
  options = async (ids: number[]) => this.optionRecords.filter((o) => ids.includes(Number(o.option_id)));
  user = async (id: number) => this.users.get(id);
  profiles = async (users: readonly UserRecord[]) => users.map((u) => ({ user_id: String(u.user_id), shown: true }));
  shippings: ShippingRecord[] = [];
  storesById = new Map<number, StoreSummary>();
  activeShippings = async () => this.shippings.filter((s) => s.status === 'A');
  stores = async (ids: number[]) => new Map([...this.storesById].filter(([id]) => ids.includes(id)));
}

const fieldOf = (act: () => unknown) => thrownBy(ValidationError, act).errors[0]?.field;

describe('cart rules', () => {
  it("a line names an existing, enabled product, in a store context that store's or a shared one", () => {
    // Prepare
    const products = new Map([
      [1, product(1, { company_id: 2 })],
      [2, product(2, { company_id: 0 })],
      [3, product(3, { status: 'D' })],
    ]);
    // Act & Assess
    expect(() => checkProducts([cartLine(1, 1), cartLine(2, 1)], products, 2)).not.toThrow();
    expect(() => checkProducts([cartLine(1, 1)], products, 3)).toThrow('which does not exist');
    expect(() => checkProducts([cartLine(9, 1)], products, undefined)).toThrow('which does not exist');
    expect(() => checkProducts([cartLine(3, 1)], products, undefined)).toThrow('is disabled');
    expect(productIdsOf([cartLine(1, 1), cartLine(1, 2, { 3: '4' }), cartLine(2, 1)])).toEqual([1, 2]);
  });

  it("a line's options are its product's or global ones, naming one of their variants", () => {
    // Prepare
    const options = new Map<string, OptionRecord>([
      ['3', { option_id: 3, product_id: 1, variants: { 12: {}, 13: {} }, version: 1 } as unknown as OptionRecord],
      ['4', { option_id: 4, product_id: 0, variants: [], version: 1 } as unknown as OptionRecord],
    ]);
    const lines = [cartLine(1, 1, { 3: '12', 4: 'engraved' })];
    // Act & Assess
    expect(optionIdsOf([...lines, cartLine(2, 1, { 4: 'x' })])).toEqual([3, 4]);
    expect(() => checkOptions(lines, options)).not.toThrow();
    expect(() => checkOptions([cartLine(2, 1, { 3: '12' })], options)).toThrow('which the product does not have');
    expect(fieldOf(() => checkOptions([cartLine(1, 1, { 3: '14' })], options))).toBe('product_options');
  });

  it('a cart holds no more of a tracked product than its stock, all its lines together', () => {
    // Prepare
    const products = new Map([
      [1, product(1, { amount: 3 })],
      [2, product(2, { amount: 0, tracking: 'D' })],
    ]);
    // Act & Assess
    expect(() => checkStock({ a: cartLine(1, 2), b: cartLine(2, 50) }, products)).not.toThrow();
    expect(() => checkStock({ a: cartLine(1, 2), b: cartLine(1, 2, { 3: '12' }) }, products)).toThrow(ConflictError);
  });

  it('prices in decimals the lines whose product exists', () => {
    // Prepare
    const products = new Map([[1, product(1, { price: '0.10', amount: 7 })]]);
    // Act
    const priced = priceCart({ a: cartLine(1, 3), b: cartLine(9, 1) }, products);
    // Assess
    expect(priced.amount).toBe(3);
    expect(priced.total.toFixed(2)).toBe('0.30');
    expect(Object.keys(priced.products)).toEqual(['a']);
    expect(priced.products.a).toMatchObject({ price: 0.1, subtotal: 0.3, in_stock: 7 });
  });
});

describe('cart operations on a store of their own', () => {
  it('adding the same product and options again adds to its line; the cart is priced now', async () => {
    // Prepare
    const store = new TestStore();
    store.productsById.set(1, product(1, { price: '2.50' }));
    const body = { products: { 1: { product_id: 1, amount: 2 } } };
    // Act
    const first = await addToStorefrontCartOf(store)(requestOf(body));
    await addToStorefrontCartOf(store)(requestOf(body));
    const read = await readStorefrontCartOf(store)(requestOf(undefined));
    // Assess
    const id = cartItemId(1, {});
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ cart_ids: { [id]: 1 }, message: false });
    expect(store.carts.get(4)).toMatchObject({ cart_products: 4, total: '10.00', ip_address: '203.0.113.9' });
    expect(read.body).toMatchObject({ amount: 4, subtotal: 10, total: 10, user_id: 4 });
  });

  it('a line without an amount (absent, null, empty, 0) or with a prototype key adds nothing; nothing added is a 400', async () => {
    // Prepare
    const store = new TestStore();
    store.productsById.set(1, product(1, { price: '2.50' }));
    store.productsById.set(2, product(2, { price: '1.00' }));
    const nothing = JSON.parse(
      '{"products": {"1": {"product_id": 1}, "2": {"product_id": 2, "amount": null}, "3": {"product_id": 1, "amount": ""},' +
        ' "4": {"product_id": 2, "amount": 0}, "__proto__": {"product_id": 1, "amount": 1}, "constructor": {"amount": 1}}}',
    ) as Record<string, unknown>;
    const some = { products: { 1: { product_id: 1, amount: '0' }, 2: { product_id: 2, amount: 3 } } };
    // Act
    const refused = await addToStorefrontCartOf(store)(requestOf(nothing)).catch((error: unknown) => error);
    const added = await addToStorefrontCartOf(store)(requestOf(some));
    // Assess
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).errors[0]?.field).toBe('products');
    expect(added.body).toEqual({ cart_ids: { [cartItemId(2, {})]: 2 }, message: false });
    expect(store.carts.get(4)).toMatchObject({ cart_products: 3, total: '3.00' });
    expect(Object.getPrototypeOf(store.carts.get(4)!.lines)).toBe(Object.prototype);
  });

  it('more than the stock is a 409 and leaves the cart as it was; taking out is never refused', async () => {
    // Prepare
    const store = new TestStore();
    store.productsById.set(1, product(1, { amount: 3 }));
    const id = cartItemId(1, {});
    store.carts.set(4, { user_id: 4, version: 1, lines: { [id]: cartLine(1, 2) } });
    store.productsById.set(1, product(1, { amount: 1 }));
    // Act
    const grown = changeStorefrontCartOf(store)(requestOf({ amount: 3 }, id));
    // Assess
    await expect(grown).rejects.toBeInstanceOf(ConflictError);
    expect(store.carts.get(4)!.version).toBe(1);
    await changeStorefrontCartOf(store)(requestOf({ amount: 1 }, id));
    expect(store.carts.get(4)).toMatchObject({ version: 2, lines: { [id]: { amount: 1 } } });
  });

  it('removing the last line deletes the cart; an unknown line is a 404; a vendor has no cart', async () => {
    // Prepare
    const store = new TestStore();
    const id = cartItemId(1, {});
    store.productsById.set(1, product(1));
    store.carts.set(4, { user_id: 4, version: 1, lines: { [id]: cartLine(1, 2) } });
    // Act & Assess
    await expect(removeFromStorefrontCartOf(store)(requestOf(undefined, '77'))).rejects.toBeInstanceOf(NotFoundError);
    expect((await removeFromStorefrontCartOf(store)(requestOf(undefined, id))).status).toBe(204);
    expect(store.carts.has(4)).toBe(false);
    const vendor = { ...customer, userType: 'V' as const, storefront: undefined };
    await expect(readStorefrontCartOf(store)(requestOf(undefined, undefined, vendor))).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });

  it("GET /carts/:id shows the customer's profile and the lines at their product's price", async () => {
    // Prepare
    const store = new TestStore();
    store.productsById.set(1, product(1, { price: '2.50' }));
    store.users.set(4, { user_id: 4, firstname: 'Ann', lastname: 'Lee', phone: '555' } as UserRecord);
    const cart: CartRecord = { user_id: 4, version: 1, lines: { 9: cartLine(1, 2, { 3: '12' }) } };
    // Act
    const [shown] = await cartHooksFor(store).decorate!([cart], 'single');
    const [listed] = await cartHooksFor(store).decorate!([cart], 'list');
    // Assess
    expect(shown).toMatchObject({ firstname: 'Ann', phone: '555', user_data: { user_id: '4', shown: true } });
    expect(shown!.products).toEqual([
      {
        item_id: '9',
        item_type: 'P',
        product_id: '1',
        amount: '2',
        price: '2.50',
        extra: { product_options: { 3: '12' } },
        product: 'Product 1',
        variation_features: [],
      },
    ]);
    expect(listed).not.toHaveProperty('products');
  });
});
