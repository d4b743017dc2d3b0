/**
 * The deploy check's `api: http` stage (docs/deploy.md, "Checking a deploy against an emulator"): what the HTTP
 * API of a deployed stage must be, read back through the ordinary API Gateway v2 API, and the smoke requests sent
 * through it by the emulator's router (scripts/lib/http-api-router.ts), which runs the deployed functions' code.
 * Each check returns its differences, one line each; none means as the code says.
 */
import { createRequire } from 'node:module';
import {
  ApiGatewayV2Client,
  GetApisCommand,
  GetIntegrationsCommand,
  GetRoutesCommand,
  GetStagesCommand,
} from '@aws-sdk/client-apigatewayv2';
import { clientConfig } from './deployed-stage.js';
import type { HttpApiRouter } from './http-api-router.js';

const require = createRequire(import.meta.url);
interface TableFunction {
  name: string;
  events?: unknown[];
}
const { DOMAINS, allFunctions, httpRouteKeys } = require('../../infra/function-table.cjs') as {
  DOMAINS: string[];
  allFunctions: (domain: string, rows: undefined, api: string) => TableFunction[];
  httpRouteKeys: (functions: TableFunction[]) => string[];
};

/** Every route key of an `http` stage, and the function (by its short name) it must reach. */
export function expectedHttpRoutes(domains: readonly string[] = DOMAINS): Map<string, string> {
  const routes = new Map<string, string>();
  for (const domain of domains)
    for (const fn of allFunctions(domain, undefined, 'http'))
      for (const key of httpRouteKeys([fn])) routes.set(key, fn.name);
  return routes;
}

export interface DeployedHttpApi {
  apiIds: string[];
  /** Route key → the function its integration invokes (its full name). */
  routes: Map<string, string>;
  payloadFormats: string[];
  stages: { name: string; rateLimit?: number; burstLimit?: number; accessLog: boolean }[];
}

export async function readHttpApi(
  stage: string,
  region: string,
  env: Record<string, string>,
): Promise<DeployedHttpApi> {
  const client = new ApiGatewayV2Client(clientConfig(region, env));
  try {
    const apis = ((await client.send(new GetApisCommand({ MaxResults: '500' }))).Items ?? []).filter(
      (api) => api.Name === `store-api-${stage}` && api.ProtocolType === 'HTTP',
    );
    const apiIds = apis.map((api) => api.ApiId!);
    const routes = new Map<string, string>();
    const payloadFormats: string[] = [];
    const stages: DeployedHttpApi['stages'] = [];
    for (const apiId of apiIds) {
      const integrations =
        (await client.send(new GetIntegrationsCommand({ ApiId: apiId, MaxResults: '500' }))).Items ?? [];
      const fnOf = new Map(
        integrations.map((i) => [i.IntegrationId!, (i.IntegrationUri ?? '').split(':function:').pop() ?? '']),
      );
      payloadFormats.push(...integrations.map((i) => `${i.IntegrationType} ${i.PayloadFormatVersion}`));
      for (const route of (await client.send(new GetRoutesCommand({ ApiId: apiId, MaxResults: '500' }))).Items ?? [])
        routes.set(
          route.RouteKey!,
          fnOf.get((route.Target ?? '').replace(/^integrations\//, '')) ?? '(no integration)',
        );
      for (const s of (await client.send(new GetStagesCommand({ ApiId: apiId }))).Items ?? [])
        stages.push({
          name: s.StageName!,
          rateLimit: s.DefaultRouteSettings?.ThrottlingRateLimit,
          burstLimit: s.DefaultRouteSettings?.ThrottlingBurstLimit,
          accessLog: Boolean(s.AccessLogSettings?.DestinationArn),
        });
    }
    return { apiIds, routes, payloadFormats, stages };
  } finally {
    client.destroy();
  }
}

/** One HTTP API with exactly the code's routes, each a payload 2.0 proxy integration of its function, throttled. */
export function checkHttpApi(
  deployed: DeployedHttpApi,
  stage: string,
  throttle: { rateLimit: number; burstLimit: number },
  domains: readonly string[],
): string[] {
  const problems: string[] = [];
  if (deployed.apiIds.length !== 1)
    problems.push(`${deployed.apiIds.length} HTTP APIs named store-api-${stage}, not 1`);
  const expected = expectedHttpRoutes(domains);
  for (const [key, fn] of expected) {
    const found = deployed.routes.get(key);
    if (found !== `store-api-${stage}-${fn}`) problems.push(`route ${key}: ${found ?? 'missing'}, not ${fn}`);
  }
  for (const key of deployed.routes.keys()) if (!expected.has(key)) problems.push(`route ${key} is not in the code`);
  for (const format of new Set(deployed.payloadFormats))
    if (format !== 'AWS_PROXY 2.0') problems.push(`an integration is ${format}, not AWS_PROXY 2.0`);
  const [only, ...others] = deployed.stages;
  if (!only || others.length > 0 || only.name !== '$default')
    problems.push(`stages ${deployed.stages.map((s) => s.name).join(', ') || 'none'}, not only $default`);
  else {
    if (only.rateLimit !== throttle.rateLimit || only.burstLimit !== throttle.burstLimit)
      problems.push(
        `$default throttles at ${only.rateLimit}/${only.burstLimit}, not ${throttle.rateLimit}/${throttle.burstLimit}`,
      );
    if (!only.accessLog) problems.push('$default writes no access log');
  }
  return problems;
}

interface Smoke {
  what: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The function (short name) the route must reach. */
  fn: string;
  status: number;
  check?: (answer: { headers: Headers; text: string }) => string | undefined;
}

/**
 * Requests of every kind of route through the stage: an operation of a domain stack under both versions, its
 * ETag revalidation, a create, the core's `$default` catch-all (an unknown path, GET /version, an error in the
 * contract's format), /api.php, a store context path, a guest's cacheable storefront read, the docs and the panel.
 */
export async function smokeRequests(
  router: HttpApiRouter,
  stage: string,
  admin: { email: string; key: string },
  storefrontKey: string,
): Promise<string[]> {
  const basic = `Basic ${Buffer.from(`${admin.email}:${admin.key}`).toString('base64')}`;
  const json = { authorization: basic, 'content-type': 'application/json' };
  const problems: string[] = [];
  const send = async (smoke: Smoke) => {
    const before = router.calls.length;
    const answer = await fetch(`${router.url}${smoke.path}`, {
      method: smoke.method,
      headers: smoke.headers ?? { authorization: basic },
      body: smoke.body,
      redirect: 'manual',
    });
    const text = await answer.text();
    const call = router.calls[before];
    const label = `${smoke.what} (${smoke.method} ${smoke.path})`;
    if (call?.functionName !== `store-api-${stage}-${smoke.fn}`)
      problems.push(`${label}: reached ${call?.functionName ?? 'no function'}, not ${smoke.fn}`);
    if (answer.status !== smoke.status)
      problems.push(`${label}: ${answer.status}, not ${smoke.status}: ${text.slice(0, 200)}`);
    else {
      const wrong = smoke.check?.({ headers: answer.headers, text });
      if (wrong) problems.push(`${label}: ${wrong}`);
    }
    return { headers: answer.headers, text };
  };
  const expectBody = (expected: string) => (a: { text: string }) =>
    a.text === expected ? undefined : `answered ${a.text.slice(0, 200)}, not ${expected}`;

  await send({
    what: 'the core catch-all',
    method: 'GET',
    path: '/api/version',
    fn: 'fallback',
    status: 200,
    check: expectBody('{"Version":"1.0"}'),
  });
  await send({
    what: 'version 2.0',
    method: 'GET',
    path: '/api/2.0/version',
    fn: 'fallback',
    status: 200,
    check: expectBody('{"Version":"2.0"}'),
  });
  await send({
    what: 'no credentials',
    method: 'GET',
    path: '/api/usergroups',
    headers: {},
    fn: 'accounts-fallback',
    status: 401,
    check: (a) => (JSON.parse(a.text).status === 401 ? undefined : `not the contract's error: ${a.text}`),
  });
  const created = await send({
    what: 'a create in a domain stack',
    method: 'POST',
    path: '/api/usergroups',
    headers: json,
    body: JSON.stringify({ type: 'C', status: 'A', usergroup: 'http stage' }),
    fn: 'accounts-fallback',
    status: 201,
  });
  const id = (JSON.parse(created.text || '{}') as { usergroup_id?: number }).usergroup_id;
  const one = await send({
    what: 'a GET of one object',
    method: 'GET',
    path: `/api/2.0/usergroups/${id}`,
    fn: 'accounts-fallback',
    status: 200,
    check: (a) => (JSON.parse(a.text).usergroup === 'http stage' ? undefined : `answered ${a.text}`),
  });
  await send({
    what: 'its revalidation',
    method: 'GET',
    path: `/api/usergroups/${id}`,
    headers: { authorization: basic, 'if-none-match': one.headers.get('etag') ?? '' },
    fn: 'accounts-fallback',
    status: 304,
  });
  await send({ what: 'an unknown path', method: 'GET', path: '/api/no_such_things', fn: 'fallback', status: 404 });
  await send({
    what: '/api.php',
    method: 'GET',
    path: '/api.php?_d=version&ajax_custom=1',
    fn: 'api-php',
    status: 200,
  });
  // No store exists in a new table: the context dispatcher answers for the store, in the contract's format.
  await send({
    what: 'a store context path',
    method: 'GET',
    path: '/api/stores/1/usergroups',
    fn: 'company-context',
    status: 404,
    check: (a) => (JSON.parse(a.text).status === 404 ? undefined : `not the contract's error: ${a.text}`),
  });
  await send({
    what: "a guest's storefront catalogue page",
    method: 'GET',
    path: '/api/sra_products?items_per_page=2',
    headers: { 'storefront-api-access-key': storefrontKey },
    fn: 'catalog-fallback',
    status: 200,
    check: (a) =>
      /^public, max-age=\d+$/.test(a.headers.get('cache-control') ?? '') && a.headers.get('etag')
        ? undefined
        : `Cache-Control ${a.headers.get('cache-control')}, ETag ${a.headers.get('etag')}`,
  });
  await send({
    what: 'the reference page',
    method: 'GET',
    path: '/api/docs',
    headers: {},
    fn: 'docs-page',
    status: 200,
  });
  await send({
    what: 'the panel',
    method: 'GET',
    path: '/admin/login',
    headers: {},
    fn: 'panel',
    status: 200,
    check: (a) => (/Path=\/admin/.test(a.headers.get('set-cookie') ?? '') ? undefined : 'no sign-in cookie on /admin'),
  });
  return problems;
}
