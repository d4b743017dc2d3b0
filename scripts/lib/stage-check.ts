/**
 * Compares a stage read back from the AWS APIs (deployed-stage.ts) with what the code says it must be
 * (stage-expectations.ts). Each check returns the differences it found, one line each; none means equal.
 */

import { createRequire } from 'node:module';
import { HANDLERS } from '../../functions/handler-table.generated.js';
import { findEntity } from '../../lib/entities/registry.js';
import { parseApiPath } from '../../lib/http/api-path.js';
import { resolveRoute } from '../../lib/http/route.js';
import type { DeployedStage, PolicyStatement } from './deployed-stage.js';
import {
  cursorKeyFunctions,
  expectedFunctions,
  expectedRoutes,
  expectedTable,
  functionOverrides,
  type ResolvedConfig,
  stageParam,
} from './stage-expectations.js';

const require = createRequire(import.meta.url);
const { accessLogGroupName, apiGatewayLogsRoleName } = require('../../infra/edge.cjs') as {
  accessLogGroupName: (service: string, stage: string) => string;
  apiGatewayLogsRoleName: (service: string, stage: string) => string;
};
const { cursorSecretParameter } = require('../../infra/secrets.cjs') as {
  cursorSecretParameter: (service: string, stage: string) => string;
};

const accessLogsOn = (config: ResolvedConfig, stage: string) =>
  String(stageParam(config, stage, 'accessLogs')) === 'true';

const routeText = (r: { method: string; path: string; fn: string }) => `${r.method} /${r.path} → ${r.fn}`;

/** What is in `a` and not in `b`, as lines. */
function missingFrom(a: string[], b: string[], label: string): string[] {
  const other = new Set(b);
  return a.filter((item) => !other.has(item)).map((item) => `${label}: ${item}`);
}

/** Every stack of the stage, complete, and no other. */
export function checkStacks(deployed: DeployedStage, stacks: string[]): string[] {
  const expected = stacks.map((name) => `store-api-${deployed.stage}-${name}`);
  const found = deployed.stacks.map((s) => s.name);
  return [
    ...missingFrom(expected, found, 'stack missing'),
    ...missingFrom(found, expected, 'stack not in the code'),
    ...deployed.stacks
      .filter((s) => !/^(CREATE|UPDATE)_COMPLETE$/.test(s.status))
      .map((s) => `stack ${s.name} is ${s.status}`),
  ];
}

/** The REST API's methods are exactly the code's http events, each a Lambda proxy integration of its function. */
export function checkRoutes(deployed: DeployedStage): string[] {
  const problems: string[] = [];
  if (deployed.restApiIds.length !== 1)
    problems.push(`${deployed.restApiIds.length} REST APIs named ${deployed.stage}-store-api, not 1`);
  const found = deployed.routes.map(routeText);
  const expected = expectedRoutes().map(routeText);
  problems.push(
    ...missingFrom(expected, found, 'route missing'),
    ...missingFrom(found, expected, 'route not in the code'),
  );
  if (new Set(found).size !== found.length) problems.push('a method is routed twice');
  for (const route of deployed.routes) {
    if (route.integrationType !== 'AWS_PROXY')
      problems.push(`${routeText(route)}: integration ${route.integrationType}, not AWS_PROXY`);
  }
  return problems;
}

/**
 * Every route key of functions/handler-table.generated.ts is served under /api and under /api/2.0 by one and the same
 * function, its own (not a catch-all), and every non-catch-all method resolves to a route key.
 */
export function checkRouteKeys(deployed: DeployedStage): string[] {
  const problems: string[] = [];
  const served = new Map<string, Array<{ version: string; fn: string }>>();
  const apiRoutes = deployed.routes.filter(
    (r) => r.method !== 'ANY' && r.method !== 'OPTIONS' && /^api(\/|$)/.test(r.path),
  );
  for (const route of apiRoutes) {
    const concrete = `/${route.path.replace(/\{[^}]+\}/g, '7')}`;
    // The router answers 404/405 by throwing: such a method is served by no route key.
    const key = (() => {
      try {
        return resolveRoute(route.method, parseApiPath(concrete, {}), findEntity).key;
      } catch {
        return undefined;
      }
    })();
    if (!key) {
      problems.push(`${routeText(route)} resolves to no route key`);
      continue;
    }
    served.set(key, [
      ...(served.get(key) ?? []),
      { version: route.path.startsWith('api/2.0/') ? '2.0' : '1', fn: route.fn },
    ]);
  }
  problems.push(...missingFrom(Object.keys(HANDLERS), [...served.keys()], 'route key not served'));
  for (const [key, byKey] of served) {
    const versions = byKey
      .map((s) => s.version)
      .sort()
      .join(',');
    if (versions !== '1,2.0')
      problems.push(`${key}: served under versions ${versions}, not once under /api and once under /api/2.0`);
    const fns = [...new Set(byKey.map((s) => s.fn))];
    if (fns.length !== 1) problems.push(`${key}: served by ${fns.join(' and ')}`);
    if (fns.some((fn) => /fallback|api-php|company-context/.test(fn)))
      problems.push(`${key}: served by a catch-all (${fns.join(', ')})`);
  }
  return problems;
}

/** Every function of the code exists once, with the provider settings and environment of serverless.yml. */
export function checkFunctions(deployed: DeployedStage, config: ResolvedConfig): string[] {
  const expected = [...expectedFunctions().keys()];
  const found = deployed.functions.map((fn) => fn.name);
  const problems = [
    ...missingFrom(expected, found, 'function missing'),
    ...missingFrom(found, expected, 'function not in the code'),
  ];
  const { provider } = config;
  const keyFunctions = cursorKeyFunctions();
  const overrides = functionOverrides();
  for (const fn of deployed.functions) {
    const own = overrides.get(fn.name);
    // The delivery queue's URL, built from its name (infra/webhook-queues.cjs): any account, this stage's queue.
    const queueUrl = own?.sendsToDeliveryQueue ? fn.environment.WEBHOOK_QUEUE_URL : undefined;
    const queueUrlRight =
      queueUrl !== undefined &&
      /^https:\/\/sqs\.[a-z0-9-]+\.amazonaws\.com\/\d+\//.test(queueUrl) &&
      queueUrl.endsWith(`/store-api-${deployed.stage}-webhook-delivery.fifo`);
    // Only the functions that sign or verify cursors are told where the key is (infra/secrets.cjs).
    const domain = String(stageParam(config, deployed.stage, 'customDomainName') ?? '');
    const ownEnv = {
      ...(keyFunctions.has(fn.name)
        ? { CURSOR_SECRET_PARAMETER: cursorSecretParameter('store-api', deployed.stage) }
        : {}),
      ...(fn.name === 'docs-openapi' && domain ? { PUBLIC_URL: `https://${domain}` } : {}),
      // The MCP server alone reads the stage param mcpWrites (infra/functions.cjs).
      ...(fn.name === 'mcp' ? { MCP_WRITES: String(stageParam(config, deployed.stage, 'mcpWrites') ?? 'true') } : {}),
      ...(own?.sendsToDeliveryQueue
        ? {
            WEBHOOK_QUEUE_URL: queueUrlRight
              ? queueUrl
              : 'https://sqs.<region>.amazonaws.com/<account>/store-api-<stage>-webhook-delivery.fifo',
          }
        : {}),
    };
    const wantedEnv = JSON.stringify(
      Object.entries({ ...provider.environment, ...ownEnv })
        .map(([k, v]) => [k, String(v)])
        .sort(),
    );
    const settings = {
      runtime: fn.runtime,
      architecture: fn.architectures.join(','),
      memorySize: fn.memorySize,
      timeout: fn.timeout,
    };
    const wanted = {
      runtime: provider.runtime,
      architecture: provider.architecture,
      memorySize: provider.memorySize,
      timeout: own?.timeout ?? provider.timeout,
    };
    if (JSON.stringify(settings) !== JSON.stringify(wanted))
      problems.push(`${fn.name}: ${JSON.stringify(settings)}, serverless.yml says ${JSON.stringify(wanted)}`);
    if (JSON.stringify(Object.entries(fn.environment).sort()) !== JSON.stringify(JSON.parse(wantedEnv))) {
      problems.push(
        `${fn.name}: environment ${Object.keys(fn.environment).sort().join(',')} differs from serverless.yml's`,
      );
    }
  }
  return problems;
}

/** Statements in one comparable form: actions and resources as sorted lists. */
function normalized(statements: PolicyStatement[]): string {
  const list = (value: unknown) =>
    [value]
      .flat()
      .map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))
      .sort();
  return JSON.stringify(
    statements
      .map((s) => ({
        Effect: s.Effect,
        Action: list(s.Action),
        Resource: list(s.Resource),
        Condition: s.Condition ?? null,
      }))
      .map((s) => JSON.stringify(s))
      .sort(),
  );
}

/** Every function runs as a role of its own holding exactly the grants infra/iam-roles.cjs declares; no other role exists. */
export function checkRoles(
  deployed: DeployedStage,
  expected: Map<string, Record<string, PolicyStatement[]>>,
): string[] {
  const problems: string[] = [];
  const roles = new Map(deployed.roles.map((role) => [role.name, role]));
  const users = new Map<string, string[]>();
  for (const fn of deployed.functions) users.set(fn.roleName, [...(users.get(fn.roleName) ?? []), fn.name]);
  for (const [role, fns] of users) if (fns.length > 1) problems.push(`role ${role} is shared by ${fns.join(', ')}`);
  // API Gateway's logging role (infra/edge.cjs) is the stage's only role that is no function's.
  const logsRole = apiGatewayLogsRoleName('store-api', deployed.stage);
  for (const role of deployed.roles)
    if (!users.has(role.name) && role.name !== logsRole) problems.push(`role ${role.name} belongs to no function`);
  for (const fn of deployed.functions) {
    const role = roles.get(fn.roleName);
    const wanted = expected.get(fn.name);
    if (!role) {
      problems.push(`${fn.name}: its role ${fn.roleName} does not exist`);
      continue;
    }
    if (!wanted) continue; // reported as "function not in the code"
    if (role.attachedPolicies.length > 0)
      problems.push(`${fn.name}: managed policies attached: ${role.attachedPolicies.join(', ')}`);
    const names = Object.keys(role.policies).sort().join(',');
    if (names !== Object.keys(wanted).sort().join(','))
      problems.push(`${fn.name}: inline policies ${names}, the code declares ${Object.keys(wanted).join(',')}`);
    for (const [name, statements] of Object.entries(wanted)) {
      if (role.policies[name] && normalized(role.policies[name]!.Statement) !== normalized(statements)) {
        problems.push(
          `${fn.name}: policy ${name} grants ${normalized(role.policies[name]!.Statement)}, the code declares ${normalized(statements)}`,
        );
      }
    }
  }
  return problems;
}

/** Stage throttling as serverless.yml sets it; execution and access logging as it sets them (off: it sets none). */
export function checkStageSettings(deployed: DeployedStage, config: ResolvedConfig): string[] {
  const settings = deployed.stageSettings;
  if (!settings) return [`stage ${deployed.stage} not found on the REST API`];
  const problems: string[] = [];
  const { rateLimit, burstLimit } = config.custom.stageThrottling;
  if (settings.throttlingRateLimit !== Number(rateLimit) || settings.throttlingBurstLimit !== Number(burstLimit)) {
    problems.push(
      `stage throttling ${settings.throttlingRateLimit}/${settings.throttlingBurstLimit} (${settings.source}), serverless.yml says ${rateLimit}/${burstLimit}`,
    );
  }
  // Execution logging stays off (it would log request bodies); the access log goes to the stage's access log group.
  if (settings.loggingLevel)
    problems.push(`stage execution logging is on (${settings.loggingLevel}); serverless.yml turns it off`);
  const wantsAccessLog = accessLogsOn(config, deployed.stage);
  const destination = settings.accessLogDestination ?? '';
  if (wantsAccessLog !== destination.endsWith(`:log-group:${accessLogGroupName('store-api', deployed.stage)}`)) {
    problems.push(
      `stage access log ${destination || 'off'}, the accessLogs param says ${wantsAccessLog ? accessLogGroupName('store-api', deployed.stage) : 'off'}`,
    );
  }
  return problems;
}

/** One log group per function, kept as long as the stage's logRetentionDays, and no other. */
export function checkLogGroups(deployed: DeployedStage, config: ResolvedConfig): string[] {
  const expected = [
    ...[...expectedFunctions().keys()].map((fn) => `/aws/lambda/store-api-${deployed.stage}-${fn}`),
    ...(accessLogsOn(config, deployed.stage) ? [accessLogGroupName('store-api', deployed.stage)] : []),
  ];
  const found = deployed.logGroups.map((g) => g.name);
  return [
    ...missingFrom(expected, found, 'log group missing'),
    ...missingFrom(found, expected, 'log group not in the code'),
    ...deployed.logGroups
      .filter((g) => g.retentionInDays !== config.provider.logRetentionInDays)
      .map(
        (g) =>
          `${g.name}: retention ${g.retentionInDays} days, serverless.yml says ${config.provider.logRetentionInDays}`,
      ),
  ];
}

/** The table's keys, index, billing, encryption, PITR, TTL and deletion protection as the code defines them. */
export function checkTable(deployed: DeployedStage, config: ResolvedConfig): string[] {
  const table = deployed.table;
  if (!table) return [`table store-api-${deployed.stage} does not exist`];
  const wanted = expectedTable(config, deployed.stage);
  const d = table.description;
  const sorted = (items: unknown[] | undefined) =>
    JSON.stringify([...(items ?? [])].map((i) => JSON.stringify(i)).sort());
  const problems: string[] = [];
  if (sorted(d.KeySchema) !== sorted(wanted.KeySchema)) problems.push(`table keys ${JSON.stringify(d.KeySchema)}`);
  if (sorted(d.AttributeDefinitions) !== sorted(wanted.AttributeDefinitions))
    problems.push(`table attributes ${JSON.stringify(d.AttributeDefinitions)}`);
  const indexes = (d.GlobalSecondaryIndexes ?? []).map((i) => ({
    IndexName: i.IndexName,
    KeySchema: i.KeySchema,
    Projection: { ProjectionType: i.Projection?.ProjectionType },
  }));
  if (sorted(indexes) !== sorted(wanted.GlobalSecondaryIndexes))
    problems.push(`table indexes ${JSON.stringify(indexes)}`);
  if (d.BillingModeSummary?.BillingMode !== 'PAY_PER_REQUEST')
    problems.push(`table billing ${d.BillingModeSummary?.BillingMode}, not on-demand`);
  if (d.SSEDescription?.Status !== 'ENABLED') problems.push(`table encryption ${d.SSEDescription?.Status ?? 'off'}`);
  if (table.pointInTimeRecovery !== 'ENABLED')
    problems.push(`point-in-time recovery ${table.pointInTimeRecovery ?? 'off'}`);
  if (table.ttl?.attribute !== wanted.ttlAttribute || table.ttl?.status !== 'ENABLED')
    problems.push(`TTL ${JSON.stringify(table.ttl)}, the code says ${wanted.ttlAttribute}`);
  if (Boolean(d.DeletionProtectionEnabled) !== wanted.deletionProtection)
    problems.push(`deletion protection ${d.DeletionProtectionEnabled}, stage param says ${wanted.deletionProtection}`);
  return problems;
}

/** What a removal must leave: nothing of the stage. */
export function checkNothingLeft(deployed: DeployedStage): string[] {
  const left = [
    ...deployed.stacks.map((s) => `stack ${s.name} (${s.status})`),
    ...deployed.restApiIds.map((id) => `REST API ${id}`),
    ...deployed.functions.map((fn) => `function ${fn.name}`),
    ...deployed.roles.map((role) => `role ${role.name}`),
    ...deployed.logGroups.map((g) => `log group ${g.name}`),
    ...deployed.buckets.map((name) => `bucket ${name}`),
    ...(deployed.table ? [`table ${deployed.table.description.TableName}`] : []),
  ];
  return left.map((item) => `left behind: ${item}`);
}

export { stageParam };
