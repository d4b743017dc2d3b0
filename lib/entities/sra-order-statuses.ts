import type { EntityDefinition } from './types.js';

/**
 * The order statuses a shopper's app names (the add-on's `SraOrderStatuses`): `GET /api/4.0/sra_order_statuses`,
 * an object keyed by the status letter, each `{status, description, color}`.
 */
export const sraOrderStatusesEntity: EntityDefinition = {
  name: 'sra_order_statuses',
  schema: { fields: {} },
  http: {
    operations: ['list'],
    privileges: 'none',
    storefrontAccess: 'anyone',
    collection: {
      shape: 'object',
      schema: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          properties: { status: { type: 'string' }, description: { type: 'string' }, color: { type: 'string' } },
          required: ['status', 'description', 'color'],
        },
      },
    },
  },
  // The statuses of type O: a Query of that index (and BatchGetItem of the records).
  deployment: { domain: 'shoppers', functions: { list: { access: ['Query', 'BatchGetItem'] } } },
};
