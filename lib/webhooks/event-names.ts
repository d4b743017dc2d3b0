import { ENTITIES } from '../entities/registry.js';
import type { EntityDefinition } from '../entities/types.js';

/**
 * The entities whose changes make events a webhook can subscribe to (`<entity>.created|updated|deleted`): every
 * entity with a single object to show, and `memberships` (a user's links to groups, shown under
 * /users/:id/usergroups: lib/entities/change-event.ts names it so). Not /version or /auth, which store nothing,
 * nor the subscriptions themselves.
 */
const NO_EVENTS = new Set(['version', 'auth', 'webhooks']);
export const MEMBERSHIPS = 'memberships';

export function eventEntities(): EntityDefinition[] {
  return (Object.values(ENTITIES) as EntityDefinition[]).filter(
    (entity) => !NO_EVENTS.has(entity.name) && entity.http.operations.includes('get'),
  );
}

export function isEventEntity(name: string): boolean {
  return name === MEMBERSHIPS || eventEntities().some((entity) => entity.name === name);
}
