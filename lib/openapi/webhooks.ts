import { changeEventSchema } from '../entities/change-event-schema.js';
import type { ResourceDefinition } from '../entities/types.js';
import { eventEntities, MEMBERSHIPS } from '../webhooks/event-names.js';
import { representationSchema, type Schema } from './schemas.js';

/**
 * OpenAPI 3.1's top-level `webhooks`: one entry per event (`products.created`, …) a subscription can
 * receive, each a POST of a ChangeEvent (lib/entities/change-event.ts) whose `data.object` is the object as its
 * single GET shows it, with the Standard Webhooks headers. The payload schemas live in components, one per
 * entity, so the three actions of an entity share one.
 */
const ACTIONS = ['created', 'updated', 'deleted'] as const;

const schemaName = (entity: string): string =>
  `${entity.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase())}Event`;

const HEADERS = [
  {
    name: 'webhook-id',
    description:
      'The event id: the same on every attempt and redelivery; de-duplicate by it (delivery is at least once).',
  },
  {
    name: 'webhook-timestamp',
    description: 'Seconds since the epoch when this attempt was signed; refuse messages more than 5 minutes off.',
  },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64 bytes of the secret after `whsec_` (Standard Webhooks).',
  },
].map(({ name, description }) => ({ name, in: 'header', required: true, schema: { type: 'string' }, description }));

/** What `data.object` is: the entity's single GET representation; a membership as /users/:id/usergroups shows a link. */
function objectSchema(entity: ResourceDefinition | undefined): Schema {
  if (!entity)
    return { type: 'object', description: "A user's link to a usergroup (user_id, usergroup_id, link_id, status)." };
  return {
    ...representationSchema(entity, 'single'),
    description: 'The object as its single GET shows it; for a delete, its last state.',
  };
}

/** ChangeEvent (lib/entities/change-event-schema.ts, also GET /events' rows) narrowed to one entity's events. */
function eventSchema(name: string, entity: ResourceDefinition | undefined): Schema {
  const properties = changeEventSchema.properties as Record<string, Schema>;
  const data = properties.data as Schema & { properties: Record<string, Schema> };
  return {
    ...changeEventSchema,
    description: `A change of one ${name} object (docs/api.md "Webhooks").`,
    properties: {
      ...properties,
      type: { type: 'string', enum: ACTIONS.map((action) => `${name}.${action}`) },
      entity: { type: 'string', const: name },
      data: { ...data, properties: { ...data.properties, object: objectSchema(entity) } },
    },
  };
}

/** `webhooks` and the `components.schemas` its entries refer to. */
export function webhooksSection(): { webhooks: Record<string, unknown>; schemas: Record<string, Schema> } {
  const webhooks: Record<string, unknown> = {};
  const schemas: Record<string, Schema> = {};
  const sources: Array<[string, ResourceDefinition | undefined]> = [
    ...eventEntities().map((entity) => [entity.name, entity] as [string, ResourceDefinition]),
    [MEMBERSHIPS, undefined],
  ];
  for (const [entity, definition] of sources) {
    const name = schemaName(entity);
    schemas[name] = eventSchema(entity, definition);
    for (const action of ACTIONS) {
      webhooks[`${entity}.${action}`] = {
        post: {
          tags: ['webhooks'],
          operationId: `event_${entity}_${action}`,
          summary: `${entity}.${action}`,
          description:
            'Sent to every active subscription whose `events` name it (or `<entity>.*`, or `*`). Answer any 2xx within 10 s; anything else is retried for over 24 h.',
          parameters: HEADERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
          },
          responses: {
            '2XX': { description: 'Received; no more attempts.' },
            default: {
              description:
                'Not received: retried with back-off (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then failed.',
            },
          },
        },
      };
    }
  }
  return { webhooks, schemas };
}
