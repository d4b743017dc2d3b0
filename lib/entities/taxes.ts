import { defineEntity } from './define.js';
import { choice, flag, id, int, required, text, WRITABLE } from './field-builders.js';

/**
 * Taxes (the recording's `taxes`). `rates` (`{destination_id: {rate_value, rate_type P|F}}`) is accepted
 * on create and update and stored, but not shown: the recording's single object has no `rates` either.
 * CS-Cart's PUT quirk (404 "The Tax not found" when the body holds only the description `tax`) is not
 * kept: a PUT of an existing tax is a 200 whatever fields it changes (SPEC §10).
 */
export const taxesEntity = defineEntity({
  name: 'taxes',
  schema: {
    fields: {
      tax_id: id(),
      address_type: choice(['S', 'B'], 'S'),
      status: choice(['A', 'D'], 'A'),
      price_includes_tax: flag('N'),
      display_including_tax: flag('N'),
      display_info: text('', 255),
      regnumber: text('', 255),
      priority: int(0),
      tax: required({ kind: 'string', maxLength: 255, writableOn: WRITABLE }),
      rates: { kind: 'object', writableOn: WRITABLE, default: {}, shownIn: 'none' },
    },
  },
  http: {
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_taxes'], write: ['manage_taxes'] },
  },
  storage: {
    indexes: [],
  },
  deployment: { domain: 'settings' },
});
