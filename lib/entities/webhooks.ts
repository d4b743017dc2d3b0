import { choice, id, int, required, text, WRITABLE } from './field-builders.js';
import type { ResourceDefinition, StoredEntityDefinition } from './types.js';

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
const deliveries: ResourceDefinition = {
  name: 'deliveries',
  // POST …/deliveries {"event_id"} sends a delivery again (a redelivery of a failed one).
  operations: ['list', 'create'],
  privileges: { read: ['view_webhooks'], write: ['manage_webhooks'] },
  idField: 'event_id',
  answers: { create: { event_id: 'string' } },
  fields: {
    event_id: { kind: 'string', maxLength: 128, requiredOn: ['create'], writableOn: ['create'] },
  },
  collection: { shape: 'wrapped', key: 'deliveries' },
};

export const webhooksEntity: StoredEntityDefinition = {
  name: 'webhooks',
  idField: 'webhook_id',
  storage: 'webhook',
  collectionKey: 'webhooks',
  answers: { create: { webhook_id: 'integer' }, update: { webhook_id: 'integer' } },
  operations: ['list', 'get', 'create', 'update', 'delete'],
  privileges: { read: ['view_webhooks'], write: ['manage_webhooks'] },
  fields: {
    webhook_id: id('number'),
    url: required({ kind: 'string', maxLength: 2048, writableOn: WRITABLE }),
    events: required({ kind: 'object', writableOn: WRITABLE, default: [], wire: 'raw' }),
    status: choice(['A', 'D'], 'A'),
    company_id: { ...int(0), wire: 'number' },
    description: text('', 255),
    disabled_reason: { kind: 'string', default: '' },
    secret: { kind: 'string', default: '', shownIn: 'none' },
    timestamp: { kind: 'int', default: 0, wire: 'number' },
    updated_timestamp: { kind: 'int', default: 0, wire: 'number' },
  },
  filters: { status: choice(['A', 'D'], 'A') },
  filterRules: { status: { field: 'status', op: 'eq' } },
  indexes: ['status'],
  references: [{ field: 'company_id', storage: 'company', message: 'The company_id field names no store or vendor' }],
  nested: { deliveries },
};
