/**
 * The stage's operations resources read back through the AWS APIs and compared with the code (the deploy check's
 * second step; docs/deploy.md, "Checking a deploy against an emulator"): every alarm of infra/monitoring.cjs with
 * its topic and the e-mail subscription, the dashboard, the cursor key parameter, X-Ray tracing of the functions,
 * the WAF association and the custom domain's mapping, each as the stage's params ask.
 */
import { createRequire } from 'node:module';
import { APIGatewayClient, GetBasePathMappingsCommand, GetDomainNameCommand } from '@aws-sdk/client-api-gateway';
import {
  CloudWatchClient,
  DescribeAlarmsCommand,
  GetDashboardCommand,
  type MetricAlarm,
} from '@aws-sdk/client-cloudwatch';
import { ListSubscriptionsByTopicCommand, SNSClient } from '@aws-sdk/client-sns';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { GetWebACLForResourceCommand, WAFV2Client } from '@aws-sdk/client-wafv2';
import { parseCursorKeys } from '../../lib/cursor-keys.js';
import { clientConfig, type DeployedStage } from './deployed-stage.js';
import { type ResolvedConfig, stageParam } from './stage-expectations.js';

const require = createRequire(import.meta.url);
const { monitoringResources } = require('../../infra/monitoring.cjs') as {
  monitoringResources: (options: {
    service: string;
    stage: string;
    settings: object;
  }) => Record<string, { Type: string; Properties: Record<string, unknown> }>;
};
const { cursorSecretParameter } = require('../../infra/secrets.cjs') as {
  cursorSecretParameter: (service: string, stage: string) => string;
};

export interface DeployedOperations {
  alarms: MetricAlarm[];
  topicSubscriptions: string[];
  dashboardWidgets?: number;
  cursorKey?: { type?: string; current?: string; previousCount?: number };
  webAcl?: { name?: string; rules: string[] };
  domainMappings: Array<{ restApiId?: string; stage?: string; basePath?: string }>;
  domainCertificateArn?: string;
}

/** The settings the stage was deployed with, from `serverless print` (the same params as the deploy). */
function monitoringSettingsOf(config: ResolvedConfig, stage: string) {
  const param = (name: string) => String(stageParam(config, stage, name) ?? '');
  return {
    alarms: param('alarms') === 'true',
    alarmEmail: param('alarmEmail'),
    alarmTopicArn: param('alarmTopicArn'),
    alarm5xxRate: Number(param('alarm5xxRate')),
    alarmP99LatencyMs: Number(param('alarmP99LatencyMs')),
    alarmIteratorAgeMs: Number(param('alarmIteratorAgeMs')),
    alarmWebhookFailures: Number(param('alarmWebhookFailures')),
  };
}

export async function readOperations(
  stage: string,
  restApiId: string | undefined,
  config: ResolvedConfig,
  region: string,
  env: NodeJS.ProcessEnv,
): Promise<DeployedOperations> {
  const options = clientConfig(region, env);
  const cloudWatch = new CloudWatchClient(options);
  const sns = new SNSClient(options);
  const ssm = new SSMClient(options);
  const waf = new WAFV2Client(options);
  const apiGateway = new APIGatewayClient(options);
  try {
    const alarms: MetricAlarm[] = [];
    let next: string | undefined;
    do {
      const page = await cloudWatch.send(
        new DescribeAlarmsCommand({ AlarmNamePrefix: `store-api-${stage}-`, NextToken: next }),
      );
      alarms.push(...(page.MetricAlarms ?? []));
      next = page.NextToken;
    } while (next);
    const topicArn = alarms[0]?.AlarmActions?.[0];
    const topicSubscriptions = topicArn
      ? ((await sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topicArn }))).Subscriptions ?? []).map(
          (s) => `${s.Protocol}:${s.Endpoint}`,
        )
      : [];
    const dashboard = await cloudWatch
      .send(new GetDashboardCommand({ DashboardName: `store-api-${stage}` }))
      .catch(() => undefined);
    const parameter = await ssm
      .send(new GetParameterCommand({ Name: cursorSecretParameter('store-api', stage), WithDecryption: true }))
      .catch(() => undefined);
    const keys = parameter?.Parameter?.Value ? parseCursorKeys(parameter.Parameter.Value) : undefined;
    const stageArn = `arn:aws:apigateway:${region}::/restapis/${restApiId}/stages/${stage}`;
    const acl = restApiId
      ? (await waf.send(new GetWebACLForResourceCommand({ ResourceArn: stageArn })).catch(() => undefined))?.WebACL
      : undefined;
    const domainName = String(stageParam(config, stage, 'customDomainName') ?? '');
    const mappings = domainName
      ? ((await apiGateway.send(new GetBasePathMappingsCommand({ domainName })).catch(() => undefined))?.items ?? [])
      : [];
    const domain = domainName
      ? await apiGateway.send(new GetDomainNameCommand({ domainName })).catch(() => undefined)
      : undefined;
    return {
      alarms,
      topicSubscriptions,
      dashboardWidgets: dashboard?.DashboardBody
        ? (JSON.parse(dashboard.DashboardBody) as { widgets: unknown[] }).widgets.length
        : undefined,
      cursorKey: parameter
        ? { type: parameter.Parameter?.Type, current: keys?.current, previousCount: keys?.previous.length }
        : undefined,
      webAcl: acl ? { name: acl.Name, rules: (acl.Rules ?? []).map((r) => String(r.Name)) } : undefined,
      domainMappings: mappings.map((m) => ({ restApiId: m.restApiId, stage: m.stage, basePath: m.basePath })),
      domainCertificateArn: domain?.regionalCertificateArn,
    };
  } finally {
    for (const client of [cloudWatch, sns, ssm, waf, apiGateway]) client.destroy();
  }
}

/** The differences between what was read back and what the code and the stage's params say. */
export function checkOperations(deployed: DeployedStage, found: DeployedOperations, config: ResolvedConfig): string[] {
  const { stage } = deployed;
  const param = (name: string) => String(stageParam(config, stage, name) ?? '');
  const settings = monitoringSettingsOf(config, stage);
  const declared = Object.values(monitoringResources({ service: 'store-api', stage, settings })).filter(
    (r) => r.Type === 'AWS::CloudWatch::Alarm',
  );
  const wantedNames = declared.map((r) => String(r.Properties.AlarmName)).sort();
  const foundNames = found.alarms.map((a) => String(a.AlarmName)).sort();
  const problems: string[] = [];
  for (const name of wantedNames.filter((n) => !foundNames.includes(n))) problems.push(`alarm missing: ${name}`);
  for (const name of foundNames.filter((n) => !wantedNames.includes(n)))
    problems.push(`alarm not in the code: ${name}`);
  for (const alarm of found.alarms) {
    const want = declared.find((r) => r.Properties.AlarmName === alarm.AlarmName)?.Properties;
    if (!want) continue;
    if (alarm.Threshold !== Number(want.Threshold))
      problems.push(`${alarm.AlarmName}: threshold ${alarm.Threshold}, the code says ${String(want.Threshold)}`);
    const topics = new Set([...(alarm.AlarmActions ?? []), ...(alarm.OKActions ?? [])]);
    if (topics.size !== 1 || ![...topics][0]!.endsWith(param('alarmTopicArn') || `:store-api-${stage}-alarms`))
      problems.push(`${alarm.AlarmName}: notifies ${[...topics].join(', ') || 'nothing'}`);
    const metricCount = (want.Metrics as unknown[] | undefined)?.length ?? 0;
    if ((alarm.Metrics?.length ?? 0) !== metricCount)
      problems.push(
        `${alarm.AlarmName}: ${alarm.Metrics?.length ?? 0} metric queries, the code declares ${metricCount}`,
      );
  }
  if (settings.alarmEmail && !found.topicSubscriptions.includes(`email:${settings.alarmEmail}`))
    problems.push(
      `the alarm topic has no e-mail subscription for ${settings.alarmEmail} (${found.topicSubscriptions.join(', ')})`,
    );
  if (!(found.dashboardWidgets && found.dashboardWidgets > 0))
    problems.push(`dashboard store-api-${stage} missing or empty`);
  if (found.cursorKey?.type !== 'SecureString' || (found.cursorKey.current?.length ?? 0) < 16)
    problems.push(
      `cursor key parameter ${JSON.stringify({ ...found.cursorKey, current: found.cursorKey?.current ? '…' : undefined })}`,
    );
  const tracing = param('tracing') === 'true';
  for (const fn of deployed.functions)
    if ((fn.tracingMode === 'Active') !== tracing)
      problems.push(`${fn.name}: tracing ${fn.tracingMode}, the tracing param says ${tracing}`);
  const waf = param('waf');
  if (
    waf === 'managed' &&
    (found.webAcl?.name !== `store-api-${stage}` ||
      !found.webAcl.rules.includes('AWSManagedRulesCommonRuleSet') ||
      !found.webAcl.rules.includes('RateLimitPerIp'))
  ) {
    problems.push(
      `stage WebACL ${JSON.stringify(found.webAcl)}, waf=managed asks for store-api-${stage} with the common rule set and the per-IP rate rule`,
    );
  }
  if (!waf && found.webAcl) problems.push(`stage has WebACL ${found.webAcl.name}; the waf param is empty`);
  const domain = param('customDomainName');
  if (domain) {
    const mapping = found.domainMappings[0];
    if (found.domainMappings.length !== 1 || mapping?.restApiId !== deployed.restApiIds[0] || mapping?.stage !== stage)
      problems.push(`domain ${domain} maps ${JSON.stringify(found.domainMappings)}`);
    if (found.domainCertificateArn !== param('customDomainCertificateArn'))
      problems.push(`domain ${domain} certificate ${found.domainCertificateArn}`);
  }
  return problems;
}

/** What a removal must leave of the operations resources: no alarm, dashboard, WebACL, domain or cursor key. */
export function operationsLeft(found: DeployedOperations): string[] {
  return [
    ...found.alarms.map((a) => `left behind: alarm ${a.AlarmName}`),
    ...(found.dashboardWidgets !== undefined ? ['left behind: dashboard'] : []),
    ...(found.cursorKey ? ['left behind: cursor key parameter'] : []),
    ...(found.webAcl ? [`left behind: WebACL ${found.webAcl.name}`] : []),
    ...found.domainMappings.map((m) => `left behind: base path mapping to ${m.restApiId}`),
  ];
}
