/**
 * An `http` stage (`--param="api=http"`): the core stack creates an API Gateway HTTP API (payload format 2.0, the
 * `$default` stage with the stage's throttling and the JSON access log), every domain stack adds its routes to it
 * by import, and the whole stage declares 217 routes — under the HTTP API's quota of 300 routes per API with no
 * increase — while every operation of the handler table, under both versions, still reaches a function whose
 * role may run it. Packaged offline like the REST stacks (test/deploy/split-stacks.test.ts); WAF, which an HTTP
 * API cannot take, is refused before anything is built.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickRoute } from '../../scripts/lib/http-routes.js';
import { type PackagedStage, packageStage, runServerless, type Template } from './package-template.js';

const require = createRequire(import.meta.url);

interface TableFunction {
  name: string;
  domain?: string;
  key?: string;
  method?: string;
  path?: string;
  table: string[];
  index: string[];
  events?: unknown[];
}
const { FUNCTIONS, DOMAINS, allFunctions, httpRouteKeys } = require('../../infra/function-table.cjs') as {
  FUNCTIONS: TableFunction[];
  DOMAINS: string[];
  allFunctions: (domain: string, rows: TableFunction[] | undefined, api: string) => TableFunction[];
  httpRouteKeys: (functions: TableFunction[]) => string[];
};
const { HTTP_ACCESS_LOG_FORMAT } = require('../../infra/edge.cjs') as { HTTP_ACCESS_LOG_FORMAT: string };

const HTTP_API_ROUTE_QUOTA = 300;
const STAGE = 'prod';

const ofType = (template: Template, type: string) =>
  Object.entries(template.Resources).filter(([, resource]) => resource.Type === type);

/** `RouteKey` → the function (by its logical id in the template) the route's integration invokes. */
function routedFunctions(template: Template): Map<string, string> {
  const integrations = new Map(
    ofType(template, 'AWS::ApiGatewayV2::Integration').map(([id, r]) => [
      id,
      r.Properties!.IntegrationUri['Fn::GetAtt'][0] as string,
    ]),
  );
  return new Map(
    ofType(template, 'AWS::ApiGatewayV2::Route').map(([, r]) => [
      r.Properties!.RouteKey as string,
      integrations.get(r.Properties!.Target['Fn::Join'][1][1].Ref)!,
    ]),
  );
}

describe(`an http stage (api=http, stage ${STAGE}), packaged`, () => {
  let core: PackagedStage;
  let companies: PackagedStage;
  beforeAll(async () => {
    [core, companies] = await Promise.all([
      packageStage(STAGE, 'core', { api: 'http' }),
      packageStage(STAGE, 'companies', { api: 'http' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([core?.cleanup(), companies?.cleanup()]);
  });

  it('core creates the HTTP API, its $default stage (throttled, access-logged) and exports its id; no REST API', () => {
    const template = core.template;
    expect(ofType(template, 'AWS::ApiGatewayV2::Api').map(([, r]) => r.Properties)).toEqual([
      { Name: `store-api-${STAGE}`, ProtocolType: 'HTTP' },
    ]);
    const [[, stage]] = ofType(template, 'AWS::ApiGatewayV2::Stage') as [[string, Template['Resources'][string]]];
    expect(stage.Properties).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      // serverless.yml's prod throttleRateLimit / throttleBurstLimit, as on the REST stage.
      DefaultRouteSettings: { ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': ['ApiAccessLogGroup', 'Arn'] },
        Format: HTTP_ACCESS_LOG_FORMAT,
      },
    });
    expect(Object.values(template.Resources).filter((r) => r.Type.startsWith('AWS::ApiGateway::'))).toEqual([]);
    expect(template.Outputs?.HttpApiId?.Export?.Name).toBe(`store-api-${STAGE}-HttpApiId`);
    expect(template.Outputs).not.toHaveProperty('RestApiId');
    for (const [, integration] of ofType(template, 'AWS::ApiGatewayV2::Integration'))
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
  });

  it("each stack declares exactly the function table's routes; a domain stack puts them on the core's API", () => {
    for (const packaged of [core, companies]) {
      const declared = [...routedFunctions(packaged.template).keys()].sort();
      expect(declared).toEqual(httpRouteKeys(allFunctions(packaged.domain, undefined, 'http')).sort());
    }
    expect(ofType(companies.template, 'AWS::ApiGatewayV2::Api')).toEqual([]);
    for (const [, route] of ofType(companies.template, 'AWS::ApiGatewayV2::Route'))
      expect(route.Properties!.ApiId).toEqual({ 'Fn::ImportValue': `store-api-${STAGE}-HttpApiId` });
    const routed = routedFunctions(companies.template);
    expect(routed.get('ANY /api/stores/{proxy+}')).toBe('CompaniesDashfallbackLambdaFunction');
    expect(routed.get('ANY /api/2.0/vendors/{id}/{proxy+}')).toBe('CompanyDashcontextLambdaFunction');
    expect(routedFunctions(core.template).get('$default')).toBe('FallbackLambdaFunction');
  });

  it(`the whole stage declares 217 routes, each once, within the quota of ${HTTP_API_ROUTE_QUOTA} per HTTP API`, () => {
    const keys = DOMAINS.flatMap((domain) => httpRouteKeys(allFunctions(domain, undefined, 'http')));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(217);
    expect(keys.length).toBeLessThanOrEqual(HTTP_API_ROUTE_QUOTA);
  });

  it("routes every operation under both versions to a function whose access covers the operation's", () => {
    const byRoute = new Map<string, TableFunction>();
    for (const domain of DOMAINS)
      for (const fn of allFunctions(domain, undefined, 'http'))
        for (const key of httpRouteKeys([fn])) byRoute.set(key, fn);
    const keys = [...byRoute.keys()];
    for (const operation of FUNCTIONS)
      for (const prefix of ['/api', '/api/2.0']) {
        // A concrete request of the operation's path (`users/{id}` → `users/7`).
        const path = `${prefix}/${operation.path!.replace(/\{[^}]+\}/g, '7')}`;
        const key = pickRoute(keys, operation.method!, path);
        const fn = byRoute.get(key!);
        expect(fn, `${operation.method} ${path}`).toBeDefined();
        // Only the core's own operations (GET /version) are left to `$default`, the core's catch-all.
        if (operation.domain !== 'core') expect(fn!.name, `${operation.method} ${path}`).not.toBe('fallback');
        for (const action of operation.table) expect(fn!.table, `${operation.key} via ${fn!.name}`).toContain(action);
        for (const action of operation.index) expect(fn!.index, `${operation.key} via ${fn!.name}`).toContain(action);
      }
    // The store and vendor contexts go to the context dispatcher, everything unknown to $default.
    expect(pickRoute(keys, 'GET', '/api/stores/1/products')).toBe('ANY /api/stores/{id}/{proxy+}');
    expect(pickRoute(keys, 'GET', '/api/stores/1')).toBe('ANY /api/stores/{proxy+}');
    expect(pickRoute(keys, 'GET', '/api/Usergroups')).toBe('$default');
    expect(pickRoute(keys, 'POST', '/api.php')).toBe('ANY /api.php');
    // The MCP server (SPEC §13) at the root of the host, to its own function, as on REST.
    expect(pickRoute(keys, 'POST', '/mcp')).toBe('ANY /mcp');
    expect(byRoute.get('ANY /mcp')!.name).toBe('mcp');
  });

  it('refuses waf on an http stage, before anything is built, naming what to do instead', async () => {
    const refused = await runServerless([
      'package',
      '--stage',
      STAGE,
      '--param=domain=core',
      '--param=api=http',
      '--param=waf=managed',
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('AWS WAF cannot be associated with an HTTP API');
    expect(refused.output).toContain('CloudFront');
  });
});
