import { defineEntity } from './define.js';
import { choice, id, int, required, text, WRITABLE } from './field-builders.js';
import type { ResourceDefinition } from './types.js';

/**
 * Webhooks (issue 20; not a CS-Cart entity): subscriptions that receive the change events (lib/events) as
 * signed HTTP POSTs (lib/webhooks, docs/api.md "Webhooks"). Root-only by default, like the other
 * administrative things of SPEC §5: `view_webhooks` / `manage_webhooks` may be granted to a group.
 *
 * `events` is a JSON array of event names (`orders.created`), `<entity>.*` or `*`. `company_id` (0: every
 * company) binds the subscription to one company: it then receives only events of that company's objects.
 * `secret` (the `whsec_…` signing key) is stored but never shown after the POST that created it.
 * `status` D stops deliveries; the service sets it itself, with `disabled_reason`, when an endpoint keeps failing.
 */
/** One delivery of one event to one webhook, with every attempt (lib/operations/webhooks.ts presentDelivery). */
const DELIVERY_SCHEMA = {
  type: 'object',
  properties: {
    event_id: { type: 'string', description: 'The event id, sent as `webhook-id` on every attempt.' },
    event_type: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'succeeded', 'failed'] },
    created_at: { type: 'string', format: 'date-time' },
    next_attempt_at: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'While pending: when the next attempt is due.',
    },
    attempts: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          at: { type: 'string', format: 'date-time' },
          response_code: { type: 'integer', description: "The receiver's HTTP status; 0 when it did not answer." },
          error: { type: ['string', 'null'] },
          duration_ms: { type: 'integer' },
        },
        required: ['at', 'response_code', 'error', 'duration_ms'],
      },
    },
  },
  required: ['event_id', 'event_type', 'status', 'created_at', 'next_attempt_at', 'attempts'],
};

const deliveries: ResourceDefinition = {
  name: 'deliveries',
  schema: {
    idField: 'event_id',
    fields: {
      event_id: { kind: 'string', maxLength: 128, requiredOn: ['create'], writableOn: ['create'] },
    },
  },
  http: {
    // POST …/deliveries {"event_id"} sends a delivery again (a redelivery of a failed one).
    operations: ['list', 'create'],
    privileges: { read: ['view_webhooks'], write: ['manage_webhooks'] },
    answers: { create: { event_id: 'string' } },
    collection: { shape: 'wrapped', key: 'deliveries' },
  },
  docs: {
    answerSchemas: {
      list: {
        type: 'object',
        properties: {
          deliveries: { type: 'array', items: DELIVERY_SCHEMA },
          params: { type: 'object', properties: { items_per_page: { type: 'integer' } }, required: ['items_per_page'] },
        },
        required: ['deliveries', 'params'],
        description: 'Newest first; `items_per_page` (1 to 250, default 50) of the last 30 days.',
      },
      create: {
        type: 'object',
        properties: { event_id: { type: 'string' }, delivery: DELIVERY_SCHEMA },
        required: ['event_id', 'delivery'],
        description: 'The delivery after its first new attempt (a failed one is retried on the schedule again).',
      },
    },
  },
};

export const webhooksEntity = defineEntity({
  name: 'webhooks',
  schema: {
    fields: {
      webhook_id: id('number'),
      url: required({ kind: 'string', maxLength: 2048, writableOn: WRITABLE }),
      events: required({ kind: 'object', writableOn: WRITABLE, default: [], wire: 'raw' }),
      status: choice(['A', 'D'], 'A'),
      company_id: { ...int(0), wire: 'number' },
      description: text('', 255),
      disabled_reason: { kind: 'string', default: '' },
      secret: { kind: 'string', default: '', shownIn: 'none' },
      // Secret rotation (PUT {"rotate_secret": "Y"}): the new secret is in that answer only; the one it replaced keeps
      // signing beside it until `previous_secret_expires_at` (lib/webhooks/secret-rotation.ts).
      rotate_secret: { kind: 'flag', writableOn: ['update'], default: 'N', shownIn: 'none' },
      previous_secret: { kind: 'string', default: '', shownIn: 'none' },
      previous_secret_expires_at: { kind: 'int', default: 0, wire: 'number' },
      timestamp: { kind: 'int', default: 0, wire: 'number' },
      updated_timestamp: { kind: 'int', default: 0, wire: 'number' },
    },
    filters: { status: choice(['A', 'D'], 'A') },
  },
  http: {
    answers: { create: { webhook_id: 'integer' }, update: { webhook_id: 'integer' } },
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_webhooks'], write: ['manage_webhooks'] },
  },
  storage: {
    filterRules: { status: { field: 'status', op: 'eq' } },
    indexes: ['status'],
    references: [{ field: 'company_id', storage: 'company', message: 'The company_id field names no store or vendor' }],
  },
  docs: {
    answerSchemas: {
      create: {
        type: 'object',
        properties: {
          webhook_id: { type: 'integer' },
          secret: { type: 'string', pattern: '^whsec_', description: 'The signing secret: shown only in this answer.' },
        },
        required: ['webhook_id', 'secret'],
        description: 'At most 50 webhooks per store and 10 bound to one company (company_id); one more is a 400.',
      },
      update: {
        type: 'object',
        properties: {
          webhook_id: { type: 'integer' },
          secret: {
            type: 'string',
            pattern: '^whsec_',
            description:
              'Only with `rotate_secret` Y: the new signing secret, shown only in this answer. The previous secret keeps signing beside it (two `v1,` signatures in `webhook-signature`) for 24 hours, until `previous_secret_expires_at`.',
          },
        },
        required: ['webhook_id'],
      },
    },
  },
  nested: { deliveries },
  deployment: {
    domain: 'webhooks',
    functions: {
      // The webhook (GetItem), then a Query of its delivery partition (lib/db/webhook-deliveries.ts).
      'deliveries.list': { access: ['GetItem', 'Query'] },
      // A redelivery reschedules the delivery and attempts it (lib/webhooks/attempt.ts): conditional UpdateItems of
      // the delivery and the webhook's health item, GetItems, and the webhook's own update (Put, index Delete/Put,
      // counts) when its endpoint is disabled.
      'deliveries.create': { access: ['GetItem', 'UpdateItem', 'PutItem', 'DeleteItem'] },
    },
  },
});
