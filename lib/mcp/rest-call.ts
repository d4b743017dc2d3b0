import type { APIGatewayProxyResult } from 'aws-lambda';
import type { Caller } from '../entities/caller.js';
import type { Operation } from '../entities/types.js';
import type { ApiEvent } from '../http/api-event.js';
import type { LambdaHandler } from '../stack/api-handler.js';
import { innerCallContext } from '../stack/inner-call.js';

/**
 * A tool's REST request, run in-process by the very function that serves it (the handler table of the dispatchers,
 * handed in), with the MCP request's caller: as a batch's items do (lib/operations/batch.ts), the stack then takes
 * that caller instead of reading credentials again and judges route, privilege, body, vendor scope and validation as
 * for any REST request; the write makes the same change event (the feed reads the table's stream).
 */

export type Handlers = Readonly<Record<string, LambdaHandler>>;

export interface RestRequest {
  entity: string;
  operation: Operation;
  id?: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

export interface RestAnswer {
  status: number;
  /** The JSON answer; undefined for an empty one (204). */
  body: unknown;
}

/** Runs `request` as `caller`; what a REST client would have received. */
export type RestCall = (request: RestRequest) => Promise<RestAnswer>;

const METHODS: Record<Operation, string> = { list: 'GET', get: 'GET', create: 'POST', update: 'PUT', delete: 'DELETE' };

let sequence = 0;

export function restCaller(handlers: Handlers, caller: Caller, sourceIp: string, requestId: string): RestCall {
  return async (request) => {
    const key = `${request.entity}.${request.operation}`;
    const handler = Object.hasOwn(handlers, key) ? handlers[key] : undefined;
    if (!handler) return { status: 404, body: { message: `Not Found: ${key}`, status: 404 } };
    const answer = (await handler(
      eventOf(request, sourceIp),
      innerCallContext(caller, `${requestId}-mcp-${++sequence}`),
    )) as APIGatewayProxyResult;
    return { status: answer.statusCode, body: answer.body ? (JSON.parse(answer.body) as unknown) : undefined };
  };
}

function eventOf(request: RestRequest, sourceIp: string): ApiEvent {
  const id = request.id === undefined ? '' : `/${encodeURIComponent(request.id)}`;
  const query = request.query && Object.keys(request.query).length > 0 ? request.query : null;
  return {
    httpMethod: METHODS[request.operation],
    path: `/api/2.0/${request.entity}${id}`,
    headers: { 'content-type': 'application/json' },
    multiValueHeaders: {},
    queryStringParameters: query,
    multiValueQueryStringParameters: query
      ? Object.fromEntries(Object.entries(query).map(([name, value]) => [name, [value]]))
      : null,
    body: request.body === undefined ? null : JSON.stringify(request.body),
    isBase64Encoded: false,
    pathParameters: null,
    stageVariables: null,
    resource: '',
    requestContext: { identity: { sourceIp } } as ApiEvent['requestContext'],
  };
}
