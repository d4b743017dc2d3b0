import { entityKeys } from '../db/entity-keys.js';
import type { ListCondition } from '../db/entity-list.js';
import { createRecord, getRecord } from '../db/entity-store.js';
import { withoutKeys } from '../db/records.js';
import { ConditionFailed, pauseThen } from '../db/transact.js';
import { ordersEntity } from '../entities/orders.js';
import { paymentsEntity } from '../entities/payments.js';
import { present } from '../entities/present.js';
import { productsEntity } from '../entities/products.js';
import { shippingsEntity } from '../entities/shippings.js';
import type { StoredValue } from '../entities/types.js';
import { ConflictError, type FieldError, ValidationError } from '../errors.js';
import { created } from '../http/response.js';
import type { Operation } from '../stack/api-handler.js';
import type { ApiRequest } from '../stack/request.js';
import { contextCompany } from './company-scope.js';
import type { EntityHooks } from './crud.js';
import { deletePostsOf } from './discussions.js';
import { customerOf } from './order-customer.js';
import { completeShipping, orderLine, shippingLine } from './order-items.js';
import {
  checkedLines,
  type Line,
  orderedProducts,
  type ProductLine,
  type ProductRecord,
  positiveInt,
  readLines,
  storedLines,
} from './order-lines.js';
import { holdsStock, orderStatuses, stockItems } from './order-stock.js';
import { money, orderTotals } from './order-totals.js';
import { periodRange } from './periods.js';
import { deleteShipmentsOf } from './shipments.js';

/**
 * The orders aggregate's operations: POST /orders and the hooks of the generic get, list, update and delete. The
 * parts they are made of live beside it: order-lines.ts (the products ordered), order-customer.ts (who for),
 * order-totals.ts (the money), order-items.ts (the nested items stored), order-stock.ts (stock and statuses).
 */

const invalid = (field: string, message: string) => new ValidationError(message, [{ field, message }]);

/**
 * How often an order is tried again when the stock it read changed meanwhile. Orders of one product cross a stock
 * bucket one at a time (lib/operations/order-stock.ts), so a flash sale's orders near a bucket's edge may each
 * lose a few rounds; every round re-reads the products, and a stock gone is then a 400, not another round.
 */
const ORDER_ATTEMPTS = 30;

/** Required fields of POST /orders, in the recording's check order (every missing one in `errors`). */
function requireOrderFields(body: Record<string, unknown>): void {
  const present = (field: string) => body[field] !== undefined && body[field] !== null && body[field] !== '';
  const missing: FieldError[] = [];
  if (!present('user_id') && !present('user_data'))
    missing.push({ field: 'user_id', message: 'The user_id/user_data field is required' });
  if (!present('payment_id')) missing.push({ field: 'payment_id', message: 'The payment_id field is required' });
  if (!present('products')) missing.push({ field: 'products', message: 'The products field is required' });
  if (!present('shipping_id') && !present('shipping_ids'))
    missing.push({ field: 'shipping_id', message: 'The shipping_id field is required' });
  if (missing.length > 0) throw ValidationError.forFields(missing);
}

/** POST /orders → 201 {"order_id": N, "order_data": {...}}: priced from the products, stock taken in the same transaction. */
export const createOrder: Operation = async (request) => {
  const { body = {}, sourceIp } = request;
  requireOrderFields(body);
  const paymentId = positiveInt(body.payment_id);
  const shippingSent =
    body.shipping_id ??
    (Array.isArray(body.shipping_ids) ? body.shipping_ids[0] : String(body.shipping_ids ?? '').split(',')[0]);
  const shippingId = positiveInt(shippingSent);
  if (paymentId === undefined) throw invalid('payment_id', 'The payment_id field must be a positive integer');
  if (shippingId === undefined) throw invalid('shipping_id', 'The shipping_id field must be a positive integer');
  const lines = readLines(body.products);
  const [customer, payment, shipping, products] = await Promise.all([
    customerOf(body),
    getRecord(paymentsEntity, paymentId),
    getRecord(shippingsEntity, shippingId),
    orderedProducts(request, lines),
  ]);
  if (!payment || payment.status !== 'A')
    throw invalid('payment_id', 'The payment_id field names no active payment method');
  if (!shipping || shipping.status !== 'A')
    throw invalid('shipping_id', 'The shipping_id field names no active shipping method');

  const notes = typeof body.notes === 'string' ? body.notes.slice(0, 65_535) : '';
  const place = async (ordered: ProductLine[]) => {
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
      ip_address: sourceIp ?? '',
      product_ids: ordered.map((line) => line.productId),
      payment_method: present(paymentsEntity, payment, 'single'),
      shipping: [shippingLine(shipping, shippingCost, String(ordered[0]?.product.company_name ?? ''))],
    };
    return createRecord(
      ordersEntity,
      values,
      () => stockItems(ordered, -1),
      (order) => ({
        products: Object.fromEntries(
          ordered.map((line, i) => [String(i + 1), orderLine(String(order.order_id), String(i + 1), line)]),
        ),
      }),
    );
  };
  const record = await placeAgainOnStockRace(request, lines, products, place);
  return created({ order_id: record.order_id, order_data: present(ordersEntity, record, 'single') });
};

/**
 * Places an order, deciding again when the stock it read changed before its transaction (another order of the same
 * product; lib/operations/order-stock.ts). The transaction hands back the products as they are now, so the next
 * round needs no read; without them, the products are read again after a pause. Stock that is then gone is the
 * usual 400.
 */
async function placeAgainOnStockRace<T>(
  request: ApiRequest,
  lines: Line[],
  first: ProductLine[],
  place: (ordered: ProductLine[]) => Promise<T>,
): Promise<T> {
  let ordered = first;
  for (let attempt = 1; ; attempt++) {
    try {
      return await place(ordered);
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      if (attempt >= ORDER_ATTEMPTS)
        throw new ConflictError('The products are being ordered by many requests at once; try again');
      const now = new Map(ordered.map((line) => [line.productId, line.product]));
      const returned = error.current.filter((item) => String(item.pk).startsWith(PRODUCT_KEY_PREFIX));
      for (const item of returned) now.set(Number(item.product_id), withoutKeys<ProductRecord>(item));
      ordered =
        returned.length > 0
          ? checkedLines(request, lines, now)
          : await pauseThen(attempt, () => orderedProducts(request, lines));
    }
  }
}

/** The key prefix of a product's record (`PRODUCT#`), to tell the products among the items a transaction hands back. */
const PRODUCT_KEY_PREFIX = entityKeys.record(productsEntity.storage.name, 1).pk.replace(/1$/, '');

/**
 * PUT /orders/:id: `status` must be a status of type O; moving between a status that holds stock
 * and one that does not gives the stock back or takes it again (in the same transaction).
 */
export const orderHooks: EntityHooks = {
  update: async (changes) => {
    if (changes.status === undefined) return changes;
    const statuses = await orderStatuses();
    const letter = String(changes.status).trim().toUpperCase();
    if (!statuses.has(letter))
      throw invalid('status', `The status field must be one of: ${[...statuses.keys()].join(', ')}`);
    return { ...changes, status: letter };
  },
  extraItems: () => async (next, previous) => {
    if (!previous || next.status === previous.status) return { items: [] };
    const statuses = await orderStatuses();
    const before = holdsStock(statuses.get(String(previous.status)));
    const after = holdsStock(statuses.get(String(next.status)));
    if (before === after) return { items: [] };
    return stockItems(await storedLines(previous), after ? -1 : 1);
  },
  conditions: (filters) => orderConditions(filters),
  decorate: async (records) => records.map(completeShipping),
  // CS-Cart deletes an order's shipments with it.
  // CS-Cart deletes an order's discussion posts too.
  afterDelete: async (deleted) => {
    await deleteShipmentsOf(Number(deleted.order_id));
    await deletePostsOf('O', Number(deleted.order_id));
  },
};

function orderConditions(filters: Record<string, StoredValue>): ListCondition[] {
  const conditions: ListCondition[] = [];
  if (filters.email !== undefined)
    conditions.push({ rule: { field: 'email_lc', op: 'eq' }, values: [String(filters.email).trim().toLowerCase()] });
  if (filters.status !== undefined)
    conditions.push({ rule: { field: 'status', op: 'eq' }, values: [String(filters.status).trim().toUpperCase()] });
  const range = periodRange(filters, Math.floor(Date.now() / 1000));
  if (range.from !== undefined) conditions.push({ rule: { field: 'timestamp', op: 'gte' }, values: [range.from] });
  if (range.to !== undefined) conditions.push({ rule: { field: 'timestamp', op: 'lte' }, values: [range.to] });
  return conditions;
}
