import { eventsEntity } from '../../lib/entities/events.js';
import { EVENT_ENTITIES } from '../../lib/events/changed-item.js';
import { readFeed } from '../../lib/events/instance-feed.js';
import { listEvents } from '../../lib/operations/events.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** GET /api/events: the pull feed of committed changes (root, or a group with view_events), read from lib/events. */
export const handler = apiHandler(
  eventsEntity,
  'events.list',
  listEvents({ entities: EVENT_ENTITIES, read: readFeed }),
);
