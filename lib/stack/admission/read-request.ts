import type { Context } from 'aws-lambda';
import { type ApiEvent, normalizeHeaders, normalizeQuery } from '../../http/api-event.js';
import { setLogContext } from '../../log.js';
import { innerCaller } from '../inner-call.js';
import type { RequestRead } from '../request.js';

/** The request's method, normalized headers and query, source IP and, for a batch's item, the batch's caller. */
export function readRequest(event: ApiEvent, context: Context): RequestRead {
  const read: RequestRead = Object.freeze({
    method: (event.httpMethod ?? 'GET').toUpperCase(),
    headers: normalizeHeaders(event),
    query: normalizeQuery(event),
    sourceIp: event.requestContext?.identity?.sourceIp || 'unknown',
    startedAt: Date.now(),
    batchCaller: innerCaller(context),
  });
  // A batch's item keeps its batch's log context.
  if (!read.batchCaller)
    setLogContext(context, {
      requestId: context.awsRequestId ?? event.requestContext?.requestId,
      apiRequestId: event.requestContext?.requestId,
      method: read.method,
      path: event.path,
    });
  return read;
}
