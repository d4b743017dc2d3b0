import { Big } from 'big.js';
import { config } from '../config.js';
import { entityKeys } from '../db/entity-keys.js';
import { idsInIndex, type ListCondition } from '../db/entity-list.js';
import { createRecord, type EntityRecord, type Extra, getRecord, getRecords } from '../db/entity-store.js';
import type { TransactItem } from '../db/transact.js';
import { getUser } from '../db/users.js';
import { ordersEntity } from '../entities/orders.js';
import { paymentsEntity } from '../entities/payments.js';
import { present } from '../entities/present.js';
import { productsEntity } from '../entities/products.js';
import { shippingsEntity } from '../entities/shippings.js';
import { statusesEntity } from '../entities/statuses.js';
import type { StoredValue } from '../entities/types.js';
import { type FieldError, ValidationError } from '../errors.js';
import { created } from '../http/response.js';
import type { Operation } from '../stack/api-handler.js';
import { confinedCompany, contextCompany, type ScopeSource } from './company-scope.js';
import type { EntityHooks } from './crud.js';
import { deletePostsOf } from './discussions.js';
import { periodRange } from './periods.js';
import { deleteShipmentsOf } from './shipments.js';

const MAX_LINES = 100;
const MAX_AMOUNT = 1_000_000;
const invalid = (field: string, message: string) => new ValidationError(message, [{ field, message }]);

interface Line {
  productId: number;
  amount: number;
}

/** The order statuses (type O): letter → record. */
export async function orderStatuses(): Promise<Map<string, EntityRecord>> {
  const statuses = await getRecords(statusesEntity, await idsInIndex(statusesEntity, 'type', 'O'));
  return new Map(statuses.map((status) => [String(status.status), status]));
}

/** Whether an order in this status holds its products' stock (`params.inventory` D), as CS-Cart's statuses say. */
function holdsStock(status: EntityRecord | undefined): boolean {
  const params = status?.params as Record<string, unknown> | undefined;
  return !params || Array.isArray(params) || params.inventory !== 'I';
}

const positiveInt = (value: unknown): number | undefined => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
};

/**
 * `products` as CS-Cart clients send it — `{cart_id: {product_id, amount}}`, a list of
 * `{product_id, amount}`, or `{product_id: amount}` — as lines, one per product.
 */
function readLines(sent: unknown): Line[] {
  const bad = () =>
    invalid('products', 'The products field must map products to amounts: {"1": {"product_id": 12, "amount": 2}}');
  if (sent === null || typeof sent !== 'object') throw bad();
  const entries = Array.isArray(sent) ? sent.map((item, i) => [String(i), item] as const) : Object.entries(sent);
  if (entries.length === 0) throw invalid('products', 'The products field is required');
  const amounts = new Map<number, number>();
  for (const [key, item] of entries) {
    const isLine = item !== null && typeof item === 'object';
    const productId = positiveInt(isLine ? (item as Record<string, unknown>).product_id : key);
    const amount = positiveInt(isLine ? ((item as Record<string, unknown>).amount ?? 1) : item);
    if (productId === undefined || amount === undefined) throw bad();
    amounts.set(productId, (amounts.get(productId) ?? 0) + amount);
  }
  if (amounts.size > MAX_LINES) throw invalid('products', `An order may hold at most ${MAX_LINES} products`);
  const lines = [...amounts].map(([productId, amount]) => ({ productId, amount }));
  if (lines.some((line) => line.amount > MAX_AMOUNT))
    throw invalid('products', `The amount of a product may be at most ${MAX_AMOUNT}`);
  return lines;
}

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

const ADDRESS_PARTS = [
  'firstname',
  'lastname',
  'address',
  'address_2',
  'city',
  'county',
  'state',
  'country',
  'zipcode',
  'phone',
];

/** The customer of an order: a user (`user_id`) or a guest described by `user_data` (an e-mail at least). */
async function customerOf(body: Record<string, unknown>): Promise<Record<string, StoredValue>> {
  const data = (body.user_data !== null && typeof body.user_data === 'object' ? body.user_data : {}) as Record<
    string,
    unknown
  >;
  const text = (value: unknown, max = 128) =>
    typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, max) : '';
  let customer: Record<string, StoredValue>;
  if (body.user_id !== undefined && body.user_id !== null && body.user_id !== '') {
    const userId = positiveInt(body.user_id);
    const user = userId === undefined ? undefined : await getUser(userId);
    if (!user) throw invalid('user_id', 'The user_id field names a user that does not exist');
    customer = {
      user_id: user.user_id,
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      user_type: user.user_type,
    };
  } else {
    const email = text(data.email).trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw invalid('user_data', 'The user_data field needs a valid email');
    customer = { user_id: 0, email, firstname: text(data.firstname), lastname: text(data.lastname), user_type: 'C' };
  }
  for (const prefix of ['b_', 's_']) {
    for (const part of ADDRESS_PARTS) {
      const value = data[`${prefix}${part}`] ?? data[part] ?? body[`${prefix}${part}`];
      customer[`${prefix}${part}`] =
        text(value) || (part === 'firstname' || part === 'lastname' ? String(customer[part]) : '');
    }
  }
  customer.phone = text(data.phone ?? body.phone, 32);
  customer.company = text(data.company ?? body.company);
  customer.email_lc = String(customer.email).toLowerCase();
  return customer;
}

/** Takes (`-`) or gives back (`+`) stock of tracked products; taking conditions on enough being left. */
function stockItems(lines: Array<Line & { product: EntityRecord }>, direction: -1 | 1): Extra {
  const tracked = lines.filter((line) => line.product.tracking !== 'D');
  const items: TransactItem[] = tracked.map((line) => ({
    Update: {
      TableName: config().tableName,
      Key: entityKeys.record(productsEntity.storage, line.productId),
      UpdateExpression: 'SET #amount = #amount + :delta, #version = #version + :one',
      ConditionExpression: direction < 0 ? 'attribute_exists(pk) AND #amount >= :amount' : 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#amount': 'amount', '#version': 'version' },
      ExpressionAttributeValues: {
        ':delta': direction * line.amount,
        ':one': 1,
        ...(direction < 0 ? { ':amount': line.amount } : {}),
      },
    },
  }));
  return {
    items,
    explain: (failed) => {
      const line = tracked[failed[0] ?? -1];
      if (!line) return undefined;
      return invalid(
        'products',
        `The product ${line.productId} ("${String(line.product.product)}") does not have ${line.amount} in stock`,
      );
    },
  };
}

/**
 * Products of an order, each existing, active and visible to the caller; all of one company. In a store or
 * vendor context (`POST /stores/1/orders`) they are that company's or no company's (company 0, a
 * single store's catalogue), and the order is that company's.
 */
async function orderedProducts(request: ScopeSource, lines: Line[]): Promise<Array<Line & { product: EntityRecord }>> {
  const products = new Map(
    (
      await getRecords(
        productsEntity,
        lines.map((line) => line.productId),
      )
    ).map((p) => [Number(p.product_id), p]),
  );
  const company = confinedCompany(ordersEntity, request);
  const context = contextCompany(request) !== undefined;
  const ordered = lines.map((line) => {
    const product = products.get(line.productId);
    const owner = Number(product?.company_id ?? 0);
    const hidden = company !== undefined && owner !== company && !(context && owner === 0);
    if (!product || hidden)
      throw invalid('products', `The products field names product ${line.productId}, which does not exist`);
    if (product.status === 'D')
      throw invalid('products', `The product ${line.productId} is disabled and cannot be ordered`);
    return { ...line, product };
  });
  const companies = new Set(ordered.map((line) => Number(line.product.company_id ?? 0)));
  if (context) companies.delete(0);
  if (companies.size > 1) throw invalid('products', 'The products of one order must all belong to one company');
  return ordered;
}

const money = (value: Big) => value.toFixed(2);

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

  const subtotal = products.reduce(
    (sum, line) => sum.plus(new Big(String(line.product.price)).times(line.amount)),
    new Big(0),
  );
  const allShipFree = products.every((line) => line.product.free_shipping === 'Y');
  const shippingCost = allShipFree ? new Big(0) : new Big(String(shipping.base_rate ?? '0'));
  const surcharge = new Big(String(payment.a_surcharge ?? '0'))
    .plus(subtotal.times(String(payment.p_surcharge ?? '0')).div(100))
    .round(2);
  const total = subtotal.plus(shippingCost).plus(surcharge);
  const companyId = contextCompany(request) ?? Number(products[0]?.product.company_id ?? 0);
  const notes = typeof body.notes === 'string' ? body.notes.slice(0, 65_535) : '';

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
    product_ids: products.map((line) => line.productId),
    payment_method: present(paymentsEntity, payment, 'single'),
    shipping: [shippingLine(shipping, shippingCost, String(products[0]?.product.company_name ?? ''))],
  };
  const record = await createRecord(
    ordersEntity,
    values,
    () => stockItems(products, -1),
    (order) => ({
      products: Object.fromEntries(
        products.map((line, i) => [String(i + 1), orderLine(String(order.order_id), String(i + 1), line)]),
      ),
    }),
  );
  return created({ order_id: record.order_id, order_data: present(ordersEntity, record, 'single') });
};

/**
 * A `shipping[]` item's keys in the recording's order (its orders, "Nested shapes"), with the values of what is
 * not modelled: realtime carriers (`module`, `service_code`), rate tables (`rate_info`), service parameters.
 */
const SHIPPING_LINE: Readonly<Record<string, unknown>> = {
  shipping_id: '0',
  shipping: '',
  delivery_time: '',
  rate_calculation: 'M',
  service_params: [],
  destination: 'I',
  min_weight: '0.000',
  max_weight: '0.000',
  service_id: '0',
  module: null,
  service_code: null,
  rate_info: {},
  group_key: 0,
  rate: 0,
  group_name: '',
  need_shipment: true,
};

/** The order's `shipping[]` item: the method's settings as its GET shows them, the rate charged, the product group (one company). */
function shippingLine(shipping: EntityRecord, cost: Big, groupName: string): Record<string, unknown> {
  const shown = present(shippingsEntity, shipping, 'single');
  const fromMethod = [
    'shipping_id',
    'shipping',
    'delivery_time',
    'rate_calculation',
    'destination',
    'min_weight',
    'max_weight',
    'service_id',
  ];
  return {
    ...SHIPPING_LINE,
    ...Object.fromEntries(fromMethod.map((key) => [key, shown[key]])),
    rate: Number(money(cost)),
    group_name: groupName,
  };
}

/** Orders placed before `shipping[]` carried every recorded key show them too. */
function completeShipping(order: EntityRecord): EntityRecord {
  if (!Array.isArray(order.shipping)) return order;
  return {
    ...order,
    shipping: order.shipping.map((item) => ({ ...SHIPPING_LINE, ...(item as Record<string, unknown>) })),
  };
}

function orderLine(orderId: string, itemId: string, line: Line & { product: EntityRecord }): Record<string, unknown> {
  const price = new Big(String(line.product.price));
  const subtotal = Number(price.times(line.amount).toFixed(2));
  return {
    item_id: itemId,
    order_id: orderId,
    product_id: String(line.productId),
    product_code: String(line.product.product_code ?? ''),
    price: price.toFixed(2),
    amount: String(line.amount),
    extra: {},
    product: String(line.product.product ?? ''),
    product_status: String(line.product.status ?? 'A'),
    deleted_product: false,
    discount: 0,
    company_id: String(line.product.company_id ?? 0),
    base_price: Number(price.toFixed(2)),
    original_price: Number(price.toFixed(2)),
    cart_id: itemId,
    tax_value: 0,
    subtotal,
    display_subtotal: subtotal,
    shipped_amount: 0,
    shipment_amount: '0',
    is_accessible: true,
    product_url: '',
    shared_product: false,
    variation_features: [],
  };
}

/** The lines of a stored order with the products that still exist. */
async function storedLines(order: EntityRecord): Promise<Array<Line & { product: EntityRecord }>> {
  const items = Object.values((order.products ?? {}) as Record<string, Record<string, unknown>>);
  const products = new Map(
    (
      await getRecords(
        productsEntity,
        items.map((item) => Number(item.product_id)),
      )
    ).map((p) => [Number(p.product_id), p]),
  );
  return items.flatMap((item) => {
    const product = products.get(Number(item.product_id));
    return product ? [{ productId: Number(item.product_id), amount: Number(item.amount), product }] : [];
  });
}

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
