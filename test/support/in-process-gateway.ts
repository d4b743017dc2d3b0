/**
 * API Gateway (REST, payload 1.0) without a server: the `server` test project's transport. A request is routed as
 * API Gateway routes it — the most specific resource of the stage's own function table (infra/function-table.cjs,
 * the list serverless.yml deploys), then that resource's method or its ANY — and the function's handler module runs
 * in this process on the event API Gateway would send, with a fresh Lambda context. No serverless offline, no
 * bundling, no socket: the handler code, the middy stack and DynamoDB Local are the real ones, and only the
 * gateway's own work (routing, the event) is done here. What is the gateway's or the local server's own behaviour
 * (raw HTTP, hapi's answers, the browser pages) is proven by the `http` project over serverless offline
 * (vitest.config.ts).
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { repoRoot } from '../../scripts/lib/repo.js';
import { lambdaContext } from './lambda-event.js';

type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

interface Route {
  method: string;
  /** Path segments of the resource, `{id}` and a last `{proxy+}` included. */
  segments: string[];
  /** Whether the last segment is greedy (`{proxy+}`). */
  greedy: boolean;
  /** The segments before a greedy one, each a literal or (null) a variable: what a path is matched against. */
  fixed: Array<string | null>;
  resource: string;
  functionName: string;
  /** `functions/products/list.handler` */
  handler: string;
}

interface FunctionRow {
  name: string;
  handler: string;
  events?: Array<{ http?: { method: string; path: string } }>;
}

const require = createRequire(import.meta.url);

/** Every HTTP route of the single-stack (`domain=all`) REST stage, as serverless offline and `npm start` serve it. */
function loadRoutes(): Route[] {
  const { allFunctions } = require(join(repoRoot, 'infra/function-table.cjs')) as {
    allFunctions: (domain: string) => FunctionRow[];
  };
  return allFunctions('all').flatMap((fn) =>
    (fn.events ?? []).flatMap(({ http }) => {
      if (!http) return [];
      const segments = http.path.split('/').filter(Boolean);
      const greedy = isGreedy(segments.at(-1));
      const fixed = (greedy ? segments.slice(0, -1) : segments).map((s) => (isVariable(s) ? null : s));
      return [
        {
          method: http.method.toUpperCase(),
          segments,
          greedy,
          fixed,
          resource: `/${http.path}`,
          functionName: fn.name,
          handler: fn.handler,
        },
      ];
    }),
  );
}

let routes: Route[] | undefined;

const isVariable = (segment: string) => /^\{[^}]+\}$/.test(segment);
const isGreedy = (segment: string | undefined) => segment !== undefined && /^\{[^}]+\+\}$/.test(segment);

/** Whether the resource matches the path, and how specific it is there (per segment: literal 2, variable 1, greedy 0). */
function specificity(route: Route, path: string[]): number[] | undefined {
  const { greedy, fixed } = route;
  if (greedy ? path.length <= fixed.length : path.length !== fixed.length) return undefined;
  const score: number[] = [];
  for (const [i, literal] of fixed.entries()) {
    if (literal === null) score.push(1);
    else if (literal === path[i]) score.push(2);
    else return undefined;
  }
  if (greedy) score.push(0);
  return score;
}

const moreSpecific = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return a.length > b.length;
};

/** API Gateway's choice: the most specific resource whose path matches, then its own method before ANY. */
function pickRoute(method: string, rawPath: string): { route: Route; parameters: Record<string, string> } | undefined {
  routes ??= loadRoutes();
  const path = rawPath.split('/').filter(Boolean);
  let best: { resource: string; score: number[] } | undefined;
  for (const route of routes) {
    const score = specificity(route, path);
    if (score && (!best || moreSpecific(score, best.score))) best = { resource: route.resource, score };
  }
  if (!best) return undefined;
  const onResource = routes.filter((r) => r.resource === best.resource);
  const route = onResource.find((r) => r.method === method) ?? onResource.find((r) => r.method === 'ANY');
  if (!route) return undefined;
  const parameters: Record<string, string> = {};
  for (const [i, segment] of route.segments.entries()) {
    const name = segment.slice(1, -1);
    if (isGreedy(segment)) parameters[name.slice(0, -1)] = path.slice(i).join('/');
    else if (isVariable(segment)) parameters[name] = path[i]!;
  }
  return { route, parameters };
}

const modules = new Map<string, Promise<Handler>>();

/** The handler a route names, its module loaded once per test file (Vitest gives each file its own modules). */
function handlerOf(spec: string): Promise<Handler> {
  if (!modules.has(spec)) {
    const dot = spec.lastIndexOf('.');
    const file = join(repoRoot, `${spec.slice(0, dot)}.ts`);
    modules.set(
      spec,
      import(file).then((module) => module[spec.slice(dot + 1)] as Handler),
    );
  }
  return modules.get(spec)!;
}

export interface GatewayRequest {
  method: string;
  /** The request target as sent: path (still %-encoded) and query string. */
  target: string;
  /** Lower-case names, as Node's HTTP server and fetch give them. */
  headers: Record<string, string>;
  body?: Buffer;
}

export interface GatewayAnswer {
  status: number;
  headers: Headers;
  body: string;
}

const notFound = (): GatewayAnswer => ({
  status: 404,
  headers: new Headers({ 'content-type': 'application/json; charset=utf-8' }),
  body: JSON.stringify({ message: 'Not Found', status: 404 }),
});

function queryMaps(search: string) {
  const params = new URLSearchParams(search);
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [name, value] of params) {
    single[name] = value;
    (multi[name] ??= []).push(value);
  }
  return Object.keys(single).length > 0 ? { single, multi } : { single: null, multi: null };
}

/** One request through the in-process gateway: the function's answer, as API Gateway would send it back. */
export async function invokeThroughGateway(request: GatewayRequest): Promise<GatewayAnswer> {
  const queryAt = request.target.indexOf('?');
  const path = queryAt === -1 ? request.target : request.target.slice(0, queryAt);
  const picked = pickRoute(request.method.toUpperCase(), path);
  if (!picked) return notFound();
  const { route, parameters } = picked;
  const headers: Record<string, string> = { host: '127.0.0.1', ...request.headers };
  const query = queryMaps(queryAt === -1 ? '' : request.target.slice(queryAt + 1));
  const event = {
    httpMethod: request.method.toUpperCase(),
    path,
    resource: route.resource,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    queryStringParameters: query.single,
    multiValueQueryStringParameters: query.multi,
    pathParameters: Object.keys(parameters).length > 0 ? parameters : null,
    stageVariables: null,
    body: request.body && request.body.length > 0 ? request.body.toString('utf8') : null,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'offlineContext_accountId',
      apiId: 'offlineContext_apiId',
      httpMethod: request.method.toUpperCase(),
      path,
      protocol: 'HTTP/1.1',
      requestId: randomUUID(),
      requestTimeEpoch: Date.now(),
      resourceId: 'offlineContext_resourceId',
      resourcePath: route.resource,
      stage: 'local',
      identity: { sourceIp: '127.0.0.1', userAgent: headers['user-agent'] ?? null },
    },
  } as unknown as APIGatewayProxyEvent;
  const handler = await handlerOf(route.handler);
  const result = await handler(event, lambdaContext(route.functionName));
  const answerHeaders = new Headers();
  for (const [name, value] of Object.entries(result.headers ?? {})) answerHeaders.set(name, String(value));
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
    answerHeaders.delete(name);
    for (const value of values) answerHeaders.append(name, String(value));
  }
  const body = result.isBase64Encoded ? Buffer.from(result.body, 'base64').toString('utf8') : (result.body ?? '');
  return { status: result.statusCode, headers: answerHeaders, body };
}
