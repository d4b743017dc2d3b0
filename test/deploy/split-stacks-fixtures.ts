/**
 * What test/deploy/split-stacks.test.ts checks the packaged stacks against, beside test/deploy/expected-access.ts: the
 * stacks and their budget (infra/stack-size.cjs), the functions that are not API operations, the conditions that
 * confine writes, the environment every function is given, the change feed consumer's actions and the company
 * context dispatcher's routes.
 */

import { createRequire } from 'node:module';
import { afterAll, beforeAll } from 'vitest';
import { findEntity } from '../../lib/entities/registry.js';
import { parseApiPath } from '../../lib/http/api-path.js';
import { resolveRoute } from '../../lib/http/route.js';
import { cursorKeyFunctions } from '../../scripts/lib/stage-expectations.js';
import {
  EXPECTED_ACCESS,
  EXPECTED_OTHER,
  EXPECTED_QUEUE_WORKERS,
  EXPECTED_SCHEDULED,
  QUEUE_SENDERS,
} from './expected-access.js';
import { lambdas, type Route, routes } from './inspect.js';
import { type PackagedStage, packageStacks } from './package-template.js';

const require = createRequire(import.meta.url);
export const { CFN_RESOURCE_LIMIT, DOMAIN_BUDGET, SPLIT_STACKS, stackSize } = require('../../infra/stack-size.cjs') as {
  CFN_RESOURCE_LIMIT: number;
  DOMAIN_BUDGET: number;
  SPLIT_STACKS: string[];
  stackSize: (domain: string) => { byType: Record<string, number>; total: number };
};
export const STAGE = 'prod';
export const DOMAIN_STACKS = SPLIT_STACKS.filter((name) => name !== 'core');
/** The middleware's own items: failed-login counters, rate-limit buckets, Idempotency-Keys. */
export const THROTTLE_ONLY = {
  'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['THROTTLE#*', 'RATE#*', 'IDEMPOTENCY#*'] },
};
/** The functions that run any operation in-process: /api.php, the catch-all, and the MCP server (POST /mcp). */
export const DISPATCHERS = ['api-php', 'fallback', 'mcp'];
/** The dispatcher of store and vendor context paths (`stores/{id}/{proxy+}`), in the stack that owns `stores/{id}`. */
export const CONTEXT_DISPATCHER = 'company-context';
/** The panel and the public documentation: in core, not API operations. */
export const OTHERS = Object.keys(EXPECTED_OTHER);
/** Functions on a schedule, not a route (the webhook retry runner). */
export const SCHEDULED = Object.keys(EXPECTED_SCHEDULED);
/** Functions triggered by a queue (the webhook delivery worker). */
export const QUEUE_WORKERS = Object.keys(EXPECTED_QUEUE_WORKERS);
/** The change feed's queues (infra/webhook-queues.cjs), which only their senders and receivers are granted. */
export const isQueue = (resource: unknown) =>
  /"Fn::Join":\[":",\["arn",.*"sqs",.*"store-api-[a-z0-9]+-(webhook-delivery\.fifo|events-consumer-failures)"\]\]/.test(
    JSON.stringify(resource),
  );
// --- events (issue 20) ---
/** Stream-triggered functions (infra/function-table.cjs STREAM_FUNCTIONS): no routes, their own kind of access. */
export const STREAM_CONSUMERS = ['events-consumer'];
export const EVENT_STORE_ONLY = {
  'ForAllValues:StringLike': {
    'dynamodb:LeadingKeys': [
      'EVENTS#*',
      'EVENTID#*',
      'EVENTDAYS',
      'WEBHOOK#*',
      'IDX#webhook#*',
      'SORT#webhook#*',
      'COUNT#webhook',
      'COUNT#webhook#*',
      'WHDELIVERY#*',
      'WHHEALTH#*',
    ],
  },
};
export const isTableStream = (resource: unknown) =>
  JSON.stringify(resource).includes(`"store-api-${STAGE}-TableStreamArn"`);
// --- end events ---

export const mapping0 = (mappings: unknown[]) => JSON.stringify(mappings[0]);

/** `api/2.0/users/{id}` → the route key the API resolves for it (a concrete id in every variable). */
export function routeKey(route: Route): string | undefined {
  const concrete = `/${route.path.replace(/\{[^}]+\}/g, '7')}`;
  return resolveRoute(route.method, parseApiPath(concrete, {}), findEntity).key;
}

export const CURSOR_KEY_FUNCTIONS = cursorKeyFunctions();

/** The environment every function is given; the queue's URL and the cursor key's parameter only where used. */
export function expectedVariables(fn: string): string[] {
  return [
    'AUTH_CACHE_TTL_MS',
    'CORS_ORIGINS',
    'IDEMPOTENCY_LOCK_SECONDS',
    'LOG_LEVEL',
    // Empty on a deployed stage, and ignored there (lib/auth/passwords.ts honours it under serverless offline only).
    'PASSWORD_SCRYPT_LOG2N',
    'POWERTOOLS_METRICS_DISABLED',
    'POWERTOOLS_TRACE_ENABLED',
    'RATE_LIMIT_BURST',
    'RATE_LIMIT_PER_SECOND',
    'STOREFRONT_CACHE_SECONDS',
    'STOREFRONT_URL',
    'STORE_EDITION',
    'TABLE_NAME',
    'WEBHOOKS_ALLOW_PRIVATE_URLS',
    ...(QUEUE_SENDERS.includes(fn) ? ['WEBHOOK_QUEUE_URL'] : []),
    // The stage param mcpWrites, read by the MCP server only (infra/functions.cjs).
    ...(fn === 'mcp' ? ['MCP_WRITES'] : []),
    // Where the cursor key is, for the functions that sign or verify cursors only (infra/secrets.cjs).
    ...(CURSOR_KEY_FUNCTIONS.has(fn) ? ['CURSOR_SECRET_PARAMETER'] : []),
  ].sort();
}

/** Every action the change feed consumer may take (prod traces every function: the tracing param). */
export const EVENTS_CONSUMER_ACTIONS = [
  'dynamodb:BatchGetItem',
  'dynamodb:DescribeStream',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:ListStreams',
  'dynamodb:PutItem',
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'logs:CreateLogStream',
  'logs:PutLogEvents',
  'sqs:SendMessage',
  // prod traces every function (the tracing param).
  'xray:PutTelemetryRecords',
  'xray:PutTraceSegments',
].sort();

/** The company context dispatcher's greedy paths below /stores/{id} and /vendors/{id}, in both prefixes. */
export const CONTEXT_DISPATCHER_ROUTES = ['api', 'api/2.0']
  .flatMap((prefix) =>
    ['stores', 'vendors'].flatMap((company) =>
      ['ANY', 'OPTIONS'].map((m) => `${m} ${prefix}/${company}/{id}/{proxy+}`),
    ),
  )
  .sort();

/**
 * Every function of the deployment: each operation, the dispatchers, panel and docs, the scheduled, stream and
 * queue functions, one catch-all per domain stack.
 */
export const EVERY_FUNCTION = [
  ...Object.keys(EXPECTED_ACCESS),
  ...DISPATCHERS,
  CONTEXT_DISPATCHER,
  ...OTHERS,
  ...SCHEDULED,
  ...STREAM_CONSUMERS,
  ...QUEUE_WORKERS,
  ...DOMAIN_STACKS.map((name) => `${name}-fallback`),
].sort();

/**
 * Packages every stack for STAGE once, two at a time, before the tests of the describe block that calls it, and
 * removes the packages after them: the templates by stack, each Lambda and each route with the stack holding it.
 */
export function packagedStacks() {
  let stacks: Map<string, PackagedStage>;
  const stack = (name: string) => stacks.get(name)!.template;
  const everyLambda = () =>
    SPLIT_STACKS.flatMap((name) => lambdas(stack(name), STAGE).map((lambda) => ({ ...lambda, stack: name })));
  const everyRoute = () =>
    SPLIT_STACKS.flatMap((name) => routes(stack(name), STAGE).map((route) => ({ ...route, stack: name })));

  beforeAll(async () => {
    const started = Date.now();
    stacks = await packageStacks(STAGE, SPLIT_STACKS, 2);
    const times = SPLIT_STACKS.map((name) => `${name} ${stacks.get(name)!.seconds.toFixed(0)} s`).join(', ');
    console.log(
      `[split] packaged ${SPLIT_STACKS.length} stacks in ${((Date.now() - started) / 1000).toFixed(0)} s, 2 at a time (${times})`,
    );
  }, 900_000);
  afterAll(async () => {
    await Promise.all([...(stacks?.values() ?? [])].map((packaged) => packaged.cleanup()));
  });
  return { stack, everyLambda, everyRoute };
}
