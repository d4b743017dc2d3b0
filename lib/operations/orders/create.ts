import type { ClaimedId } from '../../db/record-ids.js';
import { pauseThen } from '../../db/transact.js';
import { ordersEntity } from '../../entities/orders.js';
import { paymentsEntity } from '../../entities/payments.js';
import { present } from '../../entities/present.js';
import type { StoredValue } from '../../entities/types.js';
import { ConflictError, invalidField } from '../../errors.js';
import type { Operation } from '../../http/operation.js';
import { positiveInt, readLines } from '../../http/order-lines-body.js';
import { created } from '../../http/response.js';
import { contextCompany, type ScopeSource } from '../company-scope.js';
import { customerOf } from './customer.js';
import { orderLine, shippingLine } from './items.js';
import type { Line, ProductLine } from './records.js';
import { checkedLines, money, orderTotals, requireOrderFields } from './rules.js';
import type { OrderRecord, OrderStore, PaymentRecord, PlaceAgain, Placing, ShippingRecord } from './store.js';

/**
 * How often an order is tried again when the stock it read changed meanwhile. Orders of one product cross a stock
 * bucket one at a time (lib/operations/orders/stock-items.ts), so a flash sale's orders near a bucket's edge may
 * each lose a few rounds; every round re-reads the products, and a stock gone is then a 400, not another round.
 */
export const ORDER_ATTEMPTS = 30;

/**
 * Products of an order, each existing, active and visible to the caller; all of one company (rules.ts
 * `checkedLines`).
 */
export async function orderedProducts(store: OrderStore, request: ScopeSource, lines: Line[]): Promise<ProductLine[]> {
  const products = await store.products(lines.map((line) => line.productId));
  return checkedLines(request, lines, new Map(products.map((p) => [p.product_id, p])));
}

/** POST /orders → 201 {"order_id": N, "order_data": {...}}: priced from the products, stock taken in the same transaction. */
export const createOrderOf =
  (store: OrderStore): Operation =>
  async (request) => {
    const { body = {}, sourceIp } = request;
    requireOrderFields(body);
    const paymentId = positiveInt(body.payment_id);
    const shippingSent =
      body.shipping_id ??
      (Array.isArray(body.shipping_ids) ? body.shipping_ids[0] : String(body.shipping_ids ?? '').split(',')[0]);
    const shippingId = positiveInt(shippingSent);
    if (paymentId === undefined) throw invalidField('payment_id', 'The payment_id field must be a positive integer');
    if (shippingId === undefined) throw invalidField('shipping_id', 'The shipping_id field must be a positive integer');
    const lines = readLines(body.products);
    // The order's id and the read that sees its key free go out with the reads below (one BatchGetItem), not after.
    const claimed = store.claimId?.();
    claimed?.catch(() => undefined);
    const [customer, payment, shipping, products] = await Promise.all([
      customerOf(store, body),
      store.payment(paymentId),
      store.shipping(shippingId),
      orderedProducts(store, request, lines),
    ]);
    if (!payment || payment.status !== 'A')
      throw invalidField('payment_id', 'The payment_id field names no active payment method');
    if (!shipping || shipping.status !== 'A')
      throw invalidField('shipping_id', 'The shipping_id field names no active shipping method');

    const notes = typeof body.notes === 'string' ? body.notes.slice(0, 65_535) : '';
    const record = await placeOrder(store, request, {
      customer,
      payment,
      shipping,
      lines,
      products,
      notes,
      sourceIp: sourceIp ?? '',
      claimed,
    });
    return created({ order_id: record.order_id, order_data: present(ordersEntity, record, 'single') });
  };

/** What one order is placed from: the customer, the methods (checked already), the lines and their products as read. */
export interface OrderInput {
  customer: Record<string, StoredValue>;
  payment: PaymentRecord;
  shipping: ShippingRecord;
  lines: Line[];
  products: ProductLine[];
  notes: string;
  sourceIp: string;
  /** Further values of the order (a child order's `parent_order_id`). */
  more?: Record<string, StoredValue>;
  /** The order's id, claimed beside the reads (store.ts `claimId`); absent: one is taken when it is placed. */
  claimed?: Promise<ClaimedId>;
  /** Writes that commit in the order's own transaction (store.ts `Placing.alongside`). */
  alongside?: Placing['alongside'];
}

/**
 * Places one order: priced from the products (rules.ts `orderTotals`), its stock taken in the same transaction,
 * decided again when a racing order changed the stock (againOnStockRace). POST /orders and the storefront's
 * checkout (lib/operations/checkout/) both place their orders here.
 */
export async function placeOrder(store: OrderStore, request: ScopeSource, input: OrderInput): Promise<OrderRecord> {
  const { customer, payment, shipping, lines, notes, sourceIp } = input;
  const paymentId = payment.payment_id;
  const shippingId = shipping.shipping_id;
  const placing = (ordered: ProductLine[]): Placing => {
    const { subtotal, shippingCost, surcharge, total } = orderTotals(ordered, shipping, payment);
    const companyId = contextCompany(request) ?? ordered[0]?.product.company_id ?? 0;
    const values: Record<string, StoredValue> = {
      ...customer,
      company_id: companyId,
      total: money(total),
      subtotal: money(subtotal),
      display_subtotal: money(subtotal),
      payment_surcharge: money(surcharge),
      shipping_ids: [shippingId],
      shipping_cost: money(shippingCost),
      display_shipping_cost: money(shippingCost),
      timestamp: Math.floor(Date.now() / 1000),
      status: 'O',
      notes,
      payment_id: paymentId,
      ip_address: sourceIp,
      product_ids: ordered.map((line) => line.productId),
      payment_method: present(paymentsEntity, payment, 'single'),
      shipping: [shippingLine(shipping, shippingCost, String(ordered[0]?.product.company_name ?? ''))],
      ...input.more,
    };
    return {
      values,
      lines: ordered,
      alongside: input.alongside,
      withId: (orderId) => ({
        products: Object.fromEntries(
          ordered.map((line, i) => [String(i + 1), orderLine(String(orderId), String(i + 1), line)]),
        ),
      }),
    };
  };
  return store.place(
    placing(input.products),
    againOnStockRace(store, request, lines, input.products, placing),
    input.claimed,
  );
}

/**
 * How an order decides again when the stock it read changed before its transaction (another order of the same
 * product; stock-items.ts). The transaction hands back the products as they are now, so the next round needs no
 * read; without them, the products are read again after a pause. Stock that is then gone is the usual 400; after
 * ORDER_ATTEMPTS rounds, a 409. Every round keeps the order's id and the index items already written (store.ts).
 */
export function againOnStockRace(
  store: OrderStore,
  request: ScopeSource,
  lines: Line[],
  first: ProductLine[],
  placing: (ordered: ProductLine[]) => Placing,
): PlaceAgain {
  let ordered = first;
  let attempt = 1;
  return async (changed) => {
    if (attempt >= ORDER_ATTEMPTS)
      throw new ConflictError('The products are being ordered by many requests at once; try again');
    const now = new Map(ordered.map((line) => [line.productId, line.product]));
    for (const product of changed) now.set(product.product_id, product);
    ordered =
      changed.length > 0
        ? checkedLines(request, lines, now)
        : await pauseThen(attempt, () => orderedProducts(store, request, lines));
    attempt++;
    return placing(ordered);
  };
}
