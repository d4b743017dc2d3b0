import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDefinition } from '../../lib/db/schema.js';
import { type PackagedStage, packageStage, runServerless } from './package-template.js';

const require = createRequire(import.meta.url);
const { stackSize, CFN_RESOURCE_LIMIT } = require('../../infra/stack-size.cjs') as {
  stackSize: (domain: string) => { total: number };
  CFN_RESOURCE_LIMIT: number;
};

/**
 * What differs between stages (test/deploy/split-stacks.test.ts checks prod stack by stack), and the
 * single stack that serverless offline runs, which must never reach CloudFormation.
 */
describe('a non-prod stage: the core stack of stage dev', () => {
  let packaged: PackagedStage;
  beforeAll(async () => {
    // The run's one packaging with the framework's schema validation (infra/plugins/config-validation-switch.cjs).
    packaged = await packageStage('dev', 'core', {}, { validateConfig: true });
  }, 300_000);
  afterAll(() => packaged?.cleanup());

  it("passes the framework's schema validation of serverless.yml (an error fails the packaging above)", () => {
    expect(packaged.output).toContain('Service packaged');
    expect(packaged.output).not.toContain('Invalid configuration');
  });

  it('lets the table go with its stack, and keeps everything else of the table', () => {
    const table = packaged.template.Resources.StoreTable!;
    const expected = tableDefinition('store-api-dev');
    expect(table.Properties?.TableName).toBe('store-api-dev');
    expect(table.Properties?.KeySchema).toEqual(expected.KeySchema);
    expect(table.Properties?.GlobalSecondaryIndexes).toEqual(expected.GlobalSecondaryIndexes);
    expect(table.DeletionPolicy).toBe('Delete');
    expect(table.UpdateReplacePolicy).toBe('Delete');
    expect(table.Properties?.DeletionProtectionEnabled).toBe(false);
    expect(table.Properties?.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
  });

  it('leaves nothing in the temporary directory: the zips are written where the framework reads them', () => {
    const functions = Object.values(packaged.template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(0);
    expect(packaged.leftInTmp).toEqual([]);
  });

  it('throttles the stage with the default params and keeps logs 14 days', () => {
    const deployment = Object.values(packaged.template.Resources).find((r) => r.Type === 'AWS::ApiGateway::Deployment');
    expect(deployment?.Properties?.StageDescription?.ThrottlingRateLimit).toBe(100);
    expect(deployment?.Properties?.StageDescription?.ThrottlingBurstLimit).toBe(200);
    const logGroups = Object.values(packaged.template.Resources).filter((r) => r.Type === 'AWS::Logs::LogGroup');
    expect(logGroups.length).toBeGreaterThan(0);
    for (const group of logGroups) expect(group.Properties?.RetentionInDays).toBe(14);
  });
});

describe('the single stack (domain=all), what serverless offline runs', () => {
  it(`is over CloudFormation's ${CFN_RESOURCE_LIMIT} resources`, () => {
    const { total } = stackSize('all');
    console.log(`[template] domain=all would hold ${total} resources`);
    expect(total).toBeGreaterThan(CFN_RESOURCE_LIMIT);
  });

  it('is refused by `serverless deploy` before anything is bundled or sent to AWS, with what to do instead', async () => {
    const started = Date.now();
    const { code, output } = await runServerless(['deploy', '--stage', 'dev']);
    console.log(
      `[template] serverless deploy of domain=all refused in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    expect(code).not.toBe(0);
    expect(output).toContain(`Stack store-api-dev would hold ${stackSize('all').total} CloudFormation resources`);
    expect(output).toContain('npm run deploy -- --stage dev');
    // Refused in the initialize hook: nothing was packaged.
    expect(output).not.toMatch(/Packaging|Service packaged|Uploading|Retrieving CloudFormation stack/);
  }, 180_000);
});
