import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDefinition } from '../../lib/db/schema.js';
import { packageStage, type PackagedStage, type Template } from './package-template.js';

const run = promisify(execFile);

/**
 * The least-privilege contract, written independently of infra/function-table.cjs:
 * the DynamoDB actions each function may take on the table and on the index,
 * beyond the BatchGetItem and THROTTLE#-confined writes every function needs to authenticate.
 */
const EXPECTED_ACCESS: Record<string, { table: string[]; index: string[] }> = {
  'version-get': { table: [], index: [] },
  'users-list': { table: ['GetItem', 'Query'], index: ['Query'] },
  'users-get': { table: ['GetItem'], index: [] },
  'users-create': { table: ['ConditionCheckItem', 'PutItem', 'UpdateItem'], index: [] },
  'users-update': { table: ['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'UpdateItem'], index: [] },
  'users-delete': { table: ['BatchWriteItem', 'DeleteItem', 'Query', 'UpdateItem'], index: [] },
  'usergroups-list': { table: ['Query'], index: [] },
  'usergroups-get': { table: ['GetItem'], index: [] },
  'usergroups-create': { table: ['PutItem', 'UpdateItem'], index: [] },
  'usergroups-update': { table: ['GetItem', 'UpdateItem'], index: ['Query'] },
  'usergroups-delete': { table: ['BatchWriteItem', 'DeleteItem', 'GetItem'], index: ['Query'] },
  'memberships-list': { table: ['Query'], index: [] },
  'memberships-get': { table: [], index: [] },
  'memberships-update': { table: ['ConditionCheckItem', 'PutItem', 'UpdateItem'], index: [] },
  'memberships-delete': { table: ['ConditionCheckItem', 'PutItem', 'UpdateItem'], index: [] },
};
/** Functions that serve pages, not API operations: the administration panel (sessions, lists, the API key switch). */
const EXPECTED_PAGES: Record<string, { table: string[]; index: string[]; paths: string[] }> = {
  panel: { table: ['DeleteItem', 'GetItem', 'PutItem', 'Query'], index: ['Query'], paths: ['/admin', '/admin/{proxy+}'] },
};
const READ_FUNCTIONS = ['version-get', 'users-list', 'users-get', 'usergroups-list', 'usergroups-get', 'memberships-list', 'memberships-get'];
const WRITE_ACTIONS = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'];
const unionOf = (key: 'table' | 'index') => [...new Set(Object.values(EXPECTED_ACCESS).flatMap((access) => access[key]))].sort();

type Statement = { Effect: string; Action: string[]; Resource: unknown[]; Condition?: Record<string, any> };

function lambdaByName(template: Template, functionName: string) {
  const found = Object.values(template.Resources).find(
    (resource) => resource.Type === 'AWS::Lambda::Function' && String(resource.Properties?.FunctionName).endsWith(`-${functionName}`),
  );
  if (!found) throw new Error(`no function ${functionName}`);
  return found;
}

function statementsOf(template: Template, functionName: string): Statement[] {
  const roleId = lambdaByName(template, functionName).Properties?.Role?.['Fn::GetAtt']?.[0] as string;
  const role = template.Resources[roleId];
  expect(role?.Type).toBe('AWS::IAM::Role');
  return role!.Properties!.Policies.flatMap((policy: any) => policy.PolicyDocument.Statement as Statement[]);
}

/** `panel` → `Panel`, as serverless names the function's resources (`PanelLambdaFunction`). */
const roleLikeId = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_m, _sep, c: string) => c.toUpperCase());

const isTable = (resource: unknown) => JSON.stringify(resource) === JSON.stringify({ 'Fn::GetAtt': ['StoreTable', 'Arn'] });
const isIndex = (resource: unknown) => JSON.stringify(resource).includes('"index","gsi1"');

/** DynamoDB actions allowed without a condition, by resource kind. */
function unconditionalActions(statements: Statement[], onResource: (resource: unknown) => boolean): string[] {
  return [
    ...new Set(
      statements
        .filter((s) => !s.Condition && s.Resource.some(onResource))
        .flatMap((s) => s.Action.filter((a) => a.startsWith('dynamodb:')).map((a) => a.slice('dynamodb:'.length))),
    ),
  ]
    .filter((action) => action !== 'BatchGetItem')
    .sort();
}

describe.each(['dev', 'prod'])('the packaged CloudFormation template, stage %s', (stage) => {
  let packaged: PackagedStage;
  let template: Template;
  beforeAll(async () => {
    packaged = await packageStage(stage);
    template = packaged.template;
  }, 180_000);
  afterAll(() => packaged?.cleanup());

  it('has one Lambda per entity-method pair plus the /api.php dispatcher, the catch-all and the panel, all on nodejs22.x', () => {
    const lambdas = Object.values(template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    const names = lambdas.map((l) => String(l.Properties?.FunctionName).replace(`store-api-${stage}-`, '')).sort();
    expect(names).toEqual([...Object.keys(EXPECTED_ACCESS), 'api-php', 'fallback', ...Object.keys(EXPECTED_PAGES)].sort());
    for (const lambda of lambdas) expect(lambda.Properties?.Runtime).toBe('nodejs22.x');
  });

  it('wires every entity-method function to both /api/... and /api/2.0/...', () => {
    const methods = Object.values(template.Resources).filter((r) => r.Type === 'AWS::ApiGateway::Method');
    // 15 operations × 2 versions; /api.php ANY and OPTIONS; ANY and OPTIONS (to the catch-all) on /api,
    // /api/{proxy+} and the 14 resource paths of the operations, so unsupported methods get a 405, not API
    // Gateway's 403, and preflights reach the API. Plus ANY on each path of the panel.
    const pagePaths = Object.values(EXPECTED_PAGES).flatMap((p) => p.paths).length;
    expect(methods).toHaveLength(Object.keys(EXPECTED_ACCESS).length * 2 + 2 + 2 * (2 + 14) + pagePaths);
    const anyMethods = methods.filter((m) => m.Properties?.HttpMethod === 'ANY');
    expect(anyMethods).toHaveLength(1 + 2 + 14 + pagePaths);
    const paths = Object.values(template.Resources)
      .filter((r) => r.Type === 'AWS::ApiGateway::Resource')
      .map((r) => r.Properties?.PathPart);
    expect(paths).toContain('2.0');
    expect(paths).toContain('api.php');
    expect(paths).toContain('{proxy+}');
  });

  it.each(Object.entries(EXPECTED_ACCESS))('%s may take exactly its own DynamoDB actions', (name, access) => {
    const statements = statementsOf(template, name);
    expect(unconditionalActions(statements, isTable)).toEqual(access.table);
    expect(unconditionalActions(statements, isIndex)).toEqual(access.index);
    // Nothing broader than the table and its index, and no wildcard actions.
    for (const statement of statements) {
      expect(statement.Action.some((a) => a.includes('*'))).toBe(false);
      expect(statement.Resource).not.toContain('*');
    }
  });

  it.each(Object.entries(EXPECTED_PAGES))('%s serves its paths (ANY) and may take exactly its own DynamoDB actions', (name, access) => {
    const statements = statementsOf(template, name);
    expect(unconditionalActions(statements, isTable)).toEqual(access.table);
    expect(unconditionalActions(statements, isIndex)).toEqual(access.index);
    for (const statement of statements) {
      expect(statement.Action.some((a) => a.includes('*'))).toBe(false);
      expect(statement.Resource).not.toContain('*');
    }
    // Every method on its paths goes to this function and no other.
    const resources = template.Resources;
    const pathOf = (id: string): string => {
      const resource = resources[id]!;
      const parent = resource.Properties?.ParentId;
      const parentPath = parent?.Ref ? pathOf(parent.Ref as string) : '';
      return `${parentPath}/${resource.Properties?.PathPart}`;
    };
    const served = Object.values(resources)
      .filter((r) => r.Type === 'AWS::ApiGateway::Method' && JSON.stringify(r.Properties?.Integration?.Uri ?? '').includes(`${roleLikeId(name)}LambdaFunction`))
      .map((m) => `${m.Properties?.HttpMethod} ${pathOf(m.Properties?.ResourceId?.Ref as string)}`)
      .sort();
    expect(served).toEqual(access.paths.map((path) => `ANY ${path}`).sort());
  });

  it.each(READ_FUNCTIONS)('%s, a read function, can write nothing but failed-login counters', (name) => {
    for (const statement of statementsOf(template, name)) {
      const writes = statement.Action.filter((a) => WRITE_ACTIONS.includes(a.replace('dynamodb:', '')));
      if (writes.length === 0) continue;
      expect(statement.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['THROTTLE#*'] } });
    }
  });

  it.each(['api-php', 'fallback'])('%s dispatches to every handler, so it holds the union of their access', (name) => {
    const statements = statementsOf(template, name);
    expect(unconditionalActions(statements, isTable)).toEqual(unionOf('table'));
    expect(unconditionalActions(statements, isIndex)).toEqual(unionOf('index'));
  });

  it('declares the table the code expects: keys, index, on-demand, PITR, encryption, TTL', () => {
    const table = template.Resources.StoreTable!;
    const expected = tableDefinition(`store-api-${stage}`);
    expect(table.Properties?.KeySchema).toEqual(expected.KeySchema);
    expect(table.Properties?.AttributeDefinitions).toEqual(expected.AttributeDefinitions);
    expect(table.Properties?.GlobalSecondaryIndexes).toEqual(expected.GlobalSecondaryIndexes);
    expect(table.Properties?.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.Properties?.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.Properties?.SSESpecification).toEqual({ SSEEnabled: true });
    expect(table.Properties?.TimeToLiveSpecification).toEqual({ AttributeName: 'expires_at', Enabled: true });
  });

  it(stage === 'prod' ? 'keeps the prod table: Retain and deletion protection' : 'lets a non-prod table go with its stack', () => {
    const table = template.Resources.StoreTable!;
    expect(table.DeletionPolicy).toBe(stage === 'prod' ? 'Retain' : 'Delete');
    expect(table.UpdateReplacePolicy).toBe(stage === 'prod' ? 'Retain' : 'Delete');
    expect(table.Properties?.DeletionProtectionEnabled).toBe(stage === 'prod');
  });

  it('throttles the API Gateway stage and gives every function the stage configuration', () => {
    const deployment = Object.values(template.Resources).find((r) => r.Type === 'AWS::ApiGateway::Deployment');
    expect(deployment?.Properties?.StageDescription?.ThrottlingRateLimit).toBeGreaterThan(0);
    expect(deployment?.Properties?.StageDescription?.ThrottlingBurstLimit).toBeGreaterThan(0);
    const env = lambdaByName(template, 'usergroups-get').Properties?.Environment?.Variables;
    expect(Object.keys(env ?? {}).sort()).toEqual(['AUTH_CACHE_TTL_MS', 'CORS_ORIGINS', 'LOG_LEVEL', 'POWERTOOLS_METRICS_DISABLED', 'STORE_EDITION', 'TABLE_NAME']);
  });

  it('stays well inside the 500-resources-per-stack limit', () => {
    const count = Object.keys(template.Resources).length;
    console.log(`[template] stage ${stage}: ${count} resources`);
    expect(count).toBeLessThan(500);
  });

  it('passes cfn-lint with zero errors (when cfn-lint is installed)', async () => {
    const found = await run('sh', ['-c', 'command -v cfn-lint']).then(() => true, () => false);
    if (!found) {
      console.log('[template] cfn-lint is not installed on this machine: lint not run');
      return;
    }
    const output = await run('cfn-lint', ['--format', 'parseable', packaged.templatePath]).then(
      (r) => r.stdout,
      (error: { stdout?: string }) => error.stdout ?? '',
    );
    const errors = output.split('\n').filter((line) => /:E\d{4}:/.test(line));
    expect(errors).toEqual([]);
  }, 120_000);
});
