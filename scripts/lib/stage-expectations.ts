/**
 * What a deployed stage must be, from the code alone: the routes and functions of every stack
 * (infra/function-table.cjs, the table serverless.yml's `functions:` is built from), each function's role
 * (infra/iam-roles.cjs, with the intrinsic functions resolved for the deployed table), and the stage
 * settings as `serverless print` resolves serverless.yml for the stage.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TTL_ATTRIBUTE, tableDefinition } from '../../lib/db/schema.js';
import type { PolicyStatement } from './deployed-stage.js';
import { repoRoot } from './repo.js';

const require = createRequire(import.meta.url);
type TableFunction = {
  name: string;
  timeout?: number;
  queues?: { send?: string[] };
  events?: Array<{ http?: { method: string; path: string } }>;
};
const { allFunctions } = require('../../infra/function-table.cjs') as {
  allFunctions: (domain: string) => TableFunction[];
};
const makeIamRoles = require('../../infra/iam-roles.cjs') as (options: {
  resolveVariable: (name: string) => Promise<string>;
  domain: string;
  tableArn: unknown;
  streamArn?: unknown;
}) => Promise<
  Record<
    string,
    { Properties: { Policies: Array<{ PolicyName: string; PolicyDocument: { Statement: PolicyStatement[] } }> } }
  >
>;
const { SPLIT_STACKS } = require('../../infra/stack-size.cjs') as { SPLIT_STACKS: string[] };
const { needsCursorKey } = require('../../infra/secrets.cjs') as { needsCursorKey: (fn: object) => boolean };

const run = promisify(execFile);

export interface ExpectedRoute {
  method: string;
  path: string;
  fn: string;
}

/** The settings of serverless.yml as `serverless print` resolves them for one stage. */
export interface ResolvedConfig {
  provider: {
    runtime: string;
    architecture: string;
    memorySize: number;
    timeout: number;
    logRetentionInDays: number;
    environment: Record<string, string>;
    logs?: { restApi?: unknown };
  };
  custom: { stageThrottling: { rateLimit: number; burstLimit: number } };
  params: Record<string, Record<string, unknown>>;
}

/** serverless.yml resolved for `stage` (its `env:` values from `env`), with the deploy's `--param=name=value` options. */
export async function resolveConfig(
  stage: string,
  env: NodeJS.ProcessEnv,
  params: string[] = [],
): Promise<ResolvedConfig> {
  const { stdout } = await run(
    join(repoRoot, 'node_modules/.bin/serverless'),
    ['print', '--stage', stage, '--param=domain=core', ...params, '--format', 'json'],
    {
      cwd: repoRoot,
      env,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const config = JSON.parse(stdout) as ResolvedConfig;
  // `params:` as printed is serverless.yml's; a `--param` of the command line overrides the stage's value.
  const overrides = Object.fromEntries(
    params.map((arg) => /^--param=([^=]+)=(.*)$/.exec(arg)).flatMap((m) => (m ? [[m[1]!, m[2]!]] : [])),
  );
  config.params[stage] = { ...config.params[stage], ...overrides };
  return config;
}

export const stageParam = (config: ResolvedConfig, stage: string, name: string) =>
  config.params[stage]?.[name] ?? config.params.default?.[name];

/** Every stack's functions, by name, with the stack that holds them. */
export function expectedFunctions(): Map<string, string> {
  return new Map(
    SPLIT_STACKS.flatMap((stack) => allFunctions(stack).map((fn) => [fn.name, stack] as [string, string])),
  );
}

/** What a function sets beside the provider's settings (infra/function-table.cjs): its own timeout, the delivery queue it sends to. */
export function functionOverrides(): Map<string, { timeout?: number; sendsToDeliveryQueue: boolean }> {
  return new Map(
    SPLIT_STACKS.flatMap((stack) =>
      allFunctions(stack).map(
        (fn) =>
          [
            fn.name,
            { timeout: fn.timeout, sendsToDeliveryQueue: Boolean(fn.queues?.send?.includes('WebhookDeliveryQueue')) },
          ] as const,
      ),
    ),
  );
}

/** The functions that sign or verify list cursors, and so read the stage's cursor key (infra/secrets.cjs). */
export function cursorKeyFunctions(): Set<string> {
  return new Set(
    SPLIT_STACKS.flatMap((stack) =>
      allFunctions(stack)
        .filter((fn) => needsCursorKey(fn))
        .map((fn) => fn.name),
    ),
  );
}

/** Every method of the REST API: one per http event of every function of every stack. */
export function expectedRoutes(): ExpectedRoute[] {
  return SPLIT_STACKS.flatMap((stack) =>
    allFunctions(stack).flatMap((fn) =>
      (fn.events ?? []).flatMap((event) =>
        event.http
          ? [{ method: event.http.method.toUpperCase(), path: event.http.path.replace(/^\/+|\/+$/g, ''), fn: fn.name }]
          : [],
      ),
    ),
  );
}

/** CloudFormation's intrinsic functions as far as the roles use them: Fn::Join, pseudo parameters, the table ARN. */
function resolveIntrinsics(node: unknown, pseudo: Record<string, string>): unknown {
  if (Array.isArray(node)) return node.map((item) => resolveIntrinsics(item, pseudo));
  if (node === null || typeof node !== 'object') return node;
  const object = node as Record<string, unknown>;
  if ('Ref' in object && typeof object.Ref === 'string' && object.Ref in pseudo) return pseudo[object.Ref];
  if ('Fn::Join' in object) {
    const [separator, parts] = object['Fn::Join'] as [string, unknown[]];
    return parts.map((part) => resolveIntrinsics(part, pseudo)).join(separator);
  }
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, resolveIntrinsics(value, pseudo)]));
}

/**
 * Each function's inline policies, by function name: the roles infra/iam-roles.cjs declares, resolved for `tableArn`
 * (and, for the stream consumer, the table's `streamArn`).
 */
export async function expectedPolicies(
  stage: string,
  tableArn: string,
  streamArn?: string,
  tracing = false,
): Promise<Map<string, Record<string, PolicyStatement[]>>> {
  const [, partition, , region, account] = tableArn.split(':');
  const pseudo = { 'AWS::Partition': partition!, 'AWS::Region': region!, 'AWS::AccountId': account! };
  const variables: Record<string, string> = {
    'self:service': 'store-api',
    'sls:stage': stage,
    'param:tracing': String(tracing),
    // The stage check judges a REST stage's roles (one per function); an HTTP stage's are judged by its deploy test.
    'param:api': 'rest',
  };
  const resolveVariable = async (name: string) => variables[name] ?? Promise.reject(new Error(`no variable ${name}`));
  const byFunction = new Map<string, Record<string, PolicyStatement[]>>();
  for (const stack of SPLIT_STACKS) {
    const roles = await makeIamRoles({ resolveVariable, domain: stack, tableArn, streamArn });
    for (const fn of allFunctions(stack)) {
      const role = Object.values(roles).find((r) =>
        r.Properties.Policies.some((p) => p.PolicyName === `${fn.name}-access`),
      );
      if (!role) throw new Error(`infra/iam-roles.cjs declares no role for ${fn.name}`);
      byFunction.set(
        fn.name,
        Object.fromEntries(
          role.Properties.Policies.map((p) => [
            p.PolicyName,
            resolveIntrinsics(p.PolicyDocument.Statement, pseudo) as PolicyStatement[],
          ]),
        ),
      );
    }
  }
  return byFunction;
}

/** The table as lib/db/schema.ts defines it, with infra/table.cjs's stage settings. */
export function expectedTable(config: ResolvedConfig, stage: string) {
  return {
    ...tableDefinition(`store-api-${stage}`),
    ttlAttribute: TTL_ATTRIBUTE,
    deletionProtection: String(stageParam(config, stage, 'tableDeletionProtection')) === 'true',
  };
}
