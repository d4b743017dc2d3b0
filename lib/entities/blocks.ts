import { defineEntity } from './define.js';
import { fixed, id, raw, text, WRITABLE } from './field-builders.js';

/**
 * Layout blocks (the recording's `blocks`). The collection is a bare JSON list of every block — no
 * wrapper, no params, no paging (`collection.shape` `list`), as CS-Cart answers it. `name` then `type`
 * are required on POST, `type` also on PUT; `company_id` is set on create only. Layouts and locations are
 * not modelled: `locations` is always `{}` and `availability` every device (JSON booleans, as CS-Cart's block manager builds it). Unlike the recorded CS-Cart
 * (which reads `content` back as ""), the content written is the content read.
 */
export const blocksEntity = defineEntity({
  name: 'blocks',
  schema: {
    fields: {
      block_id: id(),
      type: { kind: 'string', maxLength: 64, writableOn: WRITABLE, requiredOn: ['create', 'update'] },
      properties: { kind: 'object', writableOn: WRITABLE, default: [], wire: 'raw' },
      company_id: { kind: 'int', writableOn: ['create'], default: 0 },
      storefront_id: fixed('int', 1),
      lang_code: fixed('string', 'en'),
      name: { kind: 'string', maxLength: 255, writableOn: WRITABLE, requiredOn: ['create'] },
      content: text('', 65_535, 'single'),
      description: text('', 65_535, 'none'),
      availability: raw({ phone: true, tablet: true, desktop: true }, 'single'),
      locations: raw({}, 'list'),
    },
    requiredOrder: ['name', 'type'],
  },
  http: {
    companyOwned: true,
    collection: { shape: 'list' },
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['edit_blocks'], write: ['edit_blocks'] },
  },
  storage: {
    // company_id: a company that still owns blocks cannot be deleted (companies' dependents).
    indexes: ['company_id'],
    references: [
      { field: 'company_id', storage: 'company', message: 'The company_id field names a store that does not exist' },
    ],
  },
  deployment: { domain: 'content' },
});
