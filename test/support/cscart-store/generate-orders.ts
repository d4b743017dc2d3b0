/**
 * The CS-Cart double's orders (generate.ts): 1–3 lines each, some naming products deleted since (CS-Cart keeps such
 * a line with `deleted_product`), totals from the lines plus shipping in decimal arithmetic; shipments of every 4th
 * order; reviews on every 7th product and one on the store; two call requests.
 */
import Big from 'big.js';
import { ORDER_STATUSES } from './generate-settings.js';
import type { CsRow } from './shapes.js';
import { money, oddIds } from './values.js';

export interface OrderContext {
  tables: Map<string, Map<string, CsRow>>;
  put: (entity: 'orders' | 'shipments' | 'discussions' | 'call_requests', id: number, row: CsRow) => void;
  now: number;
  orderCount: number;
  customerIds: number[];
  liveIds: number[];
  deleted: ReadonlySet<number>;
  priceOf: (productId: number) => string;
  productName: (productId: number) => string;
}

export function putOrdersAndReviews(context: OrderContext): void {
  const { tables, put, now, orderCount, customerIds, liveIds, deleted, priceOf, productName } = context;
  // Orders: 1–3 lines each, some naming products deleted since; totals from the lines plus shipping (decimal).
  const orderIds = oddIds(97, orderCount);
  const deletedIds = [...deleted];
  orderIds.forEach((orderId, i) => {
    const userId = customerIds[i % customerIds.length]!;
    const customer = tables.get('users')!.get(String(userId))!;
    const lineCount = 1 + (i % 3);
    const lines: Record<string, CsRow> = {};
    let subtotal = new Big(0);
    for (let n = 0; n < lineCount; n++) {
      const productId =
        n === 0 && i % 5 === 2 && deletedIds.length > 0
          ? deletedIds[i % deletedIds.length]!
          : liveIds[(i * 3 + n * 7) % liveIds.length]!;
      const amount = 1 + ((i + n) % 3);
      const price = priceOf(productId);
      const itemId = String(1_000_000 + orderId * 10 + n);
      const lineTotal = new Big(price).times(amount);
      subtotal = subtotal.plus(lineTotal);
      lines[itemId] = {
        item_id: itemId,
        order_id: String(orderId),
        product_id: String(productId),
        product_code: `SKU-${String(productId).padStart(6, '0')}`,
        price,
        amount: String(amount),
        extra: { product: productName(productId) },
        product: productName(productId),
        product_status: 'A',
        deleted_product: deleted.has(productId),
        company_id: '1',
        base_price: Number(price),
        original_price: Number(price),
        cart_id: itemId,
        subtotal: Number(lineTotal.toFixed(2)),
        display_subtotal: Number(lineTotal.toFixed(2)),
        shipment_amount: String(amount),
      };
    }
    const shippingCost = money(500 + (i % 4) * 250);
    const placed = now - (orderIds.length - i) * 3600;
    put('orders', orderId, {
      order_id: String(orderId),
      is_parent_order: 'N',
      parent_order_id: '0',
      company_id: '1',
      user_id: String(userId),
      total: subtotal.plus(shippingCost).toFixed(2),
      subtotal: Number(subtotal.toFixed(2)),
      display_subtotal: Number(subtotal.toFixed(2)),
      shipping_ids: i % 2 ? '4' : '1',
      shipping_cost: shippingCost,
      display_shipping_cost: shippingCost,
      timestamp: String(placed),
      updated_at: String(placed + 600),
      status: ORDER_STATUSES[i % 3]!,
      firstname: customer.firstname,
      lastname: customer.lastname,
      b_firstname: customer.firstname,
      b_lastname: customer.lastname,
      b_address: `${orderId} Main Street`,
      b_city: 'Boston',
      b_state: 'MA',
      b_country: 'US',
      b_zipcode: '02125',
      s_firstname: customer.firstname,
      s_lastname: customer.lastname,
      s_address: `${orderId} Main Street`,
      s_city: 'Boston',
      s_state: 'MA',
      s_country: 'US',
      s_zipcode: '02125',
      phone: customer.phone,
      email: customer.email,
      payment_id: String([1, 2, 5][i % 3]),
      lang_code: 'en',
      ip_address: '127.0.0.1',
      profile_id: String(userId),
      storefront_id: '1',
      user_type: 'C',
      secondary_currency: 'USD',
      need_shipping: true,
      products: lines,
      shipment_ids: [],
    });
    // Every 4th order has been shipped.
    if (i % 4 === 1) {
      const shipmentId = 1 + Math.floor(i / 4) * 2;
      put('shipments', shipmentId, {
        shipment_id: String(shipmentId),
        shipment_timestamp: String(placed + 86_400),
        comments: '',
        status: 'S',
        order_id: String(orderId),
        order_timestamp: String(placed),
        s_firstname: customer.firstname,
        s_lastname: customer.lastname,
        firstname: customer.firstname,
        lastname: customer.lastname,
        user_id: String(userId),
        shipping_id: i % 2 ? '4' : '1',
        shipping: i % 2 ? 'Courier' : 'Custom shipping method',
        tracking_number: `TRACK-${orderId}`,
        carrier: 'usps',
        products: Object.fromEntries(Object.values(lines).map((line) => [line.item_id as string, line.amount])),
        carrier_info: { name: 'USPS', tracking_url: '' },
        one_full: true,
      });
      tables.get('orders')!.get(String(orderId))!.shipment_ids = [String(shipmentId)];
    }
  });

  // Reviews on every 7th product, one on the store; call requests.
  let postId = 18;
  liveIds.forEach((id, i) => {
    if (i % 7 !== 0) return;
    put('discussions', postId, {
      post_id: String(postId),
      thread_id: String(100 + i),
      name: `Reviewer ${i}`,
      timestamp: String(now - i * 600),
      user_id: '0',
      ip_address: '10.0.0.1',
      status: 'A',
      message: `Nice product ${id}`,
      rating_value: String(1 + (i % 5)),
      object_id: String(id),
      object_type: 'P',
      type: 'B',
      company_id: '1',
    });
    postId += 2;
  });
  put('discussions', postId, {
    post_id: String(postId),
    thread_id: '1',
    name: 'Alex',
    timestamp: String(now),
    user_id: '0',
    status: 'A',
    message: 'Great shop',
    rating_value: '5',
    object_id: '0',
    object_type: 'E',
    type: 'B',
    company_id: '1',
  });
  for (const id of [1, 4])
    put('call_requests', id, {
      request_id: String(id),
      company_id: '1',
      order_id: '0',
      user_id: String(customerIds[0]),
      product_id: String(liveIds[0]),
      timestamp: String(now - id * 1000),
      status: 'new',
      name: `Caller ${id}`,
      phone: `+1555000000${id}`,
      time_from: '10:00',
      time_to: '12:00',
      notes: '',
      cart_products: '',
      responsible: [],
    });
}
