import type { APIGatewayProxyResult } from 'aws-lambda';
import { HANDLERS } from '../../../functions/handler-table.generated.js';
import type { Caller } from '../../../lib/entities/caller.js';
import type { ApiEvent } from '../../../lib/http/api-event.js';
import { innerCallContext } from '../../../lib/stack/inner-call.js';

/** What one in-process request answered: its status and its parsed JSON body (undefined when empty). */
export interface LocalAnswer {
  status: number;
  json: unknown;
}

/**
 * The store's own API, called in-process with the handler each request would reach (functions/handler-table):
 * an import's writes are judged exactly as an API client's (validation, references, hooks, index items, change
 * events), and an export reads exactly what GET answers. The caller is a root administrator that exists only
 * here (lib/stack/inner-call.ts: no HTTP request can ask for it).
 */
const MOVER: Caller = {
  userId: 0,
  email: 'store-mover@localhost',
  userType: 'A',
  isRoot: true,
  companyId: 0,
  activeGroupIds: [],
};

const METHOD_OF = { list: 'GET', get: 'GET', create: 'POST', update: 'PUT', delete: 'DELETE' } as const;
export type LocalOperation = keyof typeof METHOD_OF;

let sequence = 0;

export async function callLocal(
  entity: string,
  operation: LocalOperation,
  options: { id?: string | number; query?: Record<string, string>; body?: unknown; path?: string } = {},
): Promise<LocalAnswer> {
  const handler = HANDLERS[`${entity}.${operation}`];
  if (!handler) return { status: 405, json: { message: `Method Not Allowed: ${entity} has no ${operation}` } };
  const id = options.id === undefined ? '' : `/${encodeURIComponent(String(options.id))}`;
  const event: ApiEvent = {
    httpMethod: METHOD_OF[operation],
    path: options.path ?? `/api/${entity}${id}`,
    headers: { 'content-type': 'application/json' },
    multiValueHeaders: {},
    queryStringParameters: options.query ?? null,
    multiValueQueryStringParameters: null,
    body: options.body === undefined ? null : JSON.stringify(options.body),
    isBase64Encoded: false,
    pathParameters: null,
    stageVariables: null,
    resource: '',
    requestContext: { identity: { sourceIp: '127.0.0.1' } } as ApiEvent['requestContext'],
  };
  const answer = (await handler(event, innerCallContext(MOVER, `move-${++sequence}`))) as APIGatewayProxyResult;
  let json: unknown;
  try {
    json = answer.body ? JSON.parse(answer.body) : undefined;
  } catch {
    json = answer.body;
  }
  return { status: answer.statusCode, json };
}

/** The message of a refused answer, for the report. */
export function messageOf(answer: LocalAnswer): string {
  const json = answer.json as { message?: unknown } | undefined;
  return typeof json?.message === 'string' ? json.message : `HTTP ${answer.status}`;
}
