/**
 * One CloudWatch dashboard per stage (`<service>-<stage>`): traffic, errors and latency of the REST API, the
 * functions' own request metrics (EMF, lib/metrics.ts), DynamoDB units and throttles, the change feed's lag,
 * and the counts that drive cost or need attention (429s, lockouts, webhook failures). Built from names alone,
 * like the alarms (infra/monitoring.cjs).
 */
const REGION = '__REGION__';

function metricWidget(title, metrics, { stat = 'Sum', y, x, width = 12 } = {}) {
  return {
    type: 'metric',
    x,
    y,
    width,
    height: 6,
    properties: { title, region: REGION, stat, period: 300, view: 'timeSeries', metrics },
  };
}

function dashboard({ service, stage, table: tableName, consumers }) {
  const api = ['ApiName', `${stage}-${service}`, 'Stage', stage];
  const table = ['TableName', tableName];
  const store = (name) => ['StoreApi', name, 'service', 'store-api'];
  const widgets = [
    metricWidget(
      'API requests, 4xx, 5xx',
      [
        ['AWS/ApiGateway', 'Count', ...api],
        ['AWS/ApiGateway', '4XXError', ...api],
        ['AWS/ApiGateway', '5XXError', ...api],
      ],
      { x: 0, y: 0 },
    ),
    metricWidget(
      'API latency (p50, p99) and integration latency (p99), ms',
      [
        ['AWS/ApiGateway', 'Latency', ...api, { stat: 'p50' }],
        ['AWS/ApiGateway', 'Latency', ...api, { stat: 'p99' }],
        ['AWS/ApiGateway', 'IntegrationLatency', ...api, { stat: 'p99' }],
      ],
      { x: 12, y: 0 },
    ),
    metricWidget(
      "Requests by status class (the functions' own metrics)",
      ['2xx', '4xx', '5xx'].map((statusClass) => [
        'StoreApi',
        'requests',
        'service',
        'store-api',
        'statusClass',
        statusClass,
      ]),
      { x: 0, y: 6 },
    ),
    metricWidget(
      'Lambda errors and throttles, all functions',
      [
        ['AWS/Lambda', 'Errors'],
        ['AWS/Lambda', 'Throttles'],
        ['AWS/Lambda', 'ConcurrentExecutions', { stat: 'Maximum' }],
      ],
      { x: 12, y: 6 },
    ),
    metricWidget(
      'DynamoDB consumed units and throttles',
      [
        ['AWS/DynamoDB', 'ConsumedReadCapacityUnits', ...table],
        ['AWS/DynamoDB', 'ConsumedWriteCapacityUnits', ...table],
        ['AWS/DynamoDB', 'ReadThrottleEvents', ...table],
        ['AWS/DynamoDB', 'WriteThrottleEvents', ...table],
      ],
      { x: 0, y: 12 },
    ),
    metricWidget(
      'Change feed lag (iterator age, ms)',
      consumers.map((FunctionName) => ['AWS/Lambda', 'IteratorAge', 'FunctionName', FunctionName]),
      { stat: 'Maximum', x: 12, y: 12 },
    ),
    metricWidget(
      'Refusals and webhooks: 429s of the per-user limit, login lockouts, delivery failures, disabled endpoints',
      [store('rateLimited'), store('loginLockouts'), store('webhookDeliveryFailures'), store('webhooksDisabled')],
      { x: 0, y: 18, width: 24 },
    ),
  ];
  const parts = JSON.stringify({ widgets }).split(`"${REGION}"`);
  // The region is the stack's own: Fn::Join with AWS::Region (a '${…}' of Fn::Sub would be read as a Serverless variable).
  const body = {
    'Fn::Join': ['', parts.flatMap((part, i) => (i === 0 ? [part] : ['"', { Ref: 'AWS::Region' }, '"', part]))],
  };
  return {
    StageDashboard: {
      Type: 'AWS::CloudWatch::Dashboard',
      Properties: { DashboardName: `${service}-${stage}`, DashboardBody: body },
    },
  };
}

module.exports = { dashboard };
