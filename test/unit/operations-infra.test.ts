import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
type Resources = Record<string, { Type: string; Properties: Record<string, any>; DependsOn?: string[] }>;
const { edgeResources, DEFAULT_EDGE } = require('../../infra/edge.cjs') as {
  edgeResources: (o: object) => Resources;
  DEFAULT_EDGE: Record<string, unknown>;
};
const { monitoringResources, DEFAULT_MONITORING } = require('../../infra/monitoring.cjs') as {
  monitoringResources: (o: object) => Resources;
  DEFAULT_MONITORING: Record<string, unknown>;
};
const { alarm, sumOfChunks, ALARM_METRIC_LIMIT } = require('../../infra/alarms.cjs') as {
  alarm: (id: string, spec: object) => Resources;
  sumOfChunks: <T>(items: T[]) => T[][];
  ALARM_METRIC_LIMIT: number;
};
const { allFunctions, DOMAINS } = require('../../infra/function-table.cjs') as {
  allFunctions: (d: string) => Array<{ name: string }>;
  DOMAINS: string[];
};

const byType = (resources: Resources, type: string) => Object.values(resources).filter((r) => r.Type === type);
const stage = { service: 'store-api', stage: 'qa' };

/** The core stack's operations resources for the params a stage may set (infra/monitoring.cjs, infra/edge.cjs). */
describe('alarms and dashboard (infra/monitoring.cjs)', () => {
  const resources = monitoringResources({
    ...stage,
    settings: { ...DEFAULT_MONITORING, alarmEmail: 'ops@example.com' },
  });
  const alarms = byType(resources, 'AWS::CloudWatch::Alarm');

  it('notifies the stage topic, which the e-mail is subscribed to, on ALARM and on OK', () => {
    expect(resources.AlarmTopic?.Properties).toEqual({
      TopicName: 'store-api-qa-alarms',
      Subscription: [{ Protocol: 'email', Endpoint: 'ops@example.com' }],
    });
    for (const a of alarms) {
      expect(a.Properties.AlarmActions).toEqual([{ Ref: 'AlarmTopic' }]);
      expect(a.Properties.OKActions).toEqual([{ Ref: 'AlarmTopic' }]);
      expect(a.Properties.AlarmName).toMatch(/^store-api-qa-/);
    }
  });

  it('watches every function of every stack once for errors and once for throttles, never more than CloudWatch allows per alarm', () => {
    const watched = (metric: string) =>
      alarms
        .flatMap((a) =>
          (a.Properties.Metrics ?? [])
            .filter((m: any) => m.MetricStat?.Metric.MetricName === metric)
            .map((m: any) => m.MetricStat.Metric.Dimensions[0].Value),
        )
        .sort();
    const every = DOMAINS.flatMap((d) => allFunctions(d).map((fn) => `store-api-qa-${fn.name}`)).sort();
    expect(watched('Errors')).toEqual(every);
    expect(watched('Throttles')).toEqual(every);
    for (const a of alarms) expect((a.Properties.Metrics ?? []).length).toBeLessThanOrEqual(ALARM_METRIC_LIMIT + 1);
    expect(alarms.length).toBeLessThan(every.length / 2);
  });

  it("has the API, table, change feed, webhook and lockout alarms, and a dashboard whose region is the stack's", () => {
    const names = alarms.map((a) => a.Properties.AlarmName);
    for (const name of [
      'api-5xx-rate',
      'api-p99-latency',
      'dynamodb-throttles',
      'dynamodb-system-errors',
      'events-consumer-iterator-age',
      'events-consumer-failed-batches',
      'webhook-delivery-failures',
      'webhooks-disabled',
      'login-lockouts',
    ]) {
      expect(names).toContain(`store-api-qa-${name}`);
    }
    const latency = alarms.find((a) => a.Properties.AlarmName === 'store-api-qa-api-p99-latency')!.Properties;
    expect(latency).toMatchObject({
      ExtendedStatistic: 'p99',
      Threshold: 2500,
      EvaluationPeriods: 3,
      Dimensions: [
        { Name: 'ApiName', Value: 'qa-store-api' },
        { Name: 'Stage', Value: 'qa' },
      ],
    });
    const body = JSON.stringify(resources.StageDashboard?.Properties.DashboardBody);
    expect(body).toContain('{"Ref":"AWS::Region"}');
    expect(body).not.toContain('__REGION__');
  });

  it('uses an existing topic instead of creating one, and with alarms off keeps only the dashboard', () => {
    const existing = monitoringResources({
      ...stage,
      settings: { ...DEFAULT_MONITORING, alarmTopicArn: 'arn:aws:sns:us-east-1:1:ops' },
    });
    expect(existing.AlarmTopic).toBeUndefined();
    for (const a of byType(existing, 'AWS::CloudWatch::Alarm'))
      expect(a.Properties.AlarmActions).toEqual(['arn:aws:sns:us-east-1:1:ops']);
    expect(Object.keys(monitoringResources({ ...stage, settings: { ...DEFAULT_MONITORING, alarms: false } }))).toEqual([
      'StageDashboard',
    ]);
  });

  it('builds one alarm from one metric or a sum of up to ten, and refuses anything else', () => {
    const topic = 'arn:t';
    expect(() => alarm('X', { name: 'x', topic, threshold: 0 })).toThrow('either metric or sumOf');
    const eleven = Array.from({ length: 11 }, () => ({ namespace: 'N', name: 'M' }));
    expect(() => alarm('X', { name: 'x', topic, threshold: 0, sumOf: eleven })).toThrow('1 to 10');
    expect(sumOfChunks(eleven).map((c) => c.length)).toEqual([10, 1]);
  });
});

describe('access logs, domain and WAF (infra/edge.cjs)', () => {
  it('by default: the access log group with the stage retention, the logging role and the account setting; no domain, no WAF', () => {
    const resources = edgeResources({ ...stage, settings: { ...DEFAULT_EDGE, logRetentionDays: 90 } });
    expect(Object.keys(resources).sort()).toEqual(['ApiAccessLogGroup', 'ApiGatewayAccount', 'ApiGatewayLogsRole']);
    expect(resources.ApiAccessLogGroup?.Properties).toEqual({
      LogGroupName: '/aws/api-gateway/store-api-qa-access',
      RetentionInDays: 90,
    });
    expect(
      Object.keys(edgeResources({ ...stage, settings: { ...DEFAULT_EDGE, accessLogsRoleArn: 'existing' } })),
    ).toEqual(['ApiAccessLogGroup']);
  });

  it('a custom domain: regional, TLS 1.2, mapped at its root to the stage; refused without a certificate', () => {
    const settings = {
      ...DEFAULT_EDGE,
      customDomainName: 'api.example.com',
      customDomainCertificateArn: 'arn:aws:acm:us-east-1:1:certificate/c',
    };
    const resources = edgeResources({ ...stage, settings });
    expect(resources.CustomDomain?.Properties).toMatchObject({
      DomainName: 'api.example.com',
      RegionalCertificateArn: settings.customDomainCertificateArn,
      EndpointConfiguration: { Types: ['REGIONAL'] },
      SecurityPolicy: 'TLS_1_2',
    });
    expect(resources.CustomDomainMapping?.Properties).toEqual({
      DomainName: { Ref: 'CustomDomain' },
      RestApiId: { Ref: 'ApiGatewayRestApi' },
      Stage: 'qa',
    });
    expect(() => edgeResources({ ...stage, settings: { ...settings, customDomainCertificateArn: '' } })).toThrow(
      'customDomainCertificateArn',
    );
  });

  it('waf=managed: the common rule set (body size and missing User-Agent only counted) and a per-IP rate rule, associated with the stage; an ARN: only the association', () => {
    const managed = edgeResources({ ...stage, settings: { ...DEFAULT_EDGE, waf: 'managed', wafRateLimit: 1000 } });
    const rules = managed.WebAcl!.Properties.Rules;
    expect(rules.map((r: any) => r.Name)).toEqual(['AWSManagedRulesCommonRuleSet', 'RateLimitPerIp']);
    expect(rules[0].Statement.ManagedRuleGroupStatement.RuleActionOverrides.map((o: any) => o.Name)).toEqual([
      'SizeRestrictions_BODY',
      'NoUserAgent_HEADER',
    ]);
    expect(rules[1].Statement.RateBasedStatement).toEqual({ Limit: 1000, AggregateKeyType: 'IP' });
    expect(managed.WebAclAssociation!.Properties.WebACLArn).toEqual({ 'Fn::GetAtt': ['WebAcl', 'Arn'] });
    expect(JSON.stringify(managed.WebAclAssociation!.Properties.ResourceArn)).toContain('/stages/qa');
    const own = edgeResources({
      ...stage,
      settings: { ...DEFAULT_EDGE, waf: 'arn:aws:wafv2:us-east-1:1:regional/webacl/mine/1' },
    });
    expect(own.WebAcl).toBeUndefined();
    expect(own.WebAclAssociation!.Properties.WebACLArn).toBe('arn:aws:wafv2:us-east-1:1:regional/webacl/mine/1');
  });
});
