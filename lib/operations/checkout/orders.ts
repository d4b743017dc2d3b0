import { Big } from 'big.js';
import type { TransactItem } from '../../db/transact.js';
import { ordersEntity } from '../../entities/orders.js';
import { present } from '../../entities/present.js';
import { statusesEntity } from '../../entities/statuses.js';
import type { StoredValue } from '../../entities/types.js';
import { ConflictError, invalidField, NotFoundError, ValidationError } from '../../errors.js';
import type { Operation } from '../../http/operation.js';
import { positiveInt, readLines } from '../../http/order-lines-body.js';
import { created, ok } from '../../http/response.js';
import { parseId } from '../../http/route.js';
import { type CartLines, readProfile } from '../carts/lines.js';
import { priceCart } from '../carts/rules.js';
import type { CartRecord } from '../carts/store.js';
import { owner, productsOf } from '../carts/storefront.js';
import { listOperation } from '../crud.js';
import { instanceRepository } from '../instance-repository.js';
import { placeOrder } from '../orders/create.js';
import { customerOf } from '../orders/customer.js';
import { orderHooksFor } from '../orders/hooks.js';
import { completeShipping } from '../orders/items.js';
import type { Line, OrderRecord, PaymentRecord, ProductLine } from '../orders/records.js';
import { checkedLines, money } from '../orders/rules.js';
import { isMarketplace } from '../storefront-visibility.js';
import { chosenMethod, groupByStore, methodsOf, readShippingChoice } from './groups.js';
import { orderLinesOf } from './quote.js';
import type { CheckoutStore } from './store.js';

/**
 * The storefront's orders, `/sra_orders` (CS-Cart's `SraOrders`, lib/entities/sra-orders.ts): the signed-in
 * customer places an order from the cart (or from the body's `products`) and reads their own orders. Each order is
 * placed by the orders' own path (orders/create.ts `placeOrder`: priced from the products, stock taken in the same
 * transaction, a change event from the table's stream); a cart of several stores becomes one order per store under
 * a parent order, as CS-Cart Multi-Vendor places it.
 */

/** One store's part of a checkout: its lines with their products and the method it ships by. */
interface PlacedGroup {
  lines: Line[];
  products: ProductLine[];
  shipping: NonNullable<ReturnType<typeof chosenMethod>>;
}

/** The payment method: named, active, and one that needs no online processor (this API talks to none). */
async function paymentOf(store: CheckoutStore, sent: unknown): Promise<PaymentRecord> {
  if (sent === undefined || sent === null || sent === '')
    throw invalidField('payment_id', 'The payment_id field is required');
  const id = positiveInt(sent);
  const payment = id === undefined ? undefined : await store.orders.payment(id);
  if (!payment || payment.status !== 'A')
    throw invalidField('payment_id', 'The payment_id field names no active payment method');
  if ((payment.processor_id ?? 0) > 0)
    throw invalidField(
      'payment_id',
      `The payment method ${id} needs an online payment processor, which this API does not talk to; choose an offline one`,
    );
  return payment;
}

/** The lines ordered: the body's `products` (CS-Cart's form, keyed by cart item id) or, without them, the cart's. */
function orderedLines(body: Record<string, unknown>, cart: CartLines): Line[] {
  const sent = body.products;
  if (sent !== undefined && sent !== null && sent !== '') return readLines(sent);
  const lines = orderLinesOf(cart);
  if (lines.length === 0) throw invalidField('products', 'The cart is empty: there is nothing to order');
  return lines;
}

/** A tracked product's stock must cover what the whole checkout takes of it: else a 409, as the cart answers. */
function checkStock(groups: readonly PlacedGroup[]): void {
  for (const line of groups.flatMap((group) => group.products)) {
    if (line.product.tracking === 'D') continue;
    const inStock = line.product.amount ?? 0;
    if (line.amount > inStock) throw outOfStock(line, inStock);
  }
}

const outOfStock = (line: ProductLine, inStock: number) =>
  new ConflictError(
    `The product ${line.productId} ("${String(line.product.product)}") has ${inStock} in stock; the order asks ${line.amount}`,
  );

/** An order's stock taken by a racing order meanwhile (orders/rules.ts `stockMoves`' 400) is a 409 here. */
function asConflict(error: unknown): unknown {
  if (error instanceof ValidationError && error.errors[0]?.field === 'products' && /in stock/.test(error.message))
    return new ConflictError(error.message);
  return error;
}

/** The cart's lines without what was ordered: each ordered product's amount taken from its lines, first line first. */
export function withoutOrdered(cart: CartLines, ordered: readonly Line[]): CartLines {
  const left: CartLines = { ...cart };
  const toTake = new Map(ordered.map((line) => [line.productId, line.amount]));
  for (const [id, line] of Object.entries(cart)) {
    const take = Math.min(toTake.get(line.product_id) ?? 0, line.amount);
    if (take === 0) continue;
    toTake.set(line.product_id, (toTake.get(line.product_id) ?? 0) - take);
    if (take === line.amount) delete left[id];
    else left[id] = { ...line, amount: line.amount - take };
  }
  return left;
}

/**
 * POST /sra_orders {"payment_id", "shipping_ids"?, "products"?, "user_data"?, "notes"?} → 201 {"order_id", "suborder_ids"}: the
 * order (or, for a cart of several stores, the parent of one order per store), the ordered lines then leaving the
 * cart. The customer is the signed-in one; the addresses come from `user_data`, else the profile kept with the cart.
 */
export const placeStorefrontOrderOf =
  (store: CheckoutStore): Operation =>
  async (request) => {
    const userId = owner(request);
    const body = request.body ?? {};
    const choice = readShippingChoice(body.shipping_ids ?? body.shipping_id);
    const [payment, cart] = await Promise.all([paymentOf(store, body.payment_id), store.carts.cart(userId)]);
    const cartLines = cart?.lines ?? {};
    const lines = orderedLines(body, cartLines);
    const productsById = new Map(
      (await store.orders.products(lines.map((line) => line.productId))).map((p) => [p.product_id, p] as const),
    );
    const lineGroups = groupByStore(lines, productsById);
    const [stores, shippings] = await Promise.all([
      store.carts.stores(lineGroups.map((group) => group.companyId)),
      store.carts.activeShippings(),
    ]);
    const groups: PlacedGroup[] = lineGroups.map((group, index) => {
      const products = checkedLines(request, group.lines, productsById);
      if (group.companyId > 0 && stores.get(group.companyId)?.status !== 'A')
        throw invalidField('products', `The store of product ${group.lines[0]!.productId} is not open`);
      const shipping = chosenMethod(index, methodsOf(group.companyId, shippings), choice);
      if (!shipping)
        throw invalidField('shipping_ids', `The store of product group ${index} has no active shipping method`);
      return { lines: group.lines, products, shipping };
    });
    checkStock(groups);
    const data = body.user_data === undefined ? (cart?.checkout_profile ?? {}) : readProfile(body.user_data);
    const customer = await customerOf(store.orders, { user_id: userId, user_data: data });
    const notes = typeof body.notes === 'string' ? body.notes.slice(0, 65_535) : '';
    // The ordered lines leave the cart in the transaction of the (last) order placed: never an order whose lines
    // stay in the cart, nor a cart emptied for an order refused.
    const alongside = cart ? cartLeaving(store, userId, cart, lines) : undefined;
    const place: Place = (group, more, withCart) =>
      placeOrder(store.orders, request, {
        customer,
        payment,
        shipping: group.shipping,
        lines: group.lines,
        products: group.products,
        notes,
        sourceIp: request.sourceIp ?? '',
        more,
        alongside: withCart ? alongside : undefined,
      });
    const placed = await (groups.length === 1
      ? place(groups[0]!, undefined, true).then((record) => ({ orderId: record.order_id, suborderIds: [] as number[] }))
      : placeUnderParent(store, groups, place)
    ).catch((error: unknown) => Promise.reject(asConflict(error)));
    // CS-Cart Multi-Vendor's orders API also answers the store orders placed under the parent (none: an empty list).
    return created({ order_id: placed.orderId, ...(isMarketplace() ? { suborder_ids: placed.suborderIds } : {}) });
  };

/** Places one order of a group; `withCart`: the ordered lines leave the cart in its transaction. */
type Place = (
  group: PlacedGroup,
  more: Record<string, StoredValue> | undefined,
  withCart: boolean,
) => Promise<OrderRecord>;

/**
 * The cart's change as items of an order's transaction, asked for on every round of placing it: the first with the
 * cart read at the start, any later one with the cart read again (a cart changed meanwhile refused the round: its
 * write is conditioned on the version read, so a line added meanwhile stays).
 */
function cartLeaving(
  store: CheckoutStore,
  userId: number,
  cart: CartRecord,
  ordered: readonly Line[],
): () => Promise<TransactItem[]> {
  let read: CartRecord | undefined = cart;
  return async () => {
    const current = read ?? (await store.carts.cart(userId));
    read = undefined;
    return store.cartChange(userId, current, await leftInCart(store, current, ordered));
  };
}

/** The cart record once the ordered lines left it (undefined: the cart is empty and goes). */
async function leftInCart(store: CheckoutStore, current: CartRecord | undefined, ordered: readonly Line[]) {
  if (!current) return undefined;
  const left = withoutOrdered(current.lines ?? {}, ordered);
  if (Object.keys(left).length === 0) return undefined;
  const { user_id: _user, version: _version, ...values } = current;
  const { total } = priceCart(left, await productsOf(store.carts, Object.values(left)));
  return {
    ...(values as Record<string, StoredValue>),
    lines: left,
    cart_products: Object.values(left).reduce((sum, line) => sum + line.amount, 0),
    total: total.toFixed(2),
  };
}

/**
 * A checkout of several stores (CS-Cart Multi-Vendor's suborders): a parent order (`is_parent_order` "Y", the sum
 * of its children, no stock of its own), then each store's order with its `parent_order_id`, each placed as any
 * order is. A child refused (its stock taken meanwhile) cancels what was placed before it (status I, the stock
 * given back) and the checkout fails as that child did.
 */
async function placeUnderParent(
  store: CheckoutStore,
  groups: readonly PlacedGroup[],
  place: Place,
): Promise<{ orderId: number; suborderIds: number[] }> {
  const parent = await place(
    { lines: [], products: [], shipping: groups[0]!.shipping },
    { is_parent_order: 'Y', company_id: 0 },
    false,
  );
  const children: OrderRecord[] = [];
  try {
    // The last child's transaction takes the lines out of the cart: when any child is refused, the cart stays whole.
    for (const [i, group] of groups.entries())
      children.push(await place(group, { parent_order_id: parent.order_id }, i === groups.length - 1));
  } catch (error) {
    for (const placed of [...children, parent]) await store.cancelOrder(placed.order_id);
    throw error;
  }
  await store.amendOrder(parent.order_id, parentValues(parent.order_id, children));
  return { orderId: parent.order_id, suborderIds: children.map((child) => child.order_id) };
}

/**
 * What a parent order shows of its children: the sums, every line, every shipping, the children's ids. Not their
 * `product_ids`: the orders of a product are the children that took its stock, not the parent as well.
 */
function parentValues(parentId: number, children: readonly OrderRecord[]): Record<string, StoredValue> {
  const sum = (field: 'total' | 'subtotal' | 'shipping_cost' | 'payment_surcharge') =>
    money(children.reduce((total, child) => total.plus(String(child[field] ?? '0')), new Big(0)));
  const lines = children.flatMap((child) =>
    Object.values((child.products ?? {}) as Record<string, Record<string, StoredValue>>),
  );
  return {
    total: sum('total'),
    subtotal: sum('subtotal'),
    display_subtotal: sum('subtotal'),
    shipping_cost: sum('shipping_cost'),
    display_shipping_cost: sum('shipping_cost'),
    payment_surcharge: sum('payment_surcharge'),
    shipping_ids: children.flatMap((child) => (child.shipping_ids ?? []) as number[]),
    shipping: children.flatMap((child) => (child.shipping ?? []) as StoredValue[]),
    products: Object.fromEntries(
      lines.map((line, i) => [String(i + 1), { ...line, item_id: String(i + 1), order_id: String(parentId) }]),
    ),
    child_order_ids: children.map((child) => child.order_id),
  };
}

/** Whether a query switch is on (`get_children_orders_data=1`, `true`, `Y`). */
const switchedOn = (value: string | undefined) => value !== undefined && ['1', 'true', 'Y', 'y'].includes(value);

/** An order as the storefront shows it: the administration's single order, with its status as `status_data`. */
async function shownOrders(
  store: CheckoutStore,
  orders: readonly Record<string, unknown>[],
): Promise<Array<Record<string, unknown>>> {
  const statuses = await store.orders.statuses();
  return orders.map((order) => {
    const status = statuses.get(String(order.status));
    return { ...order, status_data: status ? present(statusesEntity, status, 'single') : {} };
  });
}

/** GET /sra_orders: the customer's own orders, listed, filtered and paged as GET /orders?user_id= lists them. */
export const listStorefrontOrdersOf =
  (store: CheckoutStore): Operation =>
  async (request) => {
    const userId = owner(request);
    const own = listOperation(instanceRepository(ordersEntity), {
      ...orderHooksFor(store.orders),
      scope: () => [{ rule: { field: 'user_id', op: 'eq' }, values: [userId] }],
    });
    const answer = await own(request);
    const body = answer.body as { orders: Array<Record<string, unknown>> };
    return ok({ ...body, orders: await shownOrders(store, body.orders) });
  };

/**
 * GET /sra_orders/:id: one of the customer's own orders (another's is a 404, as an absent one), with `status_data`;
 * `get_children_orders_data=1` adds a parent order's children as `orders`.
 */
export const readStorefrontOrderOf =
  (store: CheckoutStore): Operation =>
  async (request) => {
    const userId = owner(request);
    const order = await store.order(parseId(request.route.id));
    if (!order || order.user_id !== userId) throw new NotFoundError();
    const [shown] = await shownOrders(store, [present(ordersEntity, completeShipping(order), 'single')]);
    if (switchedOn(request.query.get_children_orders_data) && order.is_parent_order === 'Y') {
      const children = await store.ordersOf((order.child_order_ids ?? []) as number[]);
      const own = children.filter((child) => child.user_id === userId);
      shown!.orders = await shownOrders(
        store,
        own.map((child) => present(ordersEntity, completeShipping(child), 'single')),
      );
    }
    return ok(shown);
  };
