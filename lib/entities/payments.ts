import { defineEntity } from './define.js';
import { choice, decimal, fixed, id, int, raw, required, text, WRITABLE } from './field-builders.js';

/**
 * Payment methods (the recording's `payments`). `a_surcharge` (absolute) and `p_surcharge` (percent of
 * the subtotal) are added to an order's total as `payment_surcharge`.
 */
export const paymentsEntity = defineEntity({
  name: 'payments',
  schema: {
    fields: {
      payment_id: id(),
      company_id: int(0),
      usergroup_ids: fixed('string', '0'),
      position: int(0),
      status: choice(['A', 'D'], 'A'),
      template: text('', 255),
      processor_id: int(0),
      processor_params: text('', 65_535),
      a_surcharge: decimal(3),
      p_surcharge: decimal(3),
      tax_ids: { kind: 'intList', writableOn: WRITABLE, default: [], wire: { list: 'csv', single: 'stringList' } },
      localization: fixed('string', ''),
      payment_category: choice(['tab1', 'tab2', 'tab3'], 'tab1'),
      payment: required({ kind: 'string', maxLength: 255, writableOn: WRITABLE }),
      description: text('', 65_535),
      instructions: text('', 65_535),
      surcharge_title: text('', 255),
      lang_code: fixed('string', 'en'),
      processor: raw(null, 'single'),
      processor_type: raw(null),
      processor_status: { kind: 'string', default: '', wire: { list: 'string', single: 'null' } },
      image: raw([], 'single'),
      storefront_ids: fixed('string', '1', 'single'),
      storefront_owner_id: fixed('int', 1, 'single', 'number'),
      processor_script: raw(null, 'list'),
    },
    filters: { status: { kind: 'enum', values: ['A', 'D'] } },
  },
  http: {
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_payments'], write: ['manage_payments'] },
  },
  storage: {
    indexes: ['status'],
    projected: ['status'],
    filterRules: { status: { field: 'status', op: 'eq' } },
    sortRules: { position: { field: 'position', numeric: true }, name: { field: 'payment', numeric: false } },
    references: [
      { field: 'company_id', storage: 'company', message: 'The company_id field names a store that does not exist' },
    ],
    dependents: [
      {
        storage: 'order',
        index: 'payment_id',
        message: 'Orders were paid with this payment method; it cannot be deleted',
      },
    ],
  },
  deployment: { domain: 'orders' },
});
