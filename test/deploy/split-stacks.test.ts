/**
 * The deployment as `npm run deploy` ships it: a core stack (table, REST API, dispatchers,
 * /version) and one stack per domain hung on it through imports, every one packaged offline here
 * for stage prod. Together they must serve every operation exactly once, each function with
 * exactly the DynamoDB access its code needs, every stack far below CloudFormation's limit.
 */
import { describe, expect, it } from 'vitest';
import { HANDLERS } from '../../functions/handler-table.generated.js';
import { tableDefinition } from '../../lib/db/schema.js';
import {
  EXPECTED_ACCESS,
  EXPECTED_OTHER,
  EXPECTED_QUEUE_WORKERS,
  EXPECTED_SCHEDULED,
  unionOf,
  WRITE_ACTIONS,
} from './expected-access.js';
import {
  countByType,
  isIndex,
  isTable,
  lambdaByName,
  lambdas,
  type Route,
  resourceCount,
  routes,
  statementsOf,
  unconditionalActions,
} from './inspect.js';
import {
  CFN_RESOURCE_LIMIT,
  CONTEXT_DISPATCHER,
  CONTEXT_DISPATCHER_ROUTES,
  CURSOR_KEY_FUNCTIONS,
  DISPATCHERS,
  DOMAIN_BUDGET,
  DOMAIN_STACKS,
  EVENT_STORE_ONLY,
  EVENTS_CONSUMER_ACTIONS,
  EVERY_FUNCTION,
  expectedVariables,
  isQueue,
  isTableStream,
  mapping0,
  OTHERS,
  packagedStacks,
  QUEUE_WORKERS,
  routeKey,
  SCHEDULED,
  SPLIT_STACKS,
  STAGE,
  STREAM_CONSUMERS,
  stackSize,
  THROTTLE_ONLY,
} from './split-stacks-fixtures.js';

describe(`the split deployment, every stack packaged (stage ${STAGE})`, () => {
  const { stack, everyLambda, everyRoute } = packagedStacks();

  it(`keeps every stack below CloudFormation's ${CFN_RESOURCE_LIMIT} resources, and each at most ${DOMAIN_BUDGET}`, () => {
    for (const name of SPLIT_STACKS) {
      const count = resourceCount(stack(name));
      console.log(
        `[split] stack store-api-${STAGE}-${name}: ${count} resources, ${lambdas(stack(name), STAGE).length} functions`,
      );
      expect(count).toBeLessThan(CFN_RESOURCE_LIMIT);
      expect(count).toBeLessThanOrEqual(DOMAIN_BUDGET);
    }
  });

  it.each(SPLIT_STACKS)('%s: infra/stack-size.cjs predicts its resources type by type', (name) => {
    expect(countByType(stack(name))).toEqual(stackSize(name).byType);
    expect(resourceCount(stack(name))).toBe(stackSize(name).total);
  });

  it('core owns the table and the REST API, throttles its stage and exports what the domains import', () => {
    const core = stack('core');
    expect(core.Resources.StoreTable?.Type).toBe('AWS::DynamoDB::Table');
    expect(core.Resources.ApiGatewayRestApi?.Type).toBe('AWS::ApiGateway::RestApi');
    const exported = Object.values(core.Outputs ?? {}).flatMap((o) => (o.Export ? [o.Export.Name] : []));
    for (const name of ['RestApiId', 'RestApiRootResourceId', 'ApiResourceId', 'Api20ResourceId', 'TableArn']) {
      expect(exported).toContain(`store-api-${STAGE}-${name}`);
    }
    const deployment = Object.values(core.Resources).find((r) => r.Type === 'AWS::ApiGateway::Deployment');
    expect(deployment?.Properties?.StageDescription?.ThrottlingRateLimit).toBe(500);
    expect(deployment?.Properties?.StageDescription?.ThrottlingBurstLimit).toBe(1000);
  });

  it('exports no name twice across the stacks (CloudFormation refuses a second stack exporting a name)', () => {
    const exported = SPLIT_STACKS.flatMap((name) =>
      Object.values(stack(name).Outputs ?? {}).flatMap((o) => (o.Export ? [o.Export.Name] : [])),
    );
    expect(exported.length).toBeGreaterThan(SPLIT_STACKS.length);
    expect(exported.filter((exportName, i) => exported.indexOf(exportName) !== i)).toEqual([]);
  });

  it.each(DOMAIN_STACKS)(
    '%s creates no table and no REST API, imports both, and leaves the stage settings to core',
    (name) => {
      const template = stack(name);
      const types = Object.values(template.Resources).map((r) => r.Type);
      expect(types).not.toContain('AWS::DynamoDB::Table');
      expect(types).not.toContain('AWS::ApiGateway::RestApi');
      const text = JSON.stringify(template.Resources);
      expect(text).toContain(`"Fn::ImportValue":"store-api-${STAGE}-RestApiId"`);
      expect(text).toContain(`"Fn::ImportValue":"store-api-${STAGE}-TableArn"`);
      const deployment = Object.values(template.Resources).find((r) => r.Type === 'AWS::ApiGateway::Deployment');
      expect(deployment?.Properties?.StageDescription).toBeUndefined();
    },
  );

  it('holds every function once: each operation, the dispatchers, panel and docs in core, one catch-all per domain stack', () => {
    const names = everyLambda().map((lambda) => lambda.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(EVERY_FUNCTION);
    const stores = everyLambda().find((lambda) => lambda.name === 'stores-get')!.stack;
    expect(lambdas(stack(stores), STAGE).map((l) => l.name)).toContain(CONTEXT_DISPATCHER);
    expect(lambdas(stack('core'), STAGE).map((l) => l.name)).toEqual(
      expect.arrayContaining([...DISPATCHERS, ...OTHERS]),
    );
    for (const name of DOMAIN_STACKS)
      expect(lambdas(stack(name), STAGE).map((l) => l.name)).toContain(`${name}-fallback`);
    for (const name of SPLIT_STACKS) {
      for (const { name: fn } of lambdas(stack(name), STAGE)) {
        const lambda = lambdaByName(stack(name), STAGE, fn);
        expect(lambda.Properties?.Runtime).toBe('nodejs22.x');
        expect(Object.keys(lambda.Properties?.Environment?.Variables ?? {}).sort()).toEqual(expectedVariables(fn));
        // The stage traces: its DynamoDB calls become X-Ray subsegments (lib/db/client.ts).
        expect(lambda.Properties?.Environment?.Variables?.POWERTOOLS_TRACE_ENABLED).toBe('true');
      }
    }
  });

  it('serves every route key of functions/handler-table.generated.ts exactly once, under /api and /api/2.0, by one function', () => {
    const served = new Map<string, Array<Route & { stack: string }>>();
    for (const route of everyRoute()) {
      if (route.method === 'ANY' || route.method === 'OPTIONS' || OTHERS.includes(route.fn)) continue;
      const key = routeKey(route);
      expect(key, `${route.method} ${route.path} resolves to no route`).toBeDefined();
      served.set(key!, [...(served.get(key!) ?? []), route]);
    }
    expect([...served.keys()].sort()).toEqual(Object.keys(HANDLERS).sort());
    for (const [key, byKey] of served) {
      expect(byKey.map((r) => (r.path.startsWith('api/2.0/') ? '2.0' : 'api')).sort(), key).toEqual(['2.0', 'api']);
      expect(new Set(byKey.map((r) => r.fn)).size, `${key} is served by ${byKey.map((r) => r.fn).join(', ')}`).toBe(1);
      expect(byKey[0]!.fn).not.toMatch(/fallback|api-php/);
    }
  });

  it.each(OTHERS)('%s (core) serves exactly its own routes and may take exactly its own DynamoDB actions', (fn) => {
    const served = routes(stack('core'), STAGE)
      .filter((r) => r.fn === fn)
      .map((r) => `${r.method} ${r.path}`);
    expect(served.sort()).toEqual([...EXPECTED_OTHER[fn]!.routes].sort());
    const statements = statementsOf(stack('core'), STAGE, fn);
    expect(unconditionalActions(statements, isTable)).toEqual(EXPECTED_OTHER[fn]!.table);
    expect(unconditionalActions(statements, isIndex)).toEqual(EXPECTED_OTHER[fn]!.index);
  });

  it.each(SCHEDULED)(
    '%s runs on its EventBridge schedule in its domain stack, with its own role taking exactly its DynamoDB actions',
    (fn) => {
      const expected = EXPECTED_SCHEDULED[fn]!;
      const template = stack(expected.domain);
      expect(lambdas(template, STAGE).map((l) => l.name)).toContain(fn);
      const rules = Object.values(template.Resources).filter((r) => r.Type === 'AWS::Events::Rule');
      expect(rules.map((r) => r.Properties?.ScheduleExpression)).toEqual([expected.schedule]);
      // The framework names the target after the function (`webhooks-retrySchedule`, aimed at its Lambda's Arn).
      expect(JSON.stringify(rules[0]!.Properties?.Targets)).toContain(`"Id":"${fn}Schedule"`);
      const statements = statementsOf(template, STAGE, fn);
      expect(unconditionalActions(statements, isTable)).toEqual(expected.table);
      expect(unconditionalActions(statements, isIndex)).toEqual(expected.index);
      expect(routes(template, STAGE).filter((r) => r.fn === fn)).toEqual([]);
    },
  );

  it('gives every path a catch-all (ANY and OPTIONS) in its own stack, and no path to two stacks', () => {
    const all = everyRoute();
    const keys = all.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const name of SPLIT_STACKS) {
      const own = routes(stack(name), STAGE);
      const catchAll = name === 'core' ? 'fallback' : `${name}-fallback`;
      // /api.php, the panel and the docs take ANY on their paths themselves (checked above).
      // So do the context dispatcher on its greedy paths below the company paths, and the MCP server on /mcp.
      const ownAny = (route: Route) =>
        route.path === 'api.php' || OTHERS.includes(route.fn) || route.fn === CONTEXT_DISPATCHER || route.fn === 'mcp';
      const selfServed = new Set(own.filter(ownAny).map((r) => r.path));
      for (const path of new Set(own.filter((r) => !selfServed.has(r.path)).map((r) => r.path))) {
        for (const method of ['ANY', 'OPTIONS']) {
          expect(own.find((r) => r.path === path && r.method === method)?.fn, `${name}: ${method} ${path}`).toBe(
            catchAll,
          );
        }
      }
    }
    const core = routes(stack('core'), STAGE);
    for (const path of ['api', 'api/2.0', 'api/{proxy+}'])
      expect(core.find((r) => r.path === path && r.method === 'ANY')?.fn).toBe('fallback');
    expect(
      core
        .filter((r) => r.path === 'api.php')
        .map((r) => `${r.method} ${r.fn}`)
        .sort(),
    ).toEqual(['ANY api-php', 'OPTIONS api-php']);
    // API Gateway refuses a second resource of the same name under one parent: a first path segment belongs to one stack.
    const owner = new Map<string, string>();
    for (const route of all) {
      const segment = route.path.replace(/^api(\/2\.0)?\/?/, '').split('/')[0] || '(root)';
      if (!owner.has(segment)) owner.set(segment, route.stack);
      expect(owner.get(segment), `/${segment} is in ${owner.get(segment)} and ${route.stack}`).toBe(route.stack);
    }
  });

  it.each(Object.keys(EXPECTED_ACCESS))('%s may take exactly its own DynamoDB actions', (fn) => {
    const home = everyLambda().find((lambda) => lambda.name === fn)!.stack;
    const statements = statementsOf(stack(home), STAGE, fn);
    expect(unconditionalActions(statements, isTable)).toEqual(EXPECTED_ACCESS[fn]!.table);
    expect(unconditionalActions(statements, isIndex)).toEqual(EXPECTED_ACCESS[fn]!.index);
  });

  it("grants nothing broader than the table, its index, the function's own log group, the cursor key where cursors are signed and X-Ray (prod traces), and no wildcard action", () => {
    for (const { name: fn, stack: home } of everyLambda()) {
      for (const statement of statementsOf(stack(home), STAGE, fn)) {
        expect(statement.Effect).toBe('Allow');
        // X-Ray's actions take no resource-level permission: the one statement allowed to name '*'.
        if (statement.Action.every((a) => a.startsWith('xray:'))) {
          expect([...statement.Action].sort(), fn).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
          expect(statement.Resource, fn).toEqual(['*']);
          continue;
        }
        if (statement.Action.includes('ssm:GetParameter')) {
          expect(statement.Action, fn).toEqual(['ssm:GetParameter']);
          expect(CURSOR_KEY_FUNCTIONS.has(fn), `${fn} signs no cursor but may read the key`).toBe(true);
          expect(JSON.stringify(statement.Resource), fn).toContain(`"parameter/store-api/${STAGE}/cursor-secret"`);
          continue;
        }
        expect(
          statement.Action.some((a) => a.includes('*')),
          fn,
        ).toBe(false);
        expect(statement.Resource, fn).not.toContain('*');
        for (const resource of statement.Resource) {
          const text = JSON.stringify(resource);
          const consumer = STREAM_CONSUMERS.includes(fn);
          const queues = statement.Action.every((a) => a.startsWith('sqs:')) && isQueue(resource);
          const allowed =
            isTable(resource) ||
            isIndex(resource) ||
            (consumer && isTableStream(resource)) ||
            queues ||
            text.includes(`"/aws/lambda/store-api-${STAGE}-${fn}"`);
          expect(allowed, `${fn}: ${text}`).toBe(true);
        }
        if (statement.Condition)
          expect(statement.Condition).toEqual(STREAM_CONSUMERS.includes(fn) ? EVENT_STORE_ONLY : THROTTLE_ONLY);
      }
    }
  });

  // --- events (issue 20) ---
  it("triggers the change feed consumer from the core table's stream, filtered to entity records, and lets it write only the event store and the webhook deliveries", () => {
    const home = everyLambda().find((lambda) => lambda.name === 'events-consumer')!.stack;
    expect(home).toBe('events');
    const mappings = Object.values(stack('events').Resources).filter(
      (r) => r.Type === 'AWS::Lambda::EventSourceMapping' && JSON.stringify(r).includes('TableStreamArn'),
    );
    expect(mappings).toHaveLength(1);
    // A batch it gives up on leaves its position in the failure queue (npm run admin -- replay-events).
    expect(mapping0(mappings)).toContain('"Fn::GetAtt":["EventsConsumerFailureQueue","Arn"]');
    const mapping = JSON.stringify(mappings[0]);
    expect(mapping).toContain(`"Fn::ImportValue":"store-api-${STAGE}-TableStreamArn"`);
    expect(mapping).toContain('RECORD');
    expect(mapping).toContain('LINK#');
    expect(JSON.stringify(stack('core').Outputs)).toContain('TableStreamArn');
    const statements = statementsOf(stack(home), STAGE, 'events-consumer');
    const writes = statements.filter((statement) =>
      statement.Action.some((a) => WRITE_ACTIONS.includes(a.replace('dynamodb:', ''))),
    );
    expect(writes.map((statement) => statement.Condition)).toEqual([EVENT_STORE_ONLY]);
    expect(statements.flatMap((statement) => statement.Action).sort()).toEqual(EVENTS_CONSUMER_ACTIONS);
  });

  it.each(QUEUE_WORKERS)(
    '%s is triggered by its queue in the events stack, with the queue and its dead-letter queue beside it',
    (fn) => {
      const expected = EXPECTED_QUEUE_WORKERS[fn]!;
      const template = stack(expected.domain);
      expect(lambdas(template, STAGE).map((l) => l.name)).toContain(fn);
      const queue = template.Resources[expected.queue]!;
      expect(queue.Type).toBe('AWS::SQS::Queue');
      expect(queue.Properties?.FifoQueue).toBe(true);
      expect(JSON.stringify(queue.Properties?.RedrivePolicy)).toContain('WebhookDeliveryDeadLetterQueue');
      expect(template.Resources.EventsConsumerFailureQueue?.Type).toBe('AWS::SQS::Queue');
      const mapping = Object.values(template.Resources).find(
        (r) => r.Type === 'AWS::Lambda::EventSourceMapping' && JSON.stringify(r).includes(`"${expected.queue}","Arn"`),
      );
      expect(mapping?.Properties?.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
      const statements = statementsOf(template, STAGE, fn);
      expect(unconditionalActions(statements, isTable)).toEqual(expected.table);
      expect(unconditionalActions(statements, isIndex)).toEqual(expected.index);
      expect(routes(template, STAGE).filter((r) => r.fn === fn)).toEqual([]);
      for (const name of SPLIT_STACKS.filter((other) => other !== expected.domain))
        expect(JSON.stringify(stack(name).Resources)).not.toContain('AWS::SQS::Queue');
    },
  );
  // --- end events ---

  it('lets no read function (GET routes only) write data: its writes are confined to THROTTLE#, RATE# and IDEMPOTENCY# items', () => {
    const methods = new Map<string, Set<string>>();
    for (const route of everyRoute()) methods.set(route.fn, new Set([...(methods.get(route.fn) ?? []), route.method]));
    const readers = [...methods].filter(([, m]) => m.size === 1 && m.has('GET')).map(([fn]) => fn);
    expect(readers.length).toBeGreaterThan(20);
    for (const fn of readers) {
      const home = everyLambda().find((lambda) => lambda.name === fn)!.stack;
      for (const statement of statementsOf(stack(home), STAGE, fn)) {
        const writes = statement.Action.filter((a) => WRITE_ACTIONS.includes(a.replace('dynamodb:', '')));
        if (writes.length > 0) expect(statement.Condition, `${fn}: ${writes.join(', ')}`).toEqual(THROTTLE_ONLY);
      }
    }
  });

  it("gives the dispatchers the union of every operation's access, and a domain's catch-all the union of its domain", () => {
    const everyOperation = unionOf(Object.keys(EXPECTED_ACCESS));
    for (const fn of DISPATCHERS) {
      const statements = statementsOf(stack('core'), STAGE, fn);
      expect(unconditionalActions(statements, isTable)).toEqual(everyOperation.table);
      expect(unconditionalActions(statements, isIndex)).toEqual(everyOperation.index);
    }
    const context = everyLambda().find((lambda) => lambda.name === CONTEXT_DISPATCHER)!;
    const contextStatements = statementsOf(stack(context.stack), STAGE, CONTEXT_DISPATCHER);
    expect(unconditionalActions(contextStatements, isTable)).toEqual(everyOperation.table);
    expect(unconditionalActions(contextStatements, isIndex)).toEqual(everyOperation.index);
    expect(
      routes(stack(context.stack), STAGE)
        .filter((r) => r.fn === CONTEXT_DISPATCHER)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    ).toEqual(CONTEXT_DISPATCHER_ROUTES);
    for (const name of DOMAIN_STACKS) {
      const own = lambdas(stack(name), STAGE)
        .map((l) => l.name)
        .filter(
          (fn) =>
            fn !== `${name}-fallback` &&
            fn !== CONTEXT_DISPATCHER &&
            !STREAM_CONSUMERS.includes(fn) &&
            !QUEUE_WORKERS.includes(fn),
        );
      const statements = statementsOf(stack(name), STAGE, `${name}-fallback`);
      expect(unconditionalActions(statements, isTable)).toEqual(unionOf(own).table);
      expect(unconditionalActions(statements, isIndex)).toEqual(unionOf(own).index);
    }
  });

  it('declares the table the code expects, kept in prod: keys, index, on-demand, PITR, encryption, TTL, Retain, deletion protection', () => {
    const table = stack('core').Resources.StoreTable!;
    const expected = tableDefinition(`store-api-${STAGE}`);
    expect(table.Properties?.KeySchema).toEqual(expected.KeySchema);
    expect(table.Properties?.AttributeDefinitions).toEqual(expected.AttributeDefinitions);
    expect(table.Properties?.GlobalSecondaryIndexes).toEqual(expected.GlobalSecondaryIndexes);
    expect(table.Properties?.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.Properties?.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.Properties?.SSESpecification).toEqual({ SSEEnabled: true });
    expect(table.Properties?.TimeToLiveSpecification).toEqual({ AttributeName: 'expires_at', Enabled: true });
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
    expect(table.Properties?.DeletionProtectionEnabled).toBe(true);
  });

  // cfn-lint (no error, no warning) is proved on every stack by the emulator project: moto's ValidateTemplate runs it
  // on each template the deploy check deploys, with the stage's alarms, tracing, WAF and domain on, and refuses any
  // finding (scripts/deploy-check.ts). Linting these templates again here cost a minute of the suite.
});
