/**
 * `provider.httpApi` of serverless.yml: on a stage whose `api` param is `http` (infra/function-table.cjs), the
 * core stack creates the HTTP API (payload format 2.0, its `$default` stage, so no stage name in the URL) and every
 * domain stack adds its routes to it through the core's export `<service>-<stage>-HttpApiId`. On `rest` it is empty
 * and the framework creates no HTTP API.
 */
const { checkedApiKind } = require('./function-table.cjs');

async function apiKind(resolveVariable) {
  const raw = await resolveVariable('param:api');
  return checkedApiKind(raw === undefined || raw === null ? '' : String(raw));
}

async function httpApi({ resolveVariable }) {
  if ((await apiKind(resolveVariable)) !== 'http') return {};
  const domain = String(await resolveVariable('param:domain'));
  const service = await resolveVariable('self:service');
  const stage = await resolveVariable('sls:stage');
  if (domain === 'all' || domain === 'core') return { payload: '2.0', name: `${service}-${stage}` };
  return { payload: '2.0', id: { 'Fn::ImportValue': `${service}-${stage}-HttpApiId` } };
}

module.exports = { apiKind, httpApi };
