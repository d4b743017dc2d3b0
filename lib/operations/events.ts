import { ValidationError } from '../errors.js';
import { EVENT_ENTITIES } from '../events/changed-item.js';
import type { FeedReader } from '../events/feed-reader.js';
import { readFeed } from '../events/instance-feed.js';
import { encodeCursor, listDigest, readCursor } from '../http/cursor.js';
import { readPaging } from '../http/paging.js';
import { ok } from '../http/response.js';
import type { Operation } from '../stack/api-handler.js';

const ACTIONS = ['created', 'updated', 'deleted'];

const invalid = (field: string, message: string) =>
  new ValidationError(`The ${field} field ${message}`, [{ field, message: `The ${field} field ${message}` }]);

function list(text: string | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(',')
        .map((part) => part.trim().toLowerCase())
        .filter((part) => part !== ''),
    ),
  ].sort();
}

/**
 * `type` (event names, `entity.*` for all of an entity's) and `entity` (entity names), each a comma-separated
 * list; an event matching any of them is shown. Unknown names are a 400, so a typo never reads as "no events".
 */
function readEventFilters(query: Record<string, string>): { types: string[]; entities: string[] } {
  const types: string[] = [];
  const entities = list(query.entity);
  for (const entity of entities) {
    if (!EVENT_ENTITIES.includes(entity))
      throw invalid('entity', `names no entity with events: ${entity} (one of ${EVENT_ENTITIES.join(', ')})`);
  }
  for (const name of list(query.type)) {
    const [entity, action, extra] = name.split('.');
    if (
      extra !== undefined ||
      !EVENT_ENTITIES.includes(entity ?? '') ||
      !(action === '*' || ACTIONS.includes(action ?? ''))
    ) {
      throw invalid('type', `names no event: ${name} (<entity>.created, .updated, .deleted or <entity>.*)`);
    }
    if (action === '*') entities.push(entity!);
    else types.push(name);
  }
  return { types, entities: [...new Set(entities)].sort() };
}

/**
 * GET /events: one page of the change feed in stored order, from the start of the retention (30 days) or
 * after `cursor`. `params.next` is always a cursor — the position after this page, or after everything
 * settled so far when `has_more` is false — so an integration keeps walking with it and sees every event once.
 */
export const listEventsOver =
  (readFeed: FeedReader): Operation =>
  async ({ query }) => {
    const { itemsPerPage } = readPaging(query);
    const filters = readEventFilters(query);
    const digest = listDigest(['events', filters.types, filters.entities]);
    const cursor = readCursor(query.cursor, 'stamp', 'asc', digest);
    if (cursor && !/^\d{16}(#evt_[0-9a-f]{32})?$/.test(cursor.k))
      throw invalid('cursor', 'is not a cursor of this list');
    const page = await readFeed({
      after: cursor?.k,
      limit: itemsPerPage,
      types: filters.types,
      entities: filters.entities,
    });
    const next = encodeCursor({ s: 'stamp', o: 'asc', q: digest, k: page.next });
    const params = {
      ...(query.type !== undefined ? { type: query.type } : {}),
      ...(query.entity !== undefined ? { entity: query.entity } : {}),
      items_per_page: itemsPerPage,
      next,
      has_more: page.hasMore,
    };
    return ok({ events: page.events, params });
  };

/** GET /events over this instance's feed (lib/events/instance-feed.ts). */
export const listEvents: Operation = listEventsOver(readFeed);
