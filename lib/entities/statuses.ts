import { defineEntity } from './define.js';
import { fixed, id, int, required, text, WRITABLE } from './field-builders.js';

/** O orders, S shipments, G gift certificates, R returns. */
export const STATUS_TYPES = ['O', 'S', 'G', 'R'] as const;

/**
 * Statuses (the recording's `statuses`): the id is the numeric `status_id`; `status` is the letter
 * orders carry, assigned on create (the first free letter of the type). `params.inventory` (`D`
 * decrease, `I` increase) says whether an order in that status holds stock: moving an order from a
 * D status to an I status gives its stock back, and the reverse takes it again.
 */
/**
 * The recorded keys of a status's `params` (the recording's statuses, "params (inside a status)"), all
 * strings: a status with params shows every one, those never set with these values.
 */
export const STATUS_PARAM_DEFAULTS: Readonly<Record<string, string>> = {
  allow_return: 'N',
  repay: 'N',
  gift_cert_status: '',
  inventory: 'D',
  color: '',
  remove_cc_info: 'Y',
  payment_received: 'N',
  is_editable_inventory: 'N',
  inventory_info: '',
};

export const statusesEntity = defineEntity({
  name: 'statuses',
  schema: {
    fields: {
      status_id: id(),
      status: fixed('string', ''),
      type: { kind: 'enum', values: STATUS_TYPES, writableOn: ['create'], default: 'O' },
      is_default: fixed('flag', 'N'),
      position: int(0),
      description: required({ kind: 'string', maxLength: 255, writableOn: WRITABLE }),
      email_subj: text('', 255),
      email_header: text('', 65_535),
      lang_code: fixed('string', 'en'),
      params: { kind: 'object', writableOn: WRITABLE, default: [], wire: 'raw' },
    },
    filters: { type: { kind: 'enum', values: STATUS_TYPES } },
  },
  http: {
    // The recording's exception: POST answers the new id as a string too.
    answers: { create: { status_id: 'string' }, update: { status_id: 'string' } },
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['manage_order_statuses'], write: ['manage_order_statuses'] },
  },
  storage: {
    indexes: ['type'],
    projected: ['type'],
    filterRules: { type: { field: 'type', op: 'eq' } },
  },
  // Create reads the letters its type uses (Query); a delete counts the orders in it (GetItem) and frees the letter.
  deployment: { domain: 'orders', functions: { create: { extra: ['Query'] } } },
});
