import { defineEntity } from './define.js';
import { choice, fixed, id, int, raw, text, WRITABLE } from './field-builders.js';

export const CALL_REQUEST_STATUSES = ['new', 'in_progress', 'completed', 'no_answer'] as const;

/**
 * Call requests (the recording's `call_requests`, add-on call_requests): a customer asks to be called
 * back. `phone` or `email` is required (the message names phone, lib/operations/call-requests.ts);
 * `product_id` and `order_id`, when sent, must name existing records. `email` is stored but, as in the
 * recording, not shown. `order_status` and `product` keep the recording's null.
 */
export const callRequestsEntity = defineEntity({
  name: 'call_requests',
  schema: {
    idField: 'request_id',
    fields: {
      request_id: id(),
      // The store it belongs to; dropped on update, as in CS-Cart.
      company_id: { kind: 'int', writableOn: ['create'], default: 0 },
      order_id: int(0),
      user_id: int(0),
      product_id: int(0),
      timestamp: fixed('int', 0),
      status: choice(CALL_REQUEST_STATUSES, 'new'),
      name: text('', 128),
      phone: text('', 128),
      email: { kind: 'email', maxLength: 128, writableOn: WRITABLE, default: '', shownIn: 'none' },
      time_from: text('', 16),
      time_to: text('', 16),
      notes: text('', 65_535),
      cart_products: fixed('string', ''),
      order_status: raw(null),
      product: raw(null),
      responsible: raw({}),
    },
    filters: {
      status: { kind: 'enum', values: CALL_REQUEST_STATUSES },
      user_id: { kind: 'int' },
      name: { kind: 'string', maxLength: 128 },
      phone: { kind: 'string', maxLength: 128 },
    },
  },
  http: {
    companyOwned: true,
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_call_requests'], write: ['manage_call_requests'] },
  },
  storage: {
    // company_id: a company that still has call requests cannot be deleted (companies' dependents).
    indexes: ['status', 'user_id', 'company_id'],
    projected: ['status', 'user_id', 'name', 'phone'],
    filterRules: {
      status: { field: 'status', op: 'eq' },
      user_id: { field: 'user_id', op: 'eq' },
      name: { field: 'name', op: 'contains' },
      phone: { field: 'phone', op: 'contains' },
    },
    sortRules: {
      date: { field: 'timestamp', numeric: true },
      status: { field: 'status', numeric: false },
      name: { field: 'name', numeric: false },
    },
    references: [
      { field: 'company_id', storage: 'company', message: 'The company_id field names a store that does not exist' },
      { field: 'product_id', storage: 'product', message: 'The product_id field names a product that does not exist' },
      { field: 'order_id', storage: 'order', message: 'The order_id field names an order that does not exist' },
    ],
  },
  deployment: { domain: 'content' },
});
