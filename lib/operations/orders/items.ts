import { Big } from 'big.js';
import { present } from '../../entities/present.js';
import { shippingsEntity } from '../../entities/shippings.js';
import { wireMoney } from '../../entities/wire-money.js';
import type { OrderRecord, ProductLine, ShippingRecord } from './records.js';

/**
 * The nested items an order stores and shows (pure): a `products` line and a `shipping[]` item, each with every key
 * the recording of CS-Cart's orders has.
 */

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

/**
 * The order's `shipping[]` item: the method's settings as its GET shows them, the rate charged, the product group
 * (one company). Money is decimal (big.js) until the wire, whose JSON type for `rate` is a number.
 */
export function shippingLine(shipping: ShippingRecord, cost: Big, groupName: string): Record<string, unknown> {
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
  ] as const;
  return {
    ...SHIPPING_LINE,
    ...Object.fromEntries(fromMethod.map((key) => [key, shown[key]])),
    rate: wireMoney(cost),
    group_name: groupName,
  };
}

/** Orders placed before `shipping[]` carried every recorded key show them too. */
export function completeShipping(order: OrderRecord): OrderRecord {
  if (!Array.isArray(order.shipping)) return order;
  return {
    ...order,
    shipping: order.shipping.map((item) => ({ ...SHIPPING_LINE, ...(item as Record<string, unknown>) })),
  };
}

// Money is decimal (big.js) until the wire, whose JSON type for these keys is a number.
export function orderLine(orderId: string, itemId: string, line: ProductLine): Record<string, unknown> {
  const price = new Big(String(line.product.price));
  const subtotal = wireMoney(price.times(line.amount));
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
    base_price: wireMoney(price),
    original_price: wireMoney(price),
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
