import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLERS } from '../../functions/handler-table.js';
import { packageStage, type PackagedStage, type Template } from './package-template.js';

/**
 * The split deployment (docs/deploy.md, "Growing past one stack"): a core stack
 * with the table and the REST API, and one stack per domain hung on it through
 * imports. Together they must serve exactly what the single stack serves.
 */
const functionNames = (template: Template) =>
  Object.values(template.Resources)
    .filter((r) => r.Type === 'AWS::Lambda::Function')
    .map((r) => String(r.Properties?.FunctionName).replace('store-api-prod-', ''));

describe('the split deployment: core + accounts (stage prod)', () => {
  let core: PackagedStage;
  let accounts: PackagedStage;
  beforeAll(async () => {
    [core, accounts] = await Promise.all([packageStage('prod', 'core'), packageStage('prod', 'accounts')]);
  }, 240_000);
  afterAll(async () => {
    await core?.cleanup();
    await accounts?.cleanup();
  });

  it('core owns the table and the REST API and exports what the domains import', () => {
    expect(core.template.Resources.StoreTable?.Type).toBe('AWS::DynamoDB::Table');
    expect(core.template.Resources.ApiGatewayRestApi?.Type).toBe('AWS::ApiGateway::RestApi');
    const exported = Object.values(core.template.Outputs ?? {}).flatMap((o) => (o.Export ? [o.Export.Name] : []));
    for (const name of ['RestApiId', 'RestApiRootResourceId', 'ApiResourceId', 'Api20ResourceId', 'TableArn']) {
      expect(exported).toContain(`store-api-prod-${name}`);
    }
  });

  it('a domain stack creates no table and no REST API, and imports both', () => {
    const types = Object.values(accounts.template.Resources).map((r) => r.Type);
    expect(types).not.toContain('AWS::DynamoDB::Table');
    expect(types).not.toContain('AWS::ApiGateway::RestApi');
    const text = JSON.stringify(accounts.template.Resources);
    expect(text).toContain('"Fn::ImportValue":"store-api-prod-RestApiId"');
    expect(text).toContain('"Fn::ImportValue":"store-api-prod-TableArn"');
    // Only the stack that owns the API sets its stage throttling.
    const deployment = Object.values(accounts.template.Resources).find((r) => r.Type === 'AWS::ApiGateway::Deployment');
    expect(deployment?.Properties?.StageDescription).toBeUndefined();
  });

  it('the stacks together serve every operation once, plus the dispatchers, one catch-all per stack and the panel', () => {
    const all = [...functionNames(core.template), ...functionNames(accounts.template)];
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(Object.keys(HANDLERS).length + 4);
    expect(all).toEqual(expect.arrayContaining(['api-php', 'fallback', 'accounts-fallback', 'version-get', 'usergroups-get']));
    // The administration panel hangs on the REST API the core owns.
    expect(functionNames(core.template)).toContain('panel');
  });

  it('each stack stays far below the 500-resource limit', () => {
    for (const [name, packaged] of [['core', core], ['accounts', accounts]] as const) {
      const count = Object.keys(packaged.template.Resources).length;
      console.log(`[split] stack ${name}: ${count} resources`);
      expect(count).toBeLessThan(300);
    }
  });
});
