/**
 * What one CloudFormation stack holds, chosen by the `domain` param
 * (`serverless deploy --param="domain=accounts"`; default `all`).
 *
 * - `all`: one stack with everything: what serverless offline runs. Over CloudFormation's
 *   500 resources, so infra/plugins/stack-limit.cjs refuses to deploy it.
 * - `core`: the table, the REST API and its /api and /api/2.0 resources, the
 *   dispatchers and /version; it exports what the domain stacks import.
 * - a domain (`accounts`, `companies`, `catalog`, `attributes`, `orders`, …): that domain's
 *   functions, hung on the core's REST API and using the core's table, through imports.
 *
 * `npm run deploy` deploys core, then every domain. Each stack stays at most 250 resources
 * (infra/stack-size.cjs; docs/deploy.md, "Stacks and domains").
 */
const makeIamRoles = require('./iam-roles.cjs');
const makeTable = require('./table.cjs');
const { tableStreamArn } = require('./stream-arn.cjs');
const { webhookQueues } = require('./webhook-queues.cjs');
const { monitoringResources, monitoringSettings, alarmTopic } = require('./monitoring.cjs');
const { edgeResources, edgeSettings } = require('./edge.cjs');
const { cdnResources, cdnSettings } = require('./cdn.cjs');
const { activeTable, tableArnByName } = require('./active-table.cjs');
const { apiKind } = require('./http-api.cjs');

async function domainOf(resolveVariable) {
  return String(await resolveVariable('param:domain'));
}

async function exportName(resolveVariable, name) {
  const service = await resolveVariable('self:service');
  const stage = await resolveVariable('sls:stage');
  return `${service}-${stage}-${name}`;
}

const ownsSharedPieces = (domain) => domain === 'all' || domain === 'core';

async function stackName({ resolveVariable }) {
  const domain = await domainOf(resolveVariable);
  const service = await resolveVariable('self:service');
  const stage = await resolveVariable('sls:stage');
  return domain === 'all' ? `${service}-${stage}` : `${service}-${stage}-${domain}`;
}

/** A domain stack adds its paths to the core's REST API instead of creating one. */
async function apiGateway({ resolveVariable }) {
  const domain = await domainOf(resolveVariable);
  // An `http` stage has no REST API: its domain stacks name the core's HTTP API instead (infra/http-api.cjs).
  if (ownsSharedPieces(domain) || (await apiKind(resolveVariable)) === 'http') return {};
  const imported = async (name) => ({ 'Fn::ImportValue': await exportName(resolveVariable, name) });
  return {
    restApiId: await imported('RestApiId'),
    restApiRootResourceId: await imported('RestApiRootResourceId'),
    restApiResources: {
      '/api': await imported('ApiResourceId'),
      '/api/2.0': await imported('Api20ResourceId'),
    },
  };
}

/** The ARN of the table the functions use: its own in `all`/`core`, imported elsewhere; a switched-to table by name. */
async function tableArn(resolveVariable) {
  const active = await activeTable(resolveVariable);
  if (!active.own) return tableArnByName(active.name);
  const domain = await domainOf(resolveVariable);
  if (ownsSharedPieces(domain)) return { 'Fn::GetAtt': ['StoreTable', 'Arn'] };
  return { 'Fn::ImportValue': await exportName(resolveVariable, 'TableArn') };
}

async function outputs(resolveVariable) {
  const domain = await domainOf(resolveVariable);
  if (domain !== 'core') return {};
  const monitoring = await monitoringSettings(resolveVariable);
  const edge = await edgeSettings(resolveVariable);
  const exported = async (name, value) => ({
    [name]: { Value: value, Export: { Name: await exportName(resolveVariable, name) } },
  });
  const restApi = async () => ({
    ...(await exported('RestApiId', { Ref: 'ApiGatewayRestApi' })),
    ...(await exported('RestApiRootResourceId', { 'Fn::GetAtt': ['ApiGatewayRestApi', 'RootResourceId'] })),
    ...(await exported('ApiResourceId', { Ref: 'ApiGatewayResourceApi' })),
    ...(await exported('Api20ResourceId', { Ref: 'ApiGatewayResourceApi20' })),
  });
  return {
    // The API the domain stacks hang their routes on: the REST API's resources, or the HTTP API's id.
    ...((await apiKind(resolveVariable)) === 'http'
      ? await exported('HttpApiId', { Ref: 'HttpApi' })
      : await restApi()),
    ...(await exported('TableArn', { 'Fn::GetAtt': ['StoreTable', 'Arn'] })),
    // --- events (issue 20) ---: the change feed's consumer (events stack) reads the table's stream.
    ...(await exported('TableStreamArn', { 'Fn::GetAtt': ['StoreTable', 'StreamArn'] })),
    // --- operations (issue 24) ---: where alarms of other stacks notify (infra/monitoring.cjs).
    ...(monitoring.alarms ? await exported('AlarmTopicArn', alarmTopic(monitoring)) : {}),
    ...(edge.customDomainName
      ? { CustomDomainTarget: { Value: { 'Fn::GetAtt': ['CustomDomain', 'RegionalDomainName'] } } }
      : {}),
    // The stage's address through CloudFront (cdn: 'true'): https://<CdnDomainName>/api/...
    ...((await cdnSettings(resolveVariable, edge.api)).cdn
      ? { CdnDomainName: { Value: { 'Fn::GetAtt': ['CdnDistribution', 'DomainName'] } } }
      : {}),
  };
}

/** The core stack's alarms, dashboard, access logs, domain, WAF and CDN (infra/monitoring.cjs, infra/edge.cjs, infra/cdn.cjs). */
async function operationsResources(resolveVariable) {
  const service = await resolveVariable('self:service');
  const stage = await resolveVariable('sls:stage');
  return {
    ...monitoringResources({
      service,
      stage,
      settings: { ...(await monitoringSettings(resolveVariable)), table: (await activeTable(resolveVariable)).name },
    }),
    ...edgeResources({ service, stage, settings: await edgeSettings(resolveVariable) }),
    ...cdnResources({
      service,
      stage,
      region: await resolveVariable('self:provider.region'),
      settings: await cdnSettings(resolveVariable, await apiKind(resolveVariable)),
    }),
  };
}

async function resources({ resolveVariable }) {
  const domain = await domainOf(resolveVariable);
  return {
    Resources: {
      ...(ownsSharedPieces(domain) ? await makeTable({ resolveVariable }) : {}),
      // The change feed's delivery and failure queues, beside the functions that use them (events, or all).
      ...(await webhookQueues({ resolveVariable, domain })),
      ...(domain === 'core' ? await operationsResources(resolveVariable) : {}),
      ...(await makeIamRoles({
        resolveVariable,
        domain,
        tableArn: await tableArn(resolveVariable),
        streamArn: await tableStreamArn(resolveVariable),
      })),
    },
    Outputs: {
      StoreTableName: { Value: await resolveVariable('self:custom.tableName') },
      ...(await outputs(resolveVariable)),
    },
  };
}

module.exports = { stackName, apiGateway, resources, ownsSharedPieces };
