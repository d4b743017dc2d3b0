import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { parseApiPath } from '../api-path.js';
import type { ApiContext, ApiEvent } from '../api-request.js';
import { notFound } from '../http-errors.js';
import { resolveRoute } from '../route.js';

/**
 * Second judgement: which operation? 404 for an unknown entity, 405 for a
 * method the path's shape does not take. `servedKey` is the operation this
 * function implements; a route to any other one (only reachable through a
 * misconfigured event) is a 404. Without it (the catch-all) every known route is a 404.
 */
export function routing(servedKey: string | undefined): MiddlewareObj<ApiEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    before: ({ event, context }) => {
      const state = context.api;
      state.path = parseApiPath(event.path ?? '', state.query);
      state.route = resolveRoute(state.method, state.path);
      if (state.route.key !== servedKey) throw notFound();
    },
  };
}
