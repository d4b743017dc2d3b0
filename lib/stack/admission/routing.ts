import type { EntityFinder } from '../../entities/finder.js';
import { type ApiPath, parseApiPath } from '../../http/api-path.js';
import { notFound } from '../../http/http-errors.js';
import { type Route, resolveRoute } from '../../http/route.js';

/**
 * Second judgement: which operation? 404 for an unknown entity, 405 for a method the path's shape does not take.
 * `servedKey` is the operation this function implements; a route to any other one (only reachable through a
 * misconfigured event) is a 404. Without it (the catch-all) every known route is a 404.
 */
export function routeOf(
  method: string,
  rawPath: string,
  query: Readonly<Record<string, string>>,
  servedKey: string | undefined,
  findEntity: EntityFinder,
): { path: ApiPath; route: Route } {
  const path = parseApiPath(rawPath, query);
  const route = resolveRoute(method, path, findEntity);
  if (route.key !== servedKey) throw notFound();
  return { path, route };
}
