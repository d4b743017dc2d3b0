import { findEntity } from '../entities/registry.js';
import { type ApiEvent, normalizeQuery } from '../http/api-event.js';
import { parseApiPath } from '../http/api-path.js';
import { eitherPayload } from '../http/payload-v2.js';
import { resolveRoute } from '../http/route.js';
import { type LambdaHandler, stackHandler } from './api-handler.js';

/**
 * For the functions that receive many routes (/api.php and the /api catch-all):
 * finds the function that serves the request and calls it in-process, with the
 * event unchanged, so the whole stack runs exactly as behind its own route.
 * Whatever matches no function (unknown entity, wrong method, no credentials)
 * goes to a handler with no operation, which answers 401/404/405 in the right order.
 */
export function dispatcher(handlers: Readonly<Record<string, LambdaHandler>>): LambdaHandler {
  const unmatched = stackHandler(findEntity, undefined);
  // A 2.0 event becomes the 1.0 event here, once: the handler it is handed to sees a 1.0 event.
  return eitherPayload((event: ApiEvent, context) => {
    const key = routeKeyOf(event);
    const target = key !== undefined && Object.hasOwn(handlers, key) ? handlers[key] : undefined;
    return (target ?? unmatched)(event, context);
  });
}

function routeKeyOf(event: ApiEvent): string | undefined {
  try {
    return resolveRoute(event.httpMethod ?? 'GET', parseApiPath(event.path ?? '', normalizeQuery(event)), findEntity)
      .key;
  } catch {
    return undefined;
  }
}
