import { defineEntity } from './define.js';
import { fixed, id, raw, text, WRITABLE } from './field-builders.js';

export const SHIPMENT_STATUSES = ['P', 'A', 'S'] as const;

/**
 * Shipments of orders (the recording's `shipments`). POST needs `order_id`, `shipping_id` and then
 * `carrier` or `tracking_number` (checked in that order, lib/operations/shipments.ts); the order and the
 * shipping method must exist (references). The customer's names, the order's time and the method's name
 * are copied from them on create. `products` is `{order item_id: amount}`, all of the order's lines when
 * absent. Afterwards only `tracking_number`, `status`, `comments` and `timestamp` change (other keys are
 * read-only, so ignored, SPEC §2). Deleting an order deletes its shipments, as CS-Cart does.
 */
export const shipmentsEntity = defineEntity({
  name: 'shipments',
  schema: {
    fields: {
      shipment_id: id(),
      shipment_timestamp: fixed('int', 0),
      comments: text('', 65_535),
      status: { kind: 'enum', values: SHIPMENT_STATUSES, writableOn: WRITABLE, default: 'P' },
      order_id: { kind: 'int', writableOn: ['create'], requiredOn: ['create'] },
      order_timestamp: fixed('int', 0),
      s_firstname: fixed('string', ''),
      s_lastname: fixed('string', ''),
      firstname: fixed('string', ''),
      lastname: fixed('string', ''),
      company: fixed('string', ''),
      user_id: fixed('int', 0),
      shipping_id: { kind: 'int', writableOn: ['create'], requiredOn: ['create'] },
      shipping: fixed('string', ''),
      tracking_number: text('', 255),
      carrier: { kind: 'string', maxLength: 128, writableOn: ['create'], default: '' },
      products: { kind: 'object', writableOn: ['create'], default: {}, wire: 'raw' },
      group_key: fixed('int', 0, 'both', 'number'),
      carrier_info: raw({ name: '', tracking_url: '' }),
      one_full: raw(false),
      // PUT's `timestamp` sets shipment_timestamp (CS-Cart's name for it on update).
      timestamp: { kind: 'int', writableOn: ['update'], shownIn: 'none' },
    },
    requiredOrder: ['order_id', 'shipping_id'],
    filters: {
      order_id: { kind: 'int' },
      status: { kind: 'enum', values: SHIPMENT_STATUSES },
    },
  },
  http: {
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_orders'], write: ['edit_order'] },
  },
  storage: {
    indexes: ['order_id', 'shipping_id', 'status'],
    projected: ['order_id', 'status', 'shipment_timestamp'],
    filterRules: {
      order_id: { field: 'order_id', op: 'eq' },
      status: { field: 'status', op: 'eq' },
    },
    sortRules: {
      order_id: { field: 'order_id', numeric: true },
      status: { field: 'status', numeric: false },
      shipment_date: { field: 'shipment_timestamp', numeric: true },
    },
    references: [
      { field: 'order_id', storage: 'order', message: 'The order_id field names an order that does not exist' },
      {
        field: 'shipping_id',
        storage: 'shipping',
        message: 'The shipping_id field names a shipping method that does not exist',
      },
    ],
  },
  // Create reads the order and the shipping method (GetItem).
  deployment: { domain: 'orders', functions: { create: { extra: ['GetItem'] } } },
});
