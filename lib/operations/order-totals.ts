import { Big } from 'big.js';
import type { EntityRecord } from '../db/entity-store.js';
import type { ProductLine } from './order-lines.js';

/**
 * An order's money, split from lib/operations/orders.ts: the subtotal from the products' prices, the shipping
 * method's rate (none when every product ships free), the payment method's surcharge and the total, all in decimal
 * arithmetic (big.js), written with 2 decimals.
 */

export const money = (value: Big) => value.toFixed(2);

export interface OrderTotals {
  subtotal: Big;
  shippingCost: Big;
  surcharge: Big;
  total: Big;
}

/** The totals of an order of these lines, shipped and paid by these methods. */
export function orderTotals(products: ProductLine[], shipping: EntityRecord, payment: EntityRecord): OrderTotals {
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
  return { subtotal, shippingCost, surcharge, total };
}
