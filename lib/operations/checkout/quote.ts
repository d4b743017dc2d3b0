import { Big } from 'big.js';
import type { CartLines } from '../carts/lines.js';
import type { ProductRecord, ShippingRecord, StoreSummary } from '../carts/store.js';
import { shippingLine } from '../orders/items.js';
import type { Line } from '../orders/records.js';
import { chosenMethod, groupByStore, methodsOf, rateOf, type ShippingChoice } from './groups.js';

/**
 * A cart's shipping quote (GET /sra_cart_content?calculate_shipping=A, pure): CS-Cart's `product_groups`, one per
 * store of the cart's products, each with its shipping methods and their rates, the chosen one, and the cart's
 * shipping cost. Each method is shown as an order's `shipping[]` item shows it (orders/items.ts `shippingLine`), so
 * a quote and the order placed from it agree field by field.
 */

/** Cart lines as order lines: one per product, amounts added (an order has no options). */
export function orderLinesOf(lines: CartLines): Line[] {
  const amounts = new Map<number, number>();
  for (const line of Object.values(lines))
    amounts.set(line.product_id, (amounts.get(line.product_id) ?? 0) + line.amount);
  return [...amounts].map(([productId, amount]) => ({ productId, amount }));
}

export interface ShippingQuote {
  productGroups: Array<Record<string, unknown>>;
  /** Group index → the chosen method's id (CS-Cart's `chosen_shipping`). */
  chosen: Record<string, number>;
  shippingCost: Big;
}

export function quoteShipping(
  lines: CartLines,
  products: ReadonlyMap<number, ProductRecord>,
  stores: ReadonlyMap<number, StoreSummary>,
  shippings: readonly ShippingRecord[],
  choice: ShippingChoice,
  pricedLines: Readonly<Record<string, Record<string, unknown> & { product_id: number }>>,
): ShippingQuote {
  const chosen: Record<string, number> = {};
  let shippingCost = new Big(0);
  const productGroups = groupByStore(orderLinesOf(lines), products).map((group, index) => {
    const name = stores.get(group.companyId)?.company ?? '';
    const methods = methodsOf(group.companyId, shippings);
    const shown = (method: ShippingRecord) => ({
      ...shippingLine(method, rateOf(group.lines, products, method), name),
      group_key: index,
    });
    const method = chosenMethod(index, methods, choice);
    if (method) {
      chosen[String(index)] = method.shipping_id;
      shippingCost = shippingCost.plus(rateOf(group.lines, products, method));
    }
    const ids = new Set(group.lines.map((line) => line.productId));
    return {
      name,
      company_id: group.companyId,
      products: Object.fromEntries(Object.entries(pricedLines).filter(([, line]) => ids.has(line.product_id))),
      shippings: Object.fromEntries(methods.map((m) => [String(m.shipping_id), shown(m)])),
      chosen_shippings: method ? [shown(method)] : [],
      all_free_shipping: group.lines.every((line) => products.get(line.productId)?.free_shipping === 'Y'),
      shipping_no_required: false,
    };
  });
  return { productGroups, chosen, shippingCost };
}
