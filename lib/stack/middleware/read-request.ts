import { normalizeHeaders, normalizeQuery } from '../../http/api-event.js';
import { preflightHeaders } from '../../http/cors.js';
import { setLogContext } from '../../log.js';
import { innerCaller } from '../inner-call.js';
import type { RequestRead, Stage } from '../request.js';

/**
 * Starts the request's state (method, normalized headers and query, source IP)
 * and answers CORS preflights (OPTIONS) at once, before any credential check.
 */
export function readRequest(): Stage<RequestRead> {
  return {
    before: (request) => {
      const { event, context } = request;
      const headers = normalizeHeaders(event);
      context.api = {
        method: (event.httpMethod ?? 'GET').toUpperCase(),
        headers,
        query: normalizeQuery(event),
        sourceIp: event.requestContext?.identity?.sourceIp || 'unknown',
        startedAt: Date.now(),
        responseHeaders: {},
        batchCaller: innerCaller(context),
      };
      // A batch's item keeps its batch's log context.
      if (!context.api.batchCaller)
        setLogContext(context, {
          requestId: context.awsRequestId ?? event.requestContext?.requestId,
          apiRequestId: event.requestContext?.requestId,
          method: context.api.method,
          path: event.path,
        });
      if (context.api.method === 'OPTIONS') {
        // An early response skips the other middlewares, so it carries its own headers.
        return { status: 204, headers: preflightHeaders(headers.origin) };
      }
      return undefined;
    },
  };
}
