import type { EntityDefinition } from '../entities/types.js';
import { representationSchema, type Schema } from './schemas.js';

/**
 * OpenAPI 3.1's top-level `webhooks`: one entry per event (`products.created`, …) a subscription can
 * receive, each a POST of a ChangeEvent (lib/events/change-event.ts) whose `data.object` is the object as its
 * single GET shows it, with the Standard Webhooks headers. The payload schemas live in components, one per
 * entity, so the three actions of an entity share one.
 */
const ACTIONS = ['created', 'updated', 'deleted'] as const;

/** Entities whose records make events: those with a single object to show (not /version, nor the subscriptions themselves). */
const NO_EVENTS = new Set(['version', 'webhooks', 'auth']);

export const eventEntities = (entities: readonly EntityDefinition[]) =>
  entities.filter((entity) => !NO_EVENTS.has(entity.name) && entity.operations.includes('get'));

const schemaName = (entity: string) => `${entity.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase())}Event`;

const HEADERS = [
  { name: 'webhook-id', description: 'The event id: the same on every attempt and redelivery; de-duplicate by it (delivery is at least once).' },
  { name: 'webhook-timestamp', description: 'Seconds since the epoch when this attempt was signed; refuse messages more than 5 minutes off.' },
  {
    name: 'webhook-signature',
    description: 'Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64 bytes of the secret after `whsec_` (Standard Webhooks).',
  },
].map(({ name, description }) => ({ name, in: 'header', required: true, schema: { type: 'string' }, description }));

function eventSchema(entity: EntityDefinition): Schema {
  return {
    type: 'object',
    description: `A change of one ${entity.name} object (docs/api.md "Webhooks").`,
    properties: {
      id: { type: 'string', description: 'Unique per change; stable across retries.' },
      type: { type: 'string', enum: ACTIONS.map((action) => `${entity.name}.${action}`) },
      entity: { type: 'string', const: entity.name },
      action: { type: 'string', enum: [...ACTIONS] },
      object_id: { type: 'string' },
      company_id: { type: ['integer', 'null'], description: 'The owning company, for company-owned objects.' },
      created_at: { type: 'string', format: 'date-time', description: 'When the change was committed.' },
      data: {
        type: 'object',
        properties: {
          object: { ...representationSchema(entity, 'single'), description: 'The object as its single GET shows it; for a delete, its last state.' },
          changed_fields: { type: 'array', items: { type: 'string' }, description: 'Updates only: the fields whose value changed.' },
        },
        required: ['object'],
      },
    },
    required: ['id', 'type', 'entity', 'action', 'object_id', 'company_id', 'created_at', 'data'],
  };
}

/** `webhooks` and the `components.schemas` its entries refer to. */
export function webhooksSection(entities: readonly EntityDefinition[]): { webhooks: Record<string, unknown>; schemas: Record<string, Schema> } {
  const webhooks: Record<string, unknown> = {};
  const schemas: Record<string, Schema> = {};
  for (const entity of eventEntities(entities)) {
    const name = schemaName(entity.name);
    schemas[name] = eventSchema(entity);
    for (const action of ACTIONS) {
      webhooks[`${entity.name}.${action}`] = {
        post: {
          tags: ['webhooks'],
          operationId: `event_${entity.name}_${action}`,
          summary: `${entity.name}.${action}`,
          description: 'Sent to every active subscription whose `events` name it (or `<entity>.*`, or `*`). Answer any 2xx within 10 s; anything else is retried for over 24 h.',
          parameters: HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } },
          responses: { '2XX': { description: 'Received; no more attempts.' }, default: { description: 'Not received: retried with back-off (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then failed.' } },
        },
      };
    }
  }
  return { webhooks, schemas };
}
