import type {
  APIGatewayProxyEvent,
  APIGatewayProxyEventV2,
  APIGatewayProxyResult,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';

/**
 * The one adapter between an API Gateway HTTP API (v2, payload format 2.0) and the handlers, which all read
 * the REST (payload 1.0) event. A 2.0 event is turned into the 1.0 event API Gateway's REST API would have
 * sent for the same request, the handler runs unchanged, and its answer is turned into a 2.0 answer — so a
 * stage's `api` param (`rest` | `http`, docs/deploy.md) changes nothing a client sees. A 1.0 event passes
 * straight through: the REST path pays one property read.
 */

/** `C`: the Lambda context, or `void` for a handler that reads none (the docs pages). */
export type RestHandler<C = Context> = (event: APIGatewayProxyEvent, context: C) => Promise<APIGatewayProxyResult>;

/** A handler that takes either payload and answers in the same format it was called with. */
export interface EitherPayloadHandler<C = Context> {
  (event: APIGatewayProxyEvent, context: C): Promise<APIGatewayProxyResult>;
  (event: APIGatewayProxyEventV2, context: C): Promise<APIGatewayProxyStructuredResultV2>;
}

export function isPayloadV2(event: unknown): event is APIGatewayProxyEventV2 {
  return (event as { version?: unknown } | null)?.version === '2.0';
}

export function eitherPayload<C = Context>(handler: RestHandler<C>): EitherPayloadHandler<C> {
  const adapted = async (event: APIGatewayProxyEvent | APIGatewayProxyEventV2, context: C) =>
    isPayloadV2(event) ? resultV2(await handler(restEventOf(event), context)) : handler(event, context);
  return adapted as EitherPayloadHandler<C>;
}

/**
 * The path as routed, without the stage: an HTTP API's `rawPath` carries the stage's name unless the stage is
 * `$default` (the REST API's `event.path` never does; its `requestContext.path`, what the browser sees, does).
 */
function routedPath(event: APIGatewayProxyEventV2): string {
  const stage = event.requestContext.stage;
  const raw = event.rawPath || '/';
  if (!stage || stage === '$default') return raw;
  const prefix = `/${stage}`;
  if (raw === prefix) return '/';
  return raw.startsWith(`${prefix}/`) ? raw.slice(prefix.length) : raw;
}

/**
 * Query parameters as the REST API gives them: every value of a repeated name in the multi-value map (2.0's
 * `queryStringParameters` joins them with commas, which would merge `key[]=1,2` with `key[]=1&key[]=2`), the
 * last one in the single-value map. Read from `rawQueryString`, decoded as serverless offline decodes it.
 */
function queryMaps(rawQuery: string) {
  const multi: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(rawQuery)) (multi[name] ??= []).push(value);
  const names = Object.keys(multi);
  if (names.length === 0) return { single: null, multi: null };
  const single = Object.fromEntries(names.map((name) => [name, multi[name]![multi[name]!.length - 1]!]));
  return { single, multi };
}

/** The 1.0 event of the same request. 2.0 lifts `Cookie` into `cookies`; it goes back into the header here. */
export function restEventOf(event: APIGatewayProxyEventV2): APIGatewayProxyEvent {
  const context = event.requestContext;
  const method = context.http.method.toUpperCase();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers[name] = value;
  if (event.cookies && event.cookies.length > 0) headers.cookie = event.cookies.join('; ');
  const path = routedPath(event);
  const query = queryMaps(event.rawQueryString ?? '');
  const pathParameters = event.pathParameters
    ? Object.fromEntries(Object.entries(event.pathParameters).filter(([, v]) => v !== undefined) as [string, string][])
    : null;
  return {
    httpMethod: method,
    path,
    resource: event.routeKey,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    queryStringParameters: query.single,
    multiValueQueryStringParameters: query.multi,
    pathParameters,
    stageVariables: event.stageVariables ?? null,
    body: event.body ?? null,
    isBase64Encoded: event.isBase64Encoded === true,
    requestContext: {
      accountId: context.accountId,
      apiId: context.apiId,
      authorizer: null,
      protocol: context.http.protocol,
      httpMethod: method,
      // What the client addressed, stage included: the panel's cookie path and the docs' links start there.
      path: event.rawPath || path,
      stage: context.stage,
      requestId: context.requestId,
      requestTimeEpoch: context.timeEpoch,
      resourceId: event.routeKey,
      resourcePath: event.routeKey,
      identity: {
        sourceIp: context.http.sourceIp,
        userAgent: context.http.userAgent,
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        user: null,
        userArn: null,
      },
    },
  };
}

/**
 * The 2.0 answer of a 1.0 answer. 2.0 has no `multiValueHeaders`: repeated values are joined as HTTP allows,
 * except `Set-Cookie`, which 2.0 sends from `cookies`, one header line each. `statusCode` is always given, so
 * API Gateway never guesses a 200 and a JSON body of its own.
 */
export function resultV2(result: APIGatewayProxyResult): APIGatewayProxyStructuredResultV2 {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  const add = (name: string, value: string) => {
    if (name.toLowerCase() === 'set-cookie') cookies.push(value);
    else headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  };
  for (const [name, value] of Object.entries(result.headers ?? {})) add(name, String(value));
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {}))
    for (const value of values) add(name, String(value));
  return {
    statusCode: result.statusCode,
    headers,
    ...(cookies.length > 0 ? { cookies } : {}),
    body: result.body,
    isBase64Encoded: result.isBase64Encoded === true,
  };
}
