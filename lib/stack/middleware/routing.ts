import type { EntityFinder } from '../../entities/finder.js';
import { parseApiPath } from '../../http/api-path.js';
import { notFound } from '../../http/http-errors.js';
import { resolveRoute } from '../../http/route.js';
import type { RequestRead, Routed, Stage } from '../request.js';

/**
 * Second judgement: which operation? 404 for an unknown entity, 405 for a
 * method the path's shape does not take. `servedKey` is the operation this
 * function implements; a route to any other one (only reachable through a
 * misconfigured event) is a 404. Without it (the catch-all) every known route is a 404.
 */
export function routing(servedKey: string | undefined, findEntity: EntityFinder): Stage<RequestRead & Routed> {
  return {
    before: ({ event, context }) => {
      const state = context.api;
      state.path = parseApiPath(event.path ?? '', state.query);
      state.route = resolveRoute(state.method, state.path, findEntity);
      if (state.route.key !== servedKey) throw notFound();
    },
  };
}
