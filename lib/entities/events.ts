import { eventsPageSchema } from './change-event-schema.js';
import { defineEntity } from './define.js';
import { raw } from './field-builders.js';

/**
 * `GET /api/events`: the pull feed of committed changes (lib/events/, docs/api.md "Events and the pull feed").
 * Read-only; its own privilege, which only root administrators have until a group is given it (SPEC §5).
 */
export const eventsEntity = defineEntity({
  name: 'events',
  schema: {
    fields: {
      id: { kind: 'string' },
      type: { kind: 'string' },
      entity: { kind: 'string' },
      action: { kind: 'enum', values: ['created', 'updated', 'deleted'] },
      object_id: { kind: 'string' },
      company_id: { kind: 'int', wire: 'raw' },
      created_at: { kind: 'string' },
      data: raw({}),
    },
    filters: {
      type: { kind: 'string', maxLength: 2000 },
      entity: { kind: 'string', maxLength: 2000 },
    },
  },
  http: {
    operations: ['list'],
    privileges: { read: ['view_events'], write: ['view_events'] },
    collection: { shape: 'wrapped', key: 'events', schema: eventsPageSchema },
  },
  deployment: {
    domain: 'events',
    // A Query of the event store's day partitions (lib/events/event-store.ts).
    functions: { list: { access: ['Query'] } },
  },
});
