import { defineEntity } from './define.js';
import { choice, decimal, fixed, flag, id, int, raw, required, text, WRITABLE } from './field-builders.js';

/**
 * Shipping methods (the recording's `shippings`). CS-Cart's rate tables per destination are not
 * modelled: a method has one flat `base_rate` (our extension, a decimal string), which an order
 * charges as `shipping_cost`.
 */
export const shippingsEntity = defineEntity({
  name: 'shippings',
  schema: {
    fields: {
      shipping_id: id(),
      company_id: int(0),
      destination: choice(['I', 'S', 'P'], 'I', 'single'),
      min_weight: decimal(3),
      max_weight: decimal(3),
      usergroup_ids: fixed('string', '0'),
      rate_calculation: choice(['M', 'R'], 'M', 'single'),
      service_id: int(0, 'single'),
      service_params: fixed('string', '', 'single'),
      localization: fixed('string', '', 'single'),
      tax_ids: { kind: 'intList', writableOn: WRITABLE, default: [], wire: { list: 'csv', single: 'stringList' } },
      position: int(0),
      status: choice(['A', 'D'], 'A'),
      free_shipping: flag('N', 'single'),
      is_address_required: flag('Y', 'single'),
      shipping: required({ kind: 'string', maxLength: 255, writableOn: WRITABLE }),
      description: text('', 65_535, 'single'),
      delivery_time: text('', 64),
      allow_multiple_locations: raw(true, 'single'),
      icon: raw([], 'single'),
      rates: raw({}, 'single'),
      storefront_ids: fixed('string', '1', 'single'),
      storefront_owner_id: fixed('int', 1, 'single', 'number'),
      company_name: fixed('string', '', 'list'),
      storefront_id: fixed('string', '1', 'list'),
      base_rate: decimal(2, 'single'),
    },
    filters: { status: { kind: 'enum', values: ['A', 'D'] } },
  },
  http: {
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_shipping'], write: ['manage_shipping'] },
  },
  storage: {
    indexes: ['status'],
    projected: ['status'],
    filterRules: { status: { field: 'status', op: 'eq' } },
    sortRules: { position: { field: 'position', numeric: true }, name: { field: 'shipping', numeric: false } },
    references: [
      { field: 'company_id', storage: 'company', message: 'The company_id field names a store that does not exist' },
    ],
    dependents: [
      {
        storage: 'order',
        index: 'shipping_ids',
        message: 'Orders were shipped with this shipping method; it cannot be deleted',
      },
      {
        storage: 'shipment',
        index: 'shipping_id',
        message: 'Shipments were sent with this shipping method; it cannot be deleted',
      },
    ],
  },
  deployment: { domain: 'orders' },
});
