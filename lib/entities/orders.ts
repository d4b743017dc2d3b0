import { defineEntity } from './define.js';
import { fixed, id, raw, type SpecOf, single, WRITABLE } from './field-builders.js';
import { shipmentsEntity } from './shipments.js';
import type { FieldSpec } from './types.js';

/** The parts of both addresses of an order: `b_` billing, `s_` shipping. */
export const ORDER_ADDRESS_PARTS = [
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
] as const;
/** Named by their parts, so an order's record type has each (`s_firstname`, a string). */
const addressFields = <P extends 'b_' | 's_'>(prefix: P) =>
  Object.fromEntries(
    ORDER_ADDRESS_PARTS.map((part) => [
      `${prefix}${part}`,
      { kind: 'string', maxLength: 128, default: '', shownIn: 'single' } satisfies FieldSpec,
    ]),
  ) as Record<`${P}${(typeof ORDER_ADDRESS_PARTS)[number]}`, SpecOf<'string'>>;

const str = (def = ''): SpecOf<'string'> => ({ kind: 'string', default: def });

/**
 * Orders (SPEC §10; the recording's `orders`). Computed, never trusted: line prices come from the
 * products, totals from the lines (decimal arithmetic), shipping from the shipping method, the
 * surcharge from the payment method; stock is taken in the same transaction (lib/operations/orders/).
 * Only `status` (a status of type O), `notes` and `details` change afterwards.
 */
export const ordersEntity = defineEntity({
  name: 'orders',
  schema: {
    fields: {
      order_id: id(),
      is_parent_order: fixed('flag', 'N'),
      parent_order_id: fixed('int', 0),
      company_id: { kind: 'int' },
      issuer_id: raw(null),
      user_id: { kind: 'int' },
      total: { kind: 'decimal', places: 2 },
      subtotal: single({ kind: 'decimal', places: 2, wire: 'number' }),
      discount: single({ kind: 'int', default: 0, wire: 'number' }),
      subtotal_discount: single({ kind: 'int', default: 0, wire: 'number' }),
      payment_surcharge: single({ kind: 'decimal', places: 2, wire: 'number' }),
      shipping_ids: single({ kind: 'intList', wire: 'csv' }),
      shipping_cost: single({ kind: 'decimal', places: 2 }),
      timestamp: { kind: 'int' },
      status: { kind: 'string', writableOn: ['update'], default: 'O' },
      notes: single({ kind: 'string', maxLength: 65_535, writableOn: WRITABLE, default: '' }),
      details: single({ kind: 'string', maxLength: 65_535, writableOn: WRITABLE, default: '' }),
      promotions: single(raw([])),
      promotion_ids: single(str()),
      firstname: str(),
      lastname: str(),
      company: str(),
      ...addressFields('b_'),
      ...addressFields('s_'),
      s_address_type: single(str()),
      phone: str(),
      fax: single(str()),
      url: single(str()),
      email: str(),
      payment_id: single({ kind: 'int' }),
      tax_exempt: single(fixed('flag', 'N')),
      lang_code: single(str('en')),
      ip_address: single(str()),
      repaid: single(fixed('int', 0)),
      validation_code: single(str()),
      localization_id: single(fixed('int', 0)),
      profile_id: single({ kind: 'int', default: 0 }),
      storefront_id: fixed('int', 1),
      updated_at: single({ kind: 'int', default: 0 }),
      payment_method: single(raw({})),
      fields: single(raw([])),
      products: single(raw({})),
      taxes: single(raw({})),
      tax_subtotal: single({ kind: 'int', default: 0, wire: 'number' }),
      display_shipping_cost: single({ kind: 'decimal', places: 2 }),
      profile_update_timestamp: single(str()),
      is_root: single(str()),
      last_activity: single(str()),
      birthday: single(str()),
      purchase_timestamp_from: single(str()),
      purchase_timestamp_to: single(str()),
      responsible_email: single(str()),
      password_change_timestamp: single(str()),
      api_key: single(str()),
      helpdesk_user_id: single(str()),
      janrain_identifier: single(str()),
      b_country_descr: single(str()),
      s_country_descr: single(str()),
      b_state_descr: single(str()),
      s_state_descr: single(str()),
      need_shipping: single(raw(true)),
      shipping: single(raw([])),
      shipment_ids: single(raw([])),
      shipping_tax_value: single({ kind: 'int', default: 0, wire: 'number' }),
      secondary_currency: single(str('USD')),
      user_type: single(str('C')),
      display_subtotal: single({ kind: 'decimal', places: 2, wire: 'number' }),
      payment_info: single(raw([])),
      product_groups: single(raw([])),
      doc_ids: single(raw([])),
      points_info: single(raw({ is_gain: 'N' })),
      issuer_name: raw(null, 'list'),
      issuer_email: raw(null, 'list'),
      invoice_id: raw(null, 'list'),
      credit_memo_id: raw(null, 'list'),
      points: raw(null, 'list'),
      /** Hidden: the lines' product ids, and the order's products with amounts (for stock on status changes). */
      product_ids: { kind: 'intList', shownIn: 'none' },
      email_lc: { kind: 'string', shownIn: 'none' },
      /** Hidden: a parent order's children (a storefront checkout of several stores, lib/operations/checkout/). */
      child_order_ids: { kind: 'intList', shownIn: 'none' },
    },
    filters: {
      status: { kind: 'string', maxLength: 1 },
      user_id: { kind: 'int' },
      company_id: { kind: 'int' },
      email: { kind: 'string', maxLength: 128 },
      period: { kind: 'enum', values: ['A', 'D', 'LD', 'W', 'LW', 'M', 'LM', 'Y', 'LY', 'HH', 'HW', 'HM', 'C'] },
      time_from: { kind: 'string', maxLength: 32 },
      time_to: { kind: 'string', maxLength: 32 },
      total_from: { kind: 'decimal', places: 2 },
      total_to: { kind: 'decimal', places: 2 },
    },
  },
  http: {
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: {
      read: ['view_orders'],
      write: ['edit_order'],
      create: ['create_order'],
      update: ['edit_order'],
      delete: ['delete_orders'],
    },
    vendorAccess: true,
    vendorScoped: true,
    companyOwned: true,
  },
  storage: {
    idBlock: 10, // one counter write per 10 creates (docs/data-model.md "Id blocks and count shards")
    shardedPartitions: true, // no index, sort or text partition takes every order write (docs/data-model.md "Partition shards")
    indexes: ['status', 'user_id', 'company_id', 'payment_id', 'shipping_ids', 'product_ids', 'email_lc'],
    // A customer's orders (by id or e-mail) are a page or two: counted by a keys-only COUNT of the partition
    // when listed, instead of a count update (2 write units) per order. No list reads the products' partitions.
    // The company, payment and shipping counts stay: their deletes are guarded by them.
    uncounted: ['user_id', 'email_lc', 'product_ids'],
    unshardedSince: { user_id: 8 }, // a customer's orders: one Query, not 8 (lib/db/partition-shards.ts)
    // No list reads the payment, shipping or product partitions: from layout 6 an order writes only the payment
    // and shipping counts their deletes are guarded by, and nothing for its products (2 write units each saved).
    // From layout 7 the status and e-mail filters read the status and e-mail sort items (whose keys begin with the
    // value, then the id): no index items of their own, the status count kept (1 write unit each saved).
    countOnlySince: { payment_id: 6, shipping_ids: 6, product_ids: 6, status: 7, email_lc: 7 },
    // The e-mail index came with item layout 2: a table written before reads it once migrated (lib/db/layout.ts).
    indexSince: { email_lc: 2 },
    // The customer-name sort items came with item layout 3 (sorted in memory before).
    sortSince: { customer: 3 },
    // A vendor's lists read its own copies of these (IDX#order@<company>#…, SORT#order@<company>#…): its
    // statuses, a customer's e-mail, and dates (the default order). A vendor's other sorts read the global
    // sort partition, judging the company on each item: few enough for what an order costs to write.
    companyScoped: ['status', 'email_lc', 'date'],
    // A parent order (a storefront checkout of several stores) is read by id only: CS-Cart's fn_get_orders lists
    // the stores' orders, never their parent (`is_parent_order != 'Y'`), for an administrator and a customer alike.
    unlisted: { field: 'is_parent_order', value: 'Y' },
    projected: ['status', 'user_id', 'company_id', 'email_lc', 'timestamp', 'total'],
    filterRules: {
      status: { field: 'status', op: 'eq' },
      user_id: { field: 'user_id', op: 'eq' },
      company_id: { field: 'company_id', op: 'eq' },
      email: { field: 'email_lc', op: 'eq' },
      total_from: { field: 'total', op: 'gte' },
      total_to: { field: 'total', op: 'lte' },
    },
    sortRules: {
      date: { field: 'timestamp', numeric: true },
      total: { field: 'total', numeric: true },
      status: { field: 'status', numeric: false },
      email: { field: 'email_lc', numeric: false },
      customer: { field: 'lastname', numeric: false },
    },
  },
  docs: {
    bodySchemas: {
      create: {
        type: 'object',
        description:
          'user_id (or user_data for a guest), payment_id, products and shipping_id are required, checked in that order. Prices and totals are computed; any sent are ignored.',
        properties: {
          user_id: { type: ['integer', 'string'] },
          user_data: {
            type: 'object',
            properties: { email: { type: 'string', format: 'email' } },
            description: 'A guest: email, firstname, lastname, b_*/s_* address fields.',
          },
          payment_id: { type: ['integer', 'string'] },
          shipping_id: { type: ['integer', 'string'] },
          shipping_ids: { type: ['array', 'string'] },
          products: {
            type: ['object', 'array'],
            description:
              '{"<cart id>": {"product_id": N, "amount": K}}, a list of {product_id, amount}, or {"<product_id>": K}. Products of one company; at most 100.',
          },
          notes: { type: 'string' },
        },
        required: ['payment_id', 'products'],
      },
      update: {
        type: 'object',
        description: 'Only status (a status of type O), notes and details change.',
        properties: {
          status: { type: 'string', maxLength: 1 },
          notes: { type: 'string' },
          details: { type: 'string' },
        },
      },
    },
    answerSchemas: {
      create: {
        type: 'object',
        properties: { order_id: { type: 'integer' }, order_data: { type: 'object' } },
        required: ['order_id', 'order_data'],
      },
    },
  },
  nested: {
    // The order's shipments (lib/operations/shipments.ts); deleting the order deletes them.
    shipments: {
      name: 'shipments',
      schema: {
        fields: {},
        filters: { status: shipmentsEntity.schema.filters!.status! },
      },
      http: {
        operations: ['list'],
        privileges: shipmentsEntity.http.privileges,
        collection: { shape: 'wrapped', key: 'shipments', rowsOf: shipmentsEntity },
      },
      docs: {
        sortKeys: ['id', ...Object.keys(shipmentsEntity.storage.sortRules ?? {})],
      },
    },
  },
  // Create reads the customer, the payment and shipping methods and the products, and takes stock in its
  // transaction; status changes read the order statuses (Query) and move stock; a delete also deletes its
  // shipments and discussion posts (Query, then their deletes).
  deployment: {
    domain: 'orders',
    functions: {
      create: { extra: ['GetItem'] },
      update: { extra: ['Query'] },
      delete: { extra: ['Query'] },
      'shipments.list': { handler: 'functions/orders/shipments' },
    },
  },
});
