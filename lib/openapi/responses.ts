import type { Operation } from '../entities/types.js';
import type { Schema } from './schemas.js';

/**
 * The answers every operation of the OpenAPI document shares: the error responses (one component each, referred to
 * by status) and the response headers of the rate limit, idempotent replays and entity tags. lib/openapi/document.ts
 * puts them under `components`; lib/openapi/path-operations.ts refers to them.
 */

export const errorSchema: Schema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    status: { type: 'integer' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, message: { type: 'string' } },
        required: ['field', 'message'],
      },
    },
  },
  required: ['message', 'status'],
};

export const ERRORS: Record<string, { name: string; description: string; headers?: Record<string, unknown> }> = {
  '400': {
    name: 'BadRequest',
    description: 'Malformed body, a missing or invalid field, or a rule of the entity (the message says which).',
  },
  '401': {
    name: 'Unauthorized',
    description: 'Missing or wrong credentials.',
    headers: { 'WWW-Authenticate': { schema: { type: 'string', const: 'Basic realm="User email/API key"' } } },
  },
  '403': {
    name: 'Forbidden',
    description: 'A privilege is missing, the escalation guard refused, or vendors may not do this.',
  },
  '404': { name: 'NotFound', description: 'Unknown entity, or no such object (for a vendor: none of its company).' },
  '405': {
    name: 'MethodNotAllowed',
    description: 'The method does not fit the path (the `Allow` header lists the ones that do).',
    headers: { Allow: { schema: { type: 'string' } } },
  },
  '409': {
    name: 'Conflict',
    description:
      'The object kept changing under the request, or a request with the same Idempotency-Key is still in progress; retrying is safe.',
    headers: { 'Retry-After': { schema: { type: 'string' } } },
  },
  '412': {
    name: 'PreconditionFailed',
    description: 'If-Match named no tag of the object as it is now; nothing was changed.',
  },
  '413': {
    name: 'PayloadTooLarge',
    description: 'The body is over 1 MiB (a batch: over 10 MB, or over 100 operations).',
  },
  '415': { name: 'UnsupportedMediaType', description: 'A Content-Type other than JSON, text/plain or form encoding.' },
  '422': {
    name: 'UnprocessableEntity',
    description: 'The Idempotency-Key was already used by this user for another request (method, path, query or body).',
  },
  '429': {
    name: 'TooManyRequests',
    description: "Too many failed logins for this e-mail and address, or the API user's rate-limit bucket is empty.",
    headers: {
      'Retry-After': { schema: { type: 'string' } },
      'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
    },
  },
  '500': { name: 'InternalServerError', description: 'An unexpected failure; nothing internal is shown.' },
  '503': {
    name: 'ServiceUnavailable',
    description: 'The database is throttling or unreachable; nothing was written.',
    headers: { 'Retry-After': { schema: { type: 'string' } } },
  },
};

export const errorRef = (status: string) => ({ $ref: `#/components/responses/${ERRORS[status]!.name}` });

export function errorsFor(operation: Operation): Record<string, unknown> {
  const statuses = ['400', '401', '403', '404', '405', '429', '500', '503'];
  if (operation === 'create' || operation === 'update') statuses.push('409', '413', '415', '422');
  if (operation === 'delete') statuses.push('409');
  if (operation === 'update' || operation === 'delete') statuses.push('412');
  return Object.fromEntries(statuses.sort().map((status) => [status, errorRef(status)]));
}

export const json = (schema: Schema) => ({ 'application/json': { schema } });

/** Response headers of the per-user rate limit (lib/db/rate-limit.ts) and of idempotent replays. */
export const RESPONSE_HEADERS: Record<string, { description: string; schema: Schema }> = {
  'RateLimit-Limit': {
    description: "The size of the API user's token bucket (requests that may be sent at once).",
    schema: { type: 'string' },
  },
  'RateLimit-Remaining': { description: 'Tokens left in the bucket after this request.', schema: { type: 'string' } },
  'RateLimit-Reset': { description: 'Seconds until the bucket is full again.', schema: { type: 'string' } },
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', const: 'true' },
  },
};
export const headerRefs = (names: string[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
export const RATE_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

export const ETAG_HEADER = {
  ETag: { schema: { type: 'string' }, description: 'Strong entity tag of the representation.' },
};
