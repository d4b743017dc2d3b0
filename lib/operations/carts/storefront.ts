import { Big } from 'big.js';
import type { EntityRecord } from '../../db/entity-store.js';
import type { StoredValue } from '../../entities/types.js';
import { wireMoney } from '../../entities/wire-money.js';
import { ForbiddenError, invalidField, NotFoundError } from '../../errors.js';
import { parseAmountChanges, parseCartLines } from '../../http/cart-lines-body.js';
import { digitsOf } from '../../http/digits.js';
import type { ApiRequest, Operation } from '../../http/operation.js';
import { created, noContent, ok } from '../../http/response.js';
import { queryShippingChoice, type ShippingChoice } from '../checkout/groups.js';
import { quoteShipping } from '../checkout/quote.js';
import { contextCompany } from '../company-scope.js';
import { type CartLine, type CartLines, cartItemId, linesToAdd, readProfile } from './lines.js';
import {
  checkOptions,
  checkProducts,
  checkStock,
  optionIdsOf,
  type PricedLine,
  priceCart,
  productIdsOf,
} from './rules.js';
import type { CartStore, ProductRecord } from './store.js';

/**
 * The storefront cart, `/sra_cart_content` (lib/entities/sra-cart-content.ts): the caller's own cart, stored as
 * their `carts` record (CartStore.writeCart). Every change re-reads the products, so prices, availability and
 * stock are judged on what the catalogue holds now; a refused change writes nothing.
 */

/** The products of some lines, by id (missing ones are absent). */
export const productsOf = (store: CartStore, lines: readonly CartLine[]) => store.products(productIdsOf(lines));

/**
 * The lines' products and options are available (rules.ts `checkProducts`, `checkOptions`); the options are read
 * only when a line chooses some.
 */
export async function checkAvailable(
  store: CartStore,
  lines: readonly CartLine[],
  company: number | undefined,
): Promise<void> {
  checkProducts(lines, await productsOf(store, lines), company);
  const optionIds = optionIdsOf(lines);
  if (optionIds.length === 0) return;
  const options = new Map((await store.options(optionIds)).map((option) => [String(option.option_id), option]));
  checkOptions(lines, options);
}

/** Whose cart: the signed-in customer's (or an administrator's own); a guest has none, a vendor may not use one. */
export function owner(request: ApiRequest): number {
  const { caller } = request;
  if (caller.userType === 'V') throw new ForbiddenError('Vendors have no storefront cart');
  if (caller.storefront === 'guest' || caller.userId < 1)
    throw new ForbiddenError('Sign in as a customer first (POST /auth_tokens)');
  return caller.userId;
}

const linesOf = (record: EntityRecord | undefined): CartLines => ({
  ...((record?.lines as CartLines | undefined) ?? {}),
});

/** A cart item id from the path: CS-Cart's are numbers; anything else names no line (404). */
export function itemIdOf(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  // The path's item id, canonical ("007" is line 7): cart item ids are text keys of the stored lines.
  const id = digitsOf(raw, 10);
  if (id === undefined) throw new NotFoundError();
  return String(id);
}

/**
 * The record of a cart holding `lines`, or undefined when it holds none (the record is then deleted). Stock is
 * judged for the products whose amount grew (`grown`): taking things out of a cart is never refused.
 */
async function cartValues(
  store: CartStore,
  request: ApiRequest,
  current: EntityRecord | undefined,
  lines: CartLines,
  grown: ReadonlySet<number> = new Set(),
): Promise<Record<string, StoredValue> | undefined> {
  if (Object.keys(lines).length === 0) return undefined;
  const products = await productsOf(store, Object.values(lines));
  checkStock(Object.fromEntries(Object.entries(lines).filter(([, line]) => grown.has(line.product_id))), products);
  const { total } = priceCart(lines, products);
  const profile = current?.checkout_profile;
  return {
    ...(profile === undefined ? {} : { checkout_profile: profile }),
    company_id: contextCompany(request) ?? current?.company_id ?? request.caller.companyId ?? 0,
    date: Math.floor(Date.now() / 1000),
    ip_address: request.sourceIp ?? '',
    storefront_id: 1,
    order_id: 0,
    // CS-Cart counts the items, not the lines (the recording's #218: "3" for lines of 2 and 1).
    cart_products: Object.values(lines).reduce((sum, line) => sum + line.amount, 0),
    total: total.toFixed(2),
    lines,
  };
}

const cartIds = (ids: ReadonlyArray<[string, CartLine]>) => ({
  cart_ids: Object.fromEntries(ids.map(([id, line]) => [id, line.product_id])),
  message: false,
});

/** Whether `calculate_shipping` asks for the shipping quote (CS-Cart's apps send `A`; `N`, `0` or empty: no). */
const quoteAsked = (value: string | undefined) => value !== undefined && !['', 'N', 'n', '0', 'false'].includes(value);

/**
 * GET /sra_cart_content: the cart priced now (an empty cart when there is none), with the checkout profile
 * (`user_data`). With `calculate_shipping` it answers the product groups with their shipping methods and rates
 * (checkout/quote.ts), the chosen ones (`shipping_ids[<group>]`, else each group's first) charged in the totals.
 * Taxes are those an order is charged (none: orders/rules.ts `orderTotals`), so the quote is the order's price.
 */
export const readStorefrontCartOf =
  (store: CartStore): Operation =>
  async (request) => {
    const userId = owner(request);
    const choice = queryShippingChoice(request.query);
    const record = await store.cart(userId);
    const lines = linesOf(record);
    const productsById = await productsOf(store, Object.values(lines));
    const { products, amount, subtotal } = priceCart(lines, productsById);
    const quote = quoteAsked(request.query.calculate_shipping)
      ? await quoteOf(store, lines, productsById, choice, products)
      : undefined;
    const shipping = quote?.shippingCost ?? new Big(0);
    const total = subtotal.plus(shipping);
    return ok({
      products,
      amount,
      subtotal: wireMoney(subtotal),
      display_subtotal: wireMoney(subtotal),
      discount: 0,
      tax_subtotal: 0,
      shipping_cost: wireMoney(shipping),
      display_shipping_cost: wireMoney(shipping),
      total: wireMoney(total),
      display_total: wireMoney(total),
      user_id: userId,
      company_id: record?.company_id ?? contextCompany(request) ?? 0,
      user_data: record?.checkout_profile ?? {},
      ...(quote ? { product_groups: quote.productGroups, chosen_shipping: quote.chosen } : {}),
    });
  };

async function quoteOf(
  store: CartStore,
  lines: CartLines,
  productsById: Map<number, ProductRecord>,
  choice: ShippingChoice,
  priced: Record<string, PricedLine>,
) {
  const companies = [...new Set([...productsById.values()].map((product) => product.company_id ?? 0))];
  const [stores, shippings] = await Promise.all([store.stores(companies), store.activeShippings()]);
  return quoteShipping(lines, productsById, stores, shippings, choice, priced);
}

/** POST /sra_cart_content: adds lines (the same product and options add to their line) → 201 {"cart_ids", "message": false}. */
export const addToStorefrontCartOf =
  (store: CartStore): Operation =>
  async (request) => {
    const userId = owner(request);
    const added = linesToAdd(parseCartLines(request.body ?? {}));
    await checkAvailable(store, added, contextCompany(request));
    const written: Array<[string, CartLine]> = [];
    await store.writeCart(userId, (current) => {
      const lines = linesOf(current);
      written.length = 0;
      for (const line of added) {
        const id = cartItemId(line.product_id, line.product_options);
        lines[id] = { ...line, amount: (lines[id]?.amount ?? 0) + line.amount };
        written.push([id, lines[id]!]);
      }
      return cartValues(store, request, current, lines, new Set(added.map((line) => line.product_id)));
    });
    return created(cartIds(written));
  };

/**
 * PUT /sra_cart_content/:cart_item_id {"amount"} or PUT /sra_cart_content {"products": {…}}: new amounts, 0 removes.
 * PUT /sra_cart_content {"user_data": {…}} keeps the billing and shipping profile with the cart (an order placed
 * from the cart is addressed by it); an empty cart has none to keep (400 naming `products`).
 */
export const changeStorefrontCartOf =
  (store: CartStore): Operation =>
  async (request) => {
    const userId = owner(request);
    const body = request.body ?? {};
    const itemId = itemIdOf(request.route.id);
    const profile = itemId === undefined && Object.hasOwn(body, 'user_data') ? readProfile(body.user_data) : undefined;
    const changes =
      profile !== undefined && !Object.hasOwn(body, 'products')
        ? new Map<string, number>()
        : parseAmountChanges(itemId, body);
    const written: Array<[string, CartLine]> = [];
    await store.writeCart(userId, (current) => {
      const lines = linesOf(current);
      const grown = new Set<number>();
      written.length = 0;
      for (const [id, amount] of changes) {
        const line = lines[id];
        if (!line) throw new NotFoundError(`The cart has no item ${id}`);
        if (amount === 0) {
          delete lines[id];
          continue;
        }
        if (amount > line.amount) grown.add(line.product_id);
        lines[id] = { ...line, amount };
        written.push([id, lines[id]!]);
      }
      if (profile !== undefined && Object.keys(lines).length === 0)
        throw invalidField('products', 'The cart is empty: add products before its user_data');
      const next = profile === undefined ? current : { ...current, checkout_profile: profile };
      return cartValues(store, request, next as EntityRecord | undefined, lines, grown);
    });
    return ok(cartIds(written));
  };

/** DELETE /sra_cart_content/:cart_item_id removes a line (404 when the cart has none such); DELETE /sra_cart_content empties the cart. 204. */
export const removeFromStorefrontCartOf =
  (store: CartStore): Operation =>
  async (request) => {
    const userId = owner(request);
    const itemId = itemIdOf(request.route.id);
    await store.writeCart(userId, (current) => {
      if (itemId === undefined) return undefined;
      const lines = linesOf(current);
      if (!lines[itemId]) throw new NotFoundError(`The cart has no item ${itemId}`);
      delete lines[itemId];
      return cartValues(store, request, current, lines);
    });
    return noContent();
  };
