import { listEvents } from '../../lib/operations/events.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** GET /api/events: the pull feed of committed changes (root, or a group with view_events). */
export const handler = apiHandler('events.list', listEvents);
