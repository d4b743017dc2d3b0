import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const stack = require('../../infra/stack.cjs') as {
  resources: (ctx: object) => Promise<{ Resources: Record<string, any> }>;
};
const functions = require('../../infra/functions.cjs') as (ctx: object) => Promise<Record<string, any>>;
const activeTable = require('../../infra/active-table.cjs') as { name: (ctx: object) => Promise<string> };

const RESTORED = 'store-api-s-restored-20261126t0700';
const RESTORED_STREAM = `arn:aws:dynamodb:us-east-1:123456789012:table/${RESTORED}/stream/2026-11-26T07:10:00.000`;

/** serverless.yml's variables as `npm run deploy` resolves them for stage `s`, with `params` on top of the defaults. */
function resolver(params: Record<string, string>) {
  const values: Record<string, string> = {
    'self:service': 'store-api',
    'sls:stage': 's',
    'self:custom.tableName': 'store-api-s',
    'param:tableDeletionPolicy': 'Delete',
    'param:tableDeletionProtection': 'false',
    'param:alarms': 'true',
    'param:alarm5xxRate': '0.01',
    'param:alarmP99LatencyMs': '2500',
    'param:alarmIteratorAgeMs': '60000',
    'param:alarmWebhookFailures': '50',
    'param:tracing': 'false',
    'param:accessLogs': 'true',
    'param:wafRateLimit': '2000',
    ...Object.fromEntries(Object.entries(params).map(([name, value]) => [`param:${name}`, value])),
  };
  return { resolveVariable: async (name: string) => values[name] ?? '' };
}

const switched = { activeTable: RESTORED, activeTableStreamArn: RESTORED_STREAM };
const grantsOf = (resources: Record<string, any>) =>
  JSON.stringify(
    Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Role')
      .map((r) => r.Properties.Policies),
  );

describe('the table a stage uses (infra/active-table.cjs): its own, or the one admin switch-table names', () => {
  it("uses the stage's own table through the core's exports when nothing is switched", async () => {
    const ctx = resolver({ domain: 'events' });
    expect(await activeTable.name(ctx)).toBe('store-api-s');
    expect(grantsOf((await stack.resources(ctx)).Resources)).toContain('"Fn::ImportValue":"store-api-s-TableArn"');
    expect((await functions(ctx))['events-consumer'].events[0].stream.arn).toEqual({
      'Fn::ImportValue': 'store-api-s-TableStreamArn',
    });
  });

  it('names the switched-to table in TABLE_NAME, every grant and the consumer trigger, without imports', async () => {
    const ctx = resolver({ domain: 'events', ...switched });
    expect(await activeTable.name(ctx)).toBe(RESTORED);
    const grants = grantsOf((await stack.resources(ctx)).Resources);
    expect(grants).toContain(`:table/${RESTORED}`);
    expect(grants).toContain(RESTORED_STREAM);
    expect(grants).not.toContain('ImportValue');
    expect((await functions(ctx))['events-consumer'].events[0].stream.arn).toBe(RESTORED_STREAM);
  });

  it("keeps the core stack's own table and its exports, and points the alarms and the dashboard at the switched-to table", async () => {
    const { Resources } = await stack.resources(resolver({ domain: 'core', ...switched }));
    expect(Resources.StoreTable.Properties.TableName).toBe('store-api-s');
    const throttles = JSON.stringify(Resources.TableThrottlesAlarm);
    expect(throttles).toContain(RESTORED);
    expect(JSON.stringify(Resources)).toContain(`\\"TableName\\",\\"${RESTORED}\\"`);
  });

  it('refuses a switched-to table without its stream', async () => {
    await expect(activeTable.name(resolver({ domain: 'events', activeTable: RESTORED }))).rejects.toThrow(
      /activeTableStreamArn/,
    );
  });
});
