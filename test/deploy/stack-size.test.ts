import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { functionRows } from '../../lib/entities/deployment.js';
import type { StoredEntityDefinition } from '../../lib/entities/types.js';
import { partialStateReport, plan } from '../../scripts/deploy.js';

const require = createRequire(import.meta.url);
const { CFN_RESOURCE_LIMIT, DOMAIN_BUDGET, SPLIT_STACKS, stackSize, countResources } =
  require('../../infra/stack-size.cjs') as {
    CFN_RESOURCE_LIMIT: number;
    DOMAIN_BUDGET: number;
    SPLIT_STACKS: string[];
    stackSize: (domain: string, rows?: unknown[]) => { byType: Record<string, number>; total: number };
    countResources: (stack: object) => { total: number };
  };
type Row = { domain: string; name: string; key: string; path: string; method: string };
type DomainFunction = {
  name: string;
  events: Array<{ http: { path: string; method: string } }>;
  stream?: Record<string, unknown>;
};
const { FUNCTIONS, allFunctions } = require('../../infra/function-table.cjs') as {
  FUNCTIONS: Row[];
  allFunctions: (domain: string) => DomainFunction[];
};

/** The functions of a hypothetical plain CRUD entity in domain `grown`, as `npm run generate` derives them. */
function plainEntityFunctions(name: string): Row[] {
  const entity: StoredEntityDefinition = {
    name,
    schema: {
      idField: `${name}_id`,
      fields: {},
    },
    http: {
      collectionKey: name,
      answers: { create: {}, update: {} },
      operations: ['list', 'get', 'create', 'update', 'delete'],
      privileges: 'none',
    },
    storage: {
      name: name,
      indexes: [],
      references: [{ field: 'company_id', storage: 'company', message: 'no such company' }],
      dependents: [{ storage: 'product', index: `${name}_id`, message: 'in use' }],
    },
    deployment: { domain: 'grown' },
  };
  return functionRows([entity]);
}
const { queueResources } = require('../../infra/webhook-queues.cjs') as {
  queueResources: (service: string, stage: string) => Record<string, { Type: string }>;
};
const StackLimit = require('../../infra/plugins/stack-limit.cjs') as new (
  serverless: object,
  options?: object,
  utils?: object,
) => {
  hooks: Record<string, () => void>;
};

/**
 * Stack sizes without packaging (infra/stack-size.cjs, which split-stacks.test.ts checks against
 * every packaged template), the plugin that refuses an oversized deploy, and the deploy script's order.
 */
describe('stack sizes of the function table', () => {
  it(`keeps every stack of the split deployment at most ${DOMAIN_BUDGET} resources`, () => {
    for (const name of SPLIT_STACKS) {
      const { total } = stackSize(name);
      console.log(`[size] ${name}: ${total} resources`);
      expect(
        total,
        `${name} has outgrown its budget: split it (docs/deploy.md, "Adding a domain")`,
      ).toBeLessThanOrEqual(DOMAIN_BUDGET);
    }
  });

  it('costs 54 resources per plain entity (42, plus 12 for its batch function) and 7 per domain stack, so a domain holds five plain entities', () => {
    const core = FUNCTIONS.filter((fn) => fn.domain === 'core');
    const domainOf = (entities: number) => [
      ...core,
      ...Array.from({ length: entities }, (_, i) => plainEntityFunctions(`entity${i}`)).flat(),
    ];
    const sizes = [1, 2, 5, 6].map((n) => stackSize('grown', domainOf(n)).total);
    expect(sizes).toEqual([7 + 54, 7 + 2 * 54, 7 + 5 * 54, 7 + 6 * 54]);
    expect(sizes[2]).toBeLessThanOrEqual(DOMAIN_BUDGET);
    expect(sizes[3]).toBeGreaterThan(DOMAIN_BUDGET);
    // ~140 functions (28 entities of five) in one stack: about 1,200 resources.
    const everything = [...core, ...Array.from({ length: 28 }, (_, i) => plainEntityFunctions(`entity${i}`)).flat()];
    expect(stackSize('all', everything).total).toBeGreaterThan(2 * CFN_RESOURCE_LIMIT);
  });

  it('gives every first path segment to one domain: API Gateway cannot have two stacks create /api/<segment>', () => {
    const owner = new Map<string, string>();
    for (const fn of FUNCTIONS) {
      const segment = fn.path.split('/')[0]!;
      expect(owner.get(segment) ?? fn.domain, `${segment} is in ${owner.get(segment)} and ${fn.domain}`).toBe(
        fn.domain,
      );
      owner.set(segment, fn.domain);
    }
  });

  it('deploys core first: it holds the REST API and the table every domain imports', () => {
    expect(SPLIT_STACKS[0]).toBe('core');
    expect(new Set(SPLIT_STACKS).size).toBe(SPLIT_STACKS.length);
    expect(SPLIT_STACKS).not.toContain('all');
    // Every function of the table is in exactly one stack of the split.
    const split = SPLIT_STACKS.flatMap((name) => allFunctions(name).map((fn) => fn.name));
    const single = allFunctions('all').map((fn) => fn.name);
    const catchAlls = SPLIT_STACKS.filter((name) => name !== 'core').map((name) => `${name}-fallback`);
    expect(split.sort()).toEqual([...single, ...catchAlls].sort());
    for (const fn of FUNCTIONS) expect(single).toContain(fn.name);
  });
});

function fakeServerless({
  commands,
  domain = 'all',
  functions = {},
  resources = {},
  apiGateway = {},
  template,
}: {
  commands: string[];
  domain?: string;
  functions?: Record<string, object>;
  resources?: Record<string, { Type: string }>;
  apiGateway?: object;
  template?: { Resources: Record<string, object> };
}) {
  const warnings: string[] = [];
  class ServerlessError extends Error {
    constructor(
      message: string,
      readonly code: string,
    ) {
      super(message);
    }
  }
  const serverless = {
    processedInput: { commands },
    classes: { Error: ServerlessError },
    service: {
      service: 'store-api',
      custom: { domain },
      functions,
      resources: { Resources: resources },
      provider: {
        stage: 'prod',
        stackName: domain === 'all' ? 'store-api-prod' : `store-api-prod-${domain}`,
        apiGateway,
        compiledCloudFormationTemplate: template,
      },
    },
  };
  return { serverless, warnings, log: { warning: (message: string) => warnings.push(message) } };
}

const serviceOf = (domain: string) => ({
  // As infra/functions.cjs compiles them: a stream-triggered function's `stream` becomes its event.
  functions: Object.fromEntries(
    allFunctions(domain).map((fn) => [
      fn.name,
      { events: fn.stream ? [{ stream: { type: 'dynamodb', ...fn.stream } }] : fn.events },
    ]),
  ),
  resources: Object.fromEntries(allFunctions(domain).map((fn) => [`${fn.name}Role`, { Type: 'AWS::IAM::Role' }])),
});
const templateOf = (count: number) => ({
  Resources: Object.fromEntries(Array.from({ length: count }, (_, i) => [`R${i}`, { Type: 'AWS::SNS::Topic' }])),
});

describe('infra/plugins/stack-limit.cjs', () => {
  it('refuses `serverless deploy` of the single stack in its initialize hook, naming the way to deploy', () => {
    // The single stack also holds the table and the webhook delivery queues (infra/webhook-queues.cjs).
    const queues = queueResources('store-api', 'prod');
    const { serverless } = fakeServerless({
      commands: ['deploy'],
      ...serviceOf('all'),
      resources: { ...serviceOf('all').resources, ...queues, StoreTable: { Type: 'AWS::DynamoDB::Table' } },
    });
    const plugin = new StackLimit(serverless, {});
    expect(() => plugin.hooks.initialize!()).toThrow(
      `Stack store-api-prod would hold ${stackSize('all').total} CloudFormation resources`,
    );
    expect(() => plugin.hooks.initialize!()).toThrow('npm run deploy -- --stage prod');
  });

  it('lets every stack of the split through', () => {
    for (const name of SPLIT_STACKS) {
      const apiGateway =
        name === 'core'
          ? {}
          : { restApiId: { 'Fn::ImportValue': 'x' }, restApiResources: { '/api': 'a', '/api/2.0': 'b' } };
      const { serverless } = fakeServerless({ commands: ['deploy'], domain: name, ...serviceOf(name), apiGateway });
      expect(() => new StackLimit(serverless, {}).hooks.initialize!()).not.toThrow();
    }
  });

  it('estimates from the resolved service what the packaged template will hold', () => {
    const { functions, resources } = serviceOf('orders');
    const estimate = countResources({
      functions: Object.values(functions),
      resources,
      importedPaths: ['/api', '/api/2.0'],
      ownsRestApi: false,
    });
    expect(estimate.total).toBe(stackSize('orders').total);
  });

  it('tells a domain that outgrew the limit to split, also when deploying a package (the compiled template)', () => {
    const { serverless } = fakeServerless({
      commands: ['deploy'],
      domain: 'catalog',
      template: templateOf(CFN_RESOURCE_LIMIT + 1),
    });
    const plugin = new StackLimit(serverless, { package: '.serverless' });
    expect(() => plugin.hooks.initialize!()).not.toThrow();
    expect(() => plugin.hooks['before:aws:deploy:deploy:createStack']!()).toThrow("Split the domain 'catalog'");
    const { serverless: fits } = fakeServerless({
      commands: ['deploy'],
      domain: 'catalog',
      template: templateOf(CFN_RESOURCE_LIMIT),
    });
    expect(() => new StackLimit(fits, {}).hooks['before:aws:deploy:deploy:createStack']!()).not.toThrow();
  });

  it('only warns on `serverless package`, and leaves `deploy function` alone', () => {
    const packaging = fakeServerless({ commands: ['package'], ...serviceOf('all'), template: templateOf(600) });
    const plugin = new StackLimit(packaging.serverless, {}, { log: packaging.log });
    expect(() => plugin.hooks.initialize!()).not.toThrow();
    plugin.hooks['after:package:finalize']!();
    expect(packaging.warnings.join('\n')).toContain('600 resources');
    const single = fakeServerless({ commands: ['deploy', 'function'], ...serviceOf('all') });
    expect(() => new StackLimit(single.serverless, { function: 'users-get' }).hooks.initialize!()).not.toThrow();
  });
});

describe('npm run deploy (scripts/deploy.ts)', () => {
  it('deploys core, then every domain, one after the other, passing other options on', () => {
    const wanted = plan(['--stage', 'prod', '--region', 'eu-west-1']);
    expect(wanted.stacks).toEqual(SPLIT_STACKS);
    expect(wanted.commands[0]).toEqual(['deploy', '--stage', 'prod', '--param=domain=core', '--region', 'eu-west-1']);
    expect(wanted.commands.map((args) => args[3])).toEqual(SPLIT_STACKS.map((name) => `--param=domain=${name}`));
  });

  it('removes in reverse: the domains, then core (whose exports they import)', () => {
    const wanted = plan(['--stage=dev', '--remove']);
    expect(wanted.stacks).toEqual([...SPLIT_STACKS].reverse());
    expect(wanted.commands.at(-1)).toEqual(['remove', '--stage', 'dev', '--param=domain=core']);
  });

  it('deploys only the stacks named, still in order; refuses a missing stage, unknown stacks and a domain param', () => {
    expect(plan(['--stage', 'prod', '--only', `orders,core`]).stacks).toEqual(['core', 'orders']);
    expect(() => plan([])).toThrow('--stage is required');
    expect(() => plan(['--stage', 'prod', '--only', 'nope'])).toThrow('unknown stack nope');
    expect(() => plan(['--stage', 'prod', '--param=domain=core'])).toThrow('--only');
  });

  it('after a failure, names the stacks that exist, the one a rollback left unusable, and how to resume or remove', () => {
    const wanted = plan(['--stage', 'dev', '--region', 'eu-west-1']);
    const failedAt = wanted.stacks.indexOf('catalog');
    const statuses = new Map<string, string | undefined>([
      ['core', 'UPDATE_COMPLETE'],
      ['accounts', 'CREATE_COMPLETE'],
      ['catalog', 'ROLLBACK_COMPLETE'],
    ]);
    const report = partialStateReport(wanted, failedAt, statuses);
    expect(report).toContain('stack catalog failed');
    expect(report).toContain(
      'store-api-dev-core (UPDATE_COMPLETE), store-api-dev-accounts (CREATE_COMPLETE), store-api-dev-catalog (ROLLBACK_COMPLETE)',
    );
    expect(report).toContain('--remove --only catalog');
    expect(report).toContain(`--only ${wanted.stacks.slice(failedAt).join(',')}`);
    expect(report).toContain('npm run deploy -- --stage dev --remove');
    expect(wanted.region).toBe('eu-west-1');
  });
});
