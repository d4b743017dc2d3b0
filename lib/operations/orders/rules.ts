import { Big } from 'big.js';
import type { ListCondition } from '../../db/entity-list.js';
import { storedOrderLines } from '../../entities/order-lines.js';
import { ordersEntity } from '../../entities/orders.js';
import type { StoredValue } from '../../entities/types.js';
import { type FieldError, invalidField, ValidationError } from '../../errors.js';
import { confinedCompany, contextCompany, type ScopeSource } from '../company-scope.js';
import { periodRange } from './periods.js';
import type { Line, PaymentRecord, ProductLine, ProductRecord, ShippingRecord, StatusRecord } from './records.js';

/**
 * The pure rules of orders, no I/O: the lines of POST /orders (read at the edge, lib/http/order-lines-body.ts) checked
 * against the products read, the money, which stock an order takes or gives back, which statuses hold stock, and the list filters as conditions.
 */

/** Required fields of POST /orders, in the recording's check order (every missing one in `errors`). */
export function requireOrderFields(body: Record<string, unknown>): void {
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

/**
 * The lines with their products (read already, by id): each existing, active and visible to the caller; all of one
 * company. In a store or vendor context (`POST /stores/1/orders`) they are that company's or no company's (company
 * 0, a single store's catalogue), and the order is that company's.
 */
export function checkedLines(
  request: ScopeSource,
  lines: Line[],
  products: ReadonlyMap<number, ProductRecord>,
): ProductLine[] {
  const company = confinedCompany(ordersEntity, request);
  const context = contextCompany(request) !== undefined;
  const ordered = lines.map((line) => {
    const product = products.get(line.productId);
    const owner = product?.company_id ?? 0;
    const hidden = company !== undefined && owner !== company && !(context && owner === 0);
    if (!product || hidden)
      throw invalidField('products', `The products field names product ${line.productId}, which does not exist`);
    if (product.status === 'D')
      throw invalidField('products', `The product ${line.productId} is disabled and cannot be ordered`);
    return { ...line, product };
  });
  const companies = new Set(ordered.map((line) => line.product.company_id ?? 0));
  if (context) companies.delete(0);
  if (companies.size > 1) throw invalidField('products', 'The products of one order must all belong to one company');
  return ordered;
}

/**
 * The lines of a stored order with the products that still exist (`products`: those its lines name, read by
 * OrderStore.products).
 */
export function storedLines(
  order: { products?: unknown },
  products: ReadonlyMap<number, ProductRecord>,
): ProductLine[] {
  return storedOrderLines(order.products).flatMap(({ productId, amount }) => {
    const product = products.get(productId);
    return product ? [{ productId, amount, product }] : [];
  });
}

// --------------------------------------------------------------------------------------------- money

export const money = (value: Big) => value.toFixed(2);

export interface OrderTotals {
  subtotal: Big;
  shippingCost: Big;
  surcharge: Big;
  total: Big;
}

/** What a shipping method charges for these lines: its rate, none when every product ships free. */
export function shippingRate(products: ProductLine[], shipping: ShippingRecord): Big {
  const allShipFree = products.every((line) => line.product.free_shipping === 'Y');
  return allShipFree ? new Big(0) : new Big(String(shipping.base_rate ?? '0'));
}

/**
 * The totals of an order of these lines, shipped and paid by these methods: the subtotal from the products' prices,
 * the shipping method's rate (none when every product ships free), the payment method's surcharge and the total,
 * all in decimal arithmetic (big.js), written with 2 decimals.
 */
export function orderTotals(products: ProductLine[], shipping: ShippingRecord, payment: PaymentRecord): OrderTotals {
  const subtotal = products.reduce(
    (sum, line) => sum.plus(new Big(String(line.product.price)).times(line.amount)),
    new Big(0),
  );
  const shippingCost = shippingRate(products, shipping);
  const surcharge = new Big(String(payment.a_surcharge ?? '0'))
    .plus(subtotal.times(String(payment.p_surcharge ?? '0')).div(100))
    .round(2);
  const total = subtotal.plus(shippingCost).plus(surcharge);
  return { subtotal, shippingCost, surcharge, total };
}

// --------------------------------------------------------------------------------------------- stock

/** A change of one tracked product's stock: the stock read and what is added to it (negative: taken). */
export interface StockMove {
  line: ProductLine;
  stock: number;
  delta: number;
}

/**
 * The stock an order takes (`-1`) or gives back (`+1`): one move per tracked product (tracking `D` is not counted).
 * Taking more than the stock read is a 400; a stock changed since it was read is the store's to notice.
 */
export function stockMoves(lines: ProductLine[], direction: -1 | 1): StockMove[] {
  const moves: StockMove[] = [];
  for (const line of lines) {
    if (line.product.tracking === 'D') continue;
    const stock = line.product.amount ?? 0;
    const delta = direction * line.amount;
    if (direction < 0 && stock < line.amount) {
      throw invalidField(
        'products',
        `The product ${line.productId} ("${String(line.product.product)}") does not have ${line.amount} in stock`,
      );
    }
    moves.push({ line, stock, delta });
  }
  return moves;
}

// --------------------------------------------------------------------------------------------- statuses

/** The order statuses (type O): letter → record. */
export type OrderStatuses = ReadonlyMap<string, StatusRecord>;

/** Whether an order in this status holds its products' stock (`params.inventory` D), as CS-Cart's statuses say. */
export function holdsStock(status: StatusRecord | undefined): boolean {
  const params = status?.params as Record<string, unknown> | undefined;
  return !params || Array.isArray(params) || params.inventory !== 'I';
}

/** A `status` sent in PUT /orders/:id: a letter of a status of type O, in any case → the letter. */
export function readStatus(sent: StoredValue, statuses: OrderStatuses): string {
  const letter = String(sent).trim().toUpperCase();
  if (!statuses.has(letter))
    throw invalidField('status', `The status field must be one of: ${[...statuses.keys()].join(', ')}`);
  return letter;
}

/**
 * What a change of status does to the stock: moving from a status that holds stock to one that does not gives it
 * back (`+1`), the other way takes it again (`-1`); otherwise nothing (undefined).
 */
export function stockDirection(statuses: OrderStatuses, before: string, after: string): -1 | 1 | undefined {
  if (after === before) return undefined;
  const held = holdsStock(statuses.get(before));
  const holds = holdsStock(statuses.get(after));
  if (held === holds) return undefined;
  return holds ? -1 : 1;
}

// --------------------------------------------------------------------------------------------- lists

/** The conditions of GET /orders's filters beyond a field's own comparison: e-mail, status and period. */
export function orderConditions(filters: Record<string, StoredValue>, now: number): ListCondition[] {
  const conditions: ListCondition[] = [];
  if (filters.email !== undefined)
    conditions.push({ rule: { field: 'email_lc', op: 'eq' }, values: [String(filters.email).trim().toLowerCase()] });
  if (filters.status !== undefined)
    conditions.push({ rule: { field: 'status', op: 'eq' }, values: [String(filters.status).trim().toUpperCase()] });
  const range = periodRange(filters, now);
  if (range.from !== undefined) conditions.push({ rule: { field: 'timestamp', op: 'gte' }, values: [range.from] });
  if (range.to !== undefined) conditions.push({ rule: { field: 'timestamp', op: 'lte' }, values: [range.to] });
  return conditions;
}
