import { storefrontReadEntity } from './storefront-read-entity.js';

/**
 * The order statuses a shopper's app names (the add-on's `SraOrderStatuses`): `GET /api/4.0/sra_order_statuses`,
 * an object keyed by the status letter, each `{status, description, color}`.
 */
export const sraOrderStatusesEntity = storefrontReadEntity({
  name: 'sra_order_statuses',
  operations: ['list'],
  answer: {
    type: 'object',
    additionalProperties: {
      type: 'object',
      properties: { status: { type: 'string' }, description: { type: 'string' }, color: { type: 'string' } },
      required: ['status', 'description', 'color'],
    },
  },
  access: ['Query', 'BatchGetItem'], // the statuses of type O: a Query of that index (and BatchGetItem of the records)
});
