import { presetTime } from '../db/preset-ids.js';
import type { EntityRepository } from '../db/repository.js';
import { storedOrderLines } from '../entities/order-lines.js';
import { ordersEntity } from '../entities/orders.js';
import type { shipmentsEntity } from '../entities/shipments.js';
import { shippingsEntity } from '../entities/shippings.js';
import type { FieldValues } from '../entities/validate.js';
import { invalidField, NotFoundError, ValidationError } from '../errors.js';
import { blankSent } from '../http/blank-sent.js';
import { parseId } from '../http/route.js';
import { parseShippedAmounts } from '../http/shipment-products-body.js';
import type { EntityHooks } from './crud.js';
import { instanceReader } from './instance-repository.js';

const orders = /* @__PURE__ */ instanceReader(ordersEntity);
const shippings = /* @__PURE__ */ instanceReader(shippingsEntity);

const now = () => Math.floor(Date.now() / 1000);

/** `{item_id: amount}` checked against the order's lines (all of them when absent), amounts as strings. */
function shippedProducts(
  sent: Record<string, unknown> | undefined,
  lines: Record<string, Record<string, unknown>>,
): Record<string, string> {
  const ordered = new Map(storedOrderLines(lines).map((line) => [line.itemId, line.amount]));
  const amounts = parseShippedAmounts(sent);
  if (amounts === undefined)
    return Object.fromEntries([...ordered].map(([itemId, amount]) => [itemId, String(amount)]));
  const shipped: Record<string, string> = {};
  for (const [itemId, amount] of amounts) {
    const max = ordered.get(itemId);
    if (max === undefined)
      throw invalidField('products', `The products field names item ${itemId}, which the order does not have`);
    if (!Number.isInteger(amount) || amount < 1 || amount > max)
      throw invalidField('products', `The products field must ship between 1 and ${max} of item ${itemId}`);
    shipped[itemId] = String(amount);
  }
  return shipped;
}

/**
 * POST: `carrier` or `tracking_number` after the required `order_id` and `shipping_id`; the customer,
 * the order's time and the method's name are copied. A missing order or method is a 400 naming the
 * field (here, and again by the write's ConditionChecks, so a concurrent delete cannot slip between).
 */
export const shipmentHooks: EntityHooks<typeof shipmentsEntity> = {
  create: async (values) => {
    if (blankSent(values.carrier) && blankSent(values.tracking_number)) {
      throw ValidationError.forFields([
        { field: 'carrier', message: 'One of the following fields is required: carrier / tracking_number' },
      ]);
    }
    // Both required on create: validation proved them sent, as numbers.
    const [order, shipping] = await Promise.all([orders.get(values.order_id!), shippings.get(values.shipping_id!)]);
    if (!order) throw invalidField('order_id', 'The order_id field names an order that does not exist');
    if (!shipping)
      throw invalidField('shipping_id', 'The shipping_id field names a shipping method that does not exist');
    const lines = (order.products ?? {}) as Record<string, Record<string, unknown>>;
    const products = shippedProducts(values.products as Record<string, unknown> | undefined, lines);
    const oneFull = Object.entries(lines).every(([itemId, line]) => products[itemId] === String(line.amount));
    const out: FieldValues = {
      ...values,
      // An import keeps the source's time (lib/db/preset-ids.ts).
      shipment_timestamp: presetTime('shipment_timestamp') ?? now(),
      order_timestamp: order.timestamp ?? 0,
      s_firstname: String(order.s_firstname ?? ''),
      s_lastname: String(order.s_lastname ?? ''),
      firstname: String(order.firstname ?? ''),
      lastname: String(order.lastname ?? ''),
      company: String(order.company ?? ''),
      user_id: order.user_id ?? 0,
      shipping: String(shipping.shipping ?? ''),
      products,
      carrier_info: { name: String(values.carrier ?? ''), tracking_url: '' },
      one_full: oneFull,
    };
    delete out.timestamp;
    return out;
  },
  update: (changes) => {
    const out: FieldValues = { ...changes };
    if (out.timestamp !== undefined) out.shipment_timestamp = out.timestamp;
    delete out.timestamp;
    return out;
  },
};

/** `/orders/:id/shipments`: the order's shipments; 404 for an unknown order. */
export const orderShipmentsHooks: EntityHooks<typeof shipmentsEntity> = {
  scope: async ({ route }) => {
    const orderId = parseId(route.id);
    if (!(await orders.get(orderId))) throw new NotFoundError();
    return [{ rule: { field: 'order_id', op: 'eq' }, values: [orderId] }];
  },
};

/**
 * Deleting an order deletes its shipments (CS-Cart's fn_delete_order does the same). Runs after the order's delete,
 * on the order store's table (`shipments` is the shipments' repository over it).
 */
export async function deleteShipmentsOf(
  shipments: EntityRepository<typeof shipmentsEntity>,
  orderId: number,
): Promise<void> {
  for (const id of await shipments.idsIn('order_id', orderId)) {
    try {
      await shipments.delete(id);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
}
