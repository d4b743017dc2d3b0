/**
 * How many CloudFormation resources a stack holds, without packaging it. CloudFormation
 * refuses a stack of more than 500 resources (CFN_RESOURCE_LIMIT); the split deployment keeps
 * every stack at or below DOMAIN_BUDGET so a domain can grow before it has to be split.
 *
 * `countResources` reads a Serverless service (the resolved `functions`, the `resources`
 * and `provider.apiGateway`) the way the AWS provider compiles it:
 * - per function: its Lambda, its log group and one Lambda permission for API Gateway;
 * - per http event: one API Gateway method; per stream-triggered function: one event source mapping;
 * - per path segment prefix of every event path not imported from another stack: one API
 *   Gateway resource;
 * - per stack: the REST API (unless imported), its deployment, the deployment bucket and its policy;
 * - everything in `resources.Resources` (here the IAM role of every function and, in
 *   `all`/`core`, the table; in `core` the alarms, their topic, the dashboard and the access logs).
 * `stackSize(domain)` does the same from infra/function-table.cjs alone. test/deploy checks
 * both against the packaged templates, type by type.
 */
const { allFunctions, DOMAINS } = require('./function-table.cjs');
const { holdsQueues, QUEUE_NAMES } = require('./webhook-queues.cjs');
const { monitoringResources } = require('./monitoring.cjs');
const { edgeResources } = require('./edge.cjs');

const CFN_RESOURCE_LIMIT = 500;
/**
 * What the deploy tests allow one domain stack: 300 of CloudFormation's 500, so the biggest domain can still grow.
 * Growing in place matters more than even sizes: an entity cannot move to another stack in one in-place upgrade
 * (its API Gateway paths and its functions' names are the stage's, and the stack that gains them is deployed
 * before the one that gives them up), so a full domain is split by a new entity going to a new domain, not by
 * moving deployed ones.
 */
const DOMAIN_BUDGET = 300;

const trimSlashes = (path) => String(path).replace(/^\/+|\/+$/g, '');

/**
 * @param {object} stack
 * @param {Array<{ events?: Array<{ http?: { path: string, method: string } }> }>} stack.functions
 * @param {Record<string, { Type: string }>} stack.resources  the stack's own `resources.Resources`
 * @param {string[]} [stack.importedPaths]  API Gateway resources another stack created (`provider.apiGateway.restApiResources`)
 * @param {boolean} [stack.ownsRestApi]  false when `provider.apiGateway.restApiId` imports the REST API
 */
function countResources({ functions, resources = {}, importedPaths = [], ownsRestApi = true }) {
  const imported = new Set(importedPaths.map(trimSlashes));
  const httpEvents = functions.flatMap((fn) => (fn.events ?? []).filter((event) => event && event.http));
  // A schedule (the webhook retry runner): an EventBridge rule and a Lambda permission for it, per rate.
  const scheduleRules = functions
    .flatMap((fn) => (fn.events ?? []).filter((event) => event && event.schedule))
    .flatMap((event) => event.schedule.rate);
  const apiPaths = new Set();
  for (const event of httpEvents) {
    const segments = trimSlashes(event.http.path).split('/');
    for (let i = 1; i <= segments.length; i++) {
      const prefix = segments.slice(0, i).join('/');
      if (!imported.has(prefix)) apiPaths.add(prefix);
    }
  }
  const byType = {
    'AWS::Lambda::Function': functions.length,
    'AWS::Logs::LogGroup': functions.length,
    'AWS::Lambda::Permission':
      functions.filter((fn) => (fn.events ?? []).some((event) => event && event.http)).length + scheduleRules.length,
    'AWS::Events::Rule': scheduleRules.length,
    // A stream-triggered function (infra/function-table.cjs STREAM_FUNCTIONS, or its compiled `stream` event): its event source.
    // A queue-triggered function (the webhook delivery worker): one per sqs event.
    'AWS::Lambda::EventSourceMapping':
      functions.filter((fn) => fn.stream || (fn.events ?? []).some((event) => event && event.stream)).length +
      functions.flatMap((fn) => (fn.events ?? []).filter((event) => event && event.sqs)).length,
    'AWS::ApiGateway::Method': httpEvents.length,
    'AWS::ApiGateway::Resource': apiPaths.size,
    'AWS::ApiGateway::RestApi': httpEvents.length > 0 && ownsRestApi ? 1 : 0,
    'AWS::ApiGateway::Deployment': httpEvents.length > 0 ? 1 : 0,
    'AWS::S3::Bucket': 1,
    'AWS::S3::BucketPolicy': 1,
  };
  for (const resource of Object.values(resources)) byType[resource.Type] = (byType[resource.Type] ?? 0) + 1;
  for (const type of Object.keys(byType)) if (byType[type] === 0) delete byType[type];
  return { byType, total: Object.values(byType).reduce((sum, n) => sum + n, 0) };
}

/** The size of one stack of this deployment (`all`, `core` or a domain), from the function table (or `rows`). */
function stackSize(domain = 'all', rows = undefined) {
  const functions = allFunctions(domain, rows);
  const ownsShared = domain === 'all' || domain === 'core';
  // infra/iam-roles.cjs: one role per function; infra/table.cjs: the table in the stack that owns it.
  const resources = Object.fromEntries([
    ...functions.map((fn) => [`${fn.name}-role`, { Type: 'AWS::IAM::Role' }]),
    ...(ownsShared ? [['StoreTable', { Type: 'AWS::DynamoDB::Table' }]] : []),
    ...(holdsQueues(domain) && rows === undefined
      ? Object.keys(QUEUE_NAMES).map((id) => [id, { Type: 'AWS::SQS::Queue' }])
      : []),
    // infra/monitoring.cjs, infra/edge.cjs: alarms, topic, dashboard and access logs in core, with the default params.
    ...(domain === 'core'
      ? Object.entries({
          ...monitoringResources({ service: 'store-api', stage: 'size' }),
          ...edgeResources({ service: 'store-api', stage: 'size' }),
        })
      : []),
  ]);
  return countResources({
    functions,
    resources,
    importedPaths: ownsShared ? [] : ['api', 'api/2.0'],
    ownsRestApi: ownsShared,
  });
}

/** The stacks of the split deployment in deploy order: core first, then every domain. */
const SPLIT_STACKS = ['core', ...DOMAINS.filter((domain) => domain !== 'core')];

module.exports = { CFN_RESOURCE_LIMIT, DOMAIN_BUDGET, SPLIT_STACKS, countResources, stackSize };
