import { CHANGE_ACTIONS as ACTIONS } from './change-event.js';

type Schema = Record<string, unknown>;

/**
 * One change event (lib/entities/change-event.ts) as GET /events pages carry it: `components.schemas.ChangeEvent`
 * of the OpenAPI document, so every description of an event payload names the same schema.
 */
export const changeEventSchema: Schema = {
  type: 'object',
  description:
    "One committed change of an entity record, from the table's stream. Delivered at least once: the same change always has the same `id`, so a receiver de-duplicates by it.",
  properties: {
    id: {
      type: 'string',
      pattern: '^evt_[0-9a-f]{32}$',
      description: 'Stable for one change: a redelivery carries the same id.',
    },
    type: {
      type: 'string',
      pattern: `^[a-z_]+\\.(${ACTIONS.join('|')})$`,
      description: '`<entity>.<action>`, e.g. `products.updated`.',
    },
    entity: { type: 'string', description: "The entity's API name (`products`, `orders`, `users`, `memberships`, …)." },
    action: { type: 'string', enum: [...ACTIONS] },
    object_id: {
      type: 'string',
      description: "The id in the object's GET path (memberships: `<user_id>/<usergroup_id>`).",
    },
    company_id: {
      type: ['integer', 'null'],
      description: 'The owning company of company-owned objects (products, orders, …); null otherwise.',
    },
    created_at: {
      type: 'string',
      format: 'date-time',
      description: "When the change was committed (the stream's approximate time, to the second).",
    },
    data: {
      type: 'object',
      properties: {
        object: { type: 'object', description: 'The object as its single GET shows it; for a delete, its last state.' },
        changed_fields: {
          type: 'array',
          items: { type: 'string' },
          description: 'Updates only: the fields whose shown value changed.',
        },
      },
      required: ['object'],
    },
  },
  required: ['id', 'type', 'entity', 'action', 'object_id', 'company_id', 'created_at', 'data'],
};

/** A page of GET /events. */
export const eventsPageSchema: Schema = {
  type: 'object',
  properties: {
    events: { type: 'array', items: { $ref: '#/components/schemas/ChangeEvent' } },
    params: {
      type: 'object',
      properties: {
        type: { type: 'string' },
        entity: { type: 'string' },
        items_per_page: { type: 'integer' },
        next: {
          type: 'string',
          description: 'Always a cursor: pass it as `?cursor=` to continue after this page (keep it to resume later).',
        },
        has_more: {
          type: 'boolean',
          description: 'true: the page is full, ask again at once; false: the walk reached the present.',
        },
      },
      required: ['items_per_page', 'next', 'has_more'],
    },
  },
  required: ['events', 'params'],
};
