import type { RecordOf } from '../../db/entity-store.js';
import type { UserRecord } from '../../db/records.js';
import type { ordersEntity } from '../../entities/orders.js';
import type { paymentsEntity } from '../../entities/payments.js';
import type { productsEntity } from '../../entities/products.js';
import type { shippingsEntity } from '../../entities/shippings.js';
import type { statusesEntity } from '../../entities/statuses.js';
import type { SentOrderLine } from '../../http/order-lines-body.js';

/** An order, a product, a payment and a shipping method, an order status as stored: fields typed by their definitions. */
export type OrderRecord = RecordOf<typeof ordersEntity>;
export type ProductRecord = RecordOf<typeof productsEntity>;
export type PaymentRecord = RecordOf<typeof paymentsEntity>;
export type ShippingRecord = RecordOf<typeof shippingsEntity>;
export type StatusRecord = RecordOf<typeof statusesEntity>;
export type { UserRecord };

/** One product of an order and how many of it (as read from a body, lib/http/order-lines-body.ts). */
export type Line = SentOrderLine;

/** A line with the product record it names. */
export type ProductLine = Line & { product: ProductRecord };
