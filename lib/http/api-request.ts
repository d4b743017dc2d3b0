import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { Caller } from '../auth/caller.js';
import type { ApiPath } from './api-path.js';
import type { RequestBody } from './body.js';
import type { Prefetched } from './prefetch.js';
import type { Route } from './route.js';

/** What the middlewares learn about a request, step by step, kept on the Lambda context. */
export interface ApiState {
  method: string;
  headers: Record<string, string>;
  query: Record<string, string>;
  sourceIp: string;
  startedAt: number;
  path?: ApiPath;
  caller?: Caller;
  route?: Route;
  body?: RequestBody;
  /** Headers every answer to this request carries (RateLimit-*, Idempotent-Replayed), success or error. */
  responseHeaders?: Record<string, string>;
  /** The per-user token bucket's verdict, started right after authentication (middleware/rate-limit.ts). */
  rateLimit?: Promise<void>;
  /** The privilege verdict of a GET of one object, judged while its operation reads (middleware/authorization.ts). */
  authorized?: Promise<void>;
  /** Items read in authentication's BatchGetItem for the operation (lib/http/prefetch.ts). */
  prefetched?: Prefetched;
  /** A stored answer to replay instead of running the operation (middleware/idempotency.ts). */
  replay?: { status: number; body?: unknown };
}

export type ApiContext = Context & { api: ApiState };
export type ApiEvent = APIGatewayProxyEvent;

/** What an operation receives once the stack has authenticated, routed, authorized and decoded the request. */
export interface ApiRequest {
  method: string;
  version: ApiPath['version'];
  route: Route;
  query: Record<string, string>;
  caller: Caller;
  /** Decoded body of a PUT/POST; undefined for other methods. */
  body: RequestBody | undefined;
  /** Lower-cased request headers (`if-match`, `if-none-match`); absent in hand-built calls. */
  headers?: Record<string, string>;
  /** The client's address as API Gateway saw it (an order records it). */
  sourceIp?: string;
  /** Items the handler asked for, read beside authentication (lib/http/prefetch.ts); absent when not read. */
  prefetched?: Prefetched;
}

/**
 * Lower-cased header names; the first value of a repeated header. API Gateway
 * fills `multiValueHeaders` with exactly what the client sent, so it is read
 * when present (serverless-offline adds a Content-Type of its own to `headers`);
 * `headers` serves hand-built events.
 */
export function normalizeHeaders(event: ApiEvent): Record<string, string> {
  const headers: Record<string, string> = {};
  const multi = event.multiValueHeaders;
  if (multi && Object.keys(multi).length > 0) {
    for (const [name, values] of Object.entries(multi)) {
      const first = values?.[0];
      if (first !== undefined && !(name.toLowerCase() in headers)) headers[name.toLowerCase()] = first;
    }
    return headers;
  }
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (value !== undefined && !(name.toLowerCase() in headers)) headers[name.toLowerCase()] = value;
  }
  return headers;
}

/**
 * Query parameters, the last value winning for repeated ones (as PHP reads them). PHP's array form
 * `key[]=1&key[]=2` also gives `key` its values comma-joined (`1,2`), unless `key` itself was sent, so
 * id-list filters (`product_ids`) take both forms.
 */
export function normalizeQuery(event: ApiEvent): Record<string, string> {
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(event.queryStringParameters ?? {})) {
    if (value !== undefined) query[name] = value;
  }
  const arrays: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, values] of Object.entries(event.multiValueQueryStringParameters ?? {})) {
    const last = values?.[values.length - 1];
    if (last !== undefined) query[name] = last;
    if (name.length > 2 && name.endsWith('[]') && values) arrays[name.slice(0, -2)] = values.join(',');
  }
  for (const [name, joined] of Object.entries(arrays)) if (!(name in query)) query[name] = joined;
  return query;
}
