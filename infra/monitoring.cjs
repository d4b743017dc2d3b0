/**
 * The stage's alarms, their SNS topic and its dashboard, all in the core stack (docs/deploy.md, "Alarms"):
 * every alarm names its metrics by the deterministic names of the stage (functions `<service>-<stage>-<name>`,
 * the REST API `<stage>-<service>`, the table `<service>-<stage>`), so the core stack can watch every domain
 * stack's functions without importing anything, and a domain deployed with `--only` keeps its alarms.
 *
 * Metrics come from what AWS records by itself (API Gateway, Lambda, DynamoDB) and from the Embedded Metric
 * Format lines the functions already write (lib/metrics.ts, namespace StoreApi): no PutMetricData call anywhere.
 * Alarms on further resources (queues, …) are one `alarm(...)` call each in `alarmsOf` below.
 */
const { alarm, sumOfChunks } = require('./alarms.cjs');
const { allFunctions, DOMAINS, STREAM_FUNCTIONS } = require('./function-table.cjs');
const { dashboard } = require('./dashboard.cjs');
const { apiKind } = require('./http-api.cjs');
const { QUEUE_NAMES } = require('./webhook-queues.cjs');

/** The stage's monitoring settings (serverless.yml params), with the values stack-size.cjs counts by default. */
const DEFAULT_MONITORING = {
  alarms: true,
  alarmEmail: '',
  alarmTopicArn: '',
  alarm5xxRate: 0.01,
  alarmP99LatencyMs: 2500,
  alarmIteratorAgeMs: 60_000,
  alarmWebhookFailures: 50,
};

/** The EMF metrics of lib/metrics.ts: namespace StoreApi, dimension `service`. */
const storeMetric = (name) => ({ namespace: 'StoreApi', name, dimensions: { service: 'store-api' }, stat: 'Sum' });

/** Messages waiting in an SQS queue (the largest count of the period). */
const queueDepth = (QueueName) => ({
  namespace: 'AWS/SQS',
  name: 'ApproximateNumberOfMessagesVisible',
  dimensions: { QueueName },
  stat: 'Maximum',
});

const pascal = (text) => text.replace(/(^|[-_])([a-z0-9])/g, (_m, _sep, c) => c.toUpperCase());

/** The operations on the table whose SystemErrors are summed (CloudWatch reports them per operation). */
const TABLE_OPERATIONS = [
  'GetItem',
  'BatchGetItem',
  'Query',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'TransactWriteItems',
  'BatchWriteItem',
  'Scan',
];

function alarmsOf({ service, stage, topic, settings }) {
  const prefix = `${service}-${stage}`;
  // A REST API's metrics are named by the API's name and stage, an HTTP API's by its id and stage (`$default`).
  const http = settings.api === 'http';
  const api = http
    ? { ApiId: { Ref: 'HttpApi' }, Stage: '$default' }
    : { ApiName: `${stage}-${service}`, Stage: stage };
  // The table the functions use (infra/active-table.cjs): the stage's own unless switched to a restored one.
  const table = settings.table ?? prefix;
  const fnName = (name) => `${prefix}-${name}`;
  const runbook = 'docs/deploy.md, "Alarms"';
  const resources = {
    ...alarm('ApiServerErrorRateAlarm', {
      name: `${prefix}-api-5xx-rate`,
      description: `More than ${settings.alarm5xxRate * 100} % of API requests answered 5xx over 5 minutes (${runbook})`,
      topic,
      threshold: settings.alarm5xxRate,
      metric: { namespace: 'AWS/ApiGateway', name: http ? '5xx' : '5XXError', dimensions: api, stat: 'Average' },
    }),
    ...alarm('ApiLatencyAlarm', {
      name: `${prefix}-api-p99-latency`,
      description: `API p99 latency above ${settings.alarmP99LatencyMs} ms for 15 minutes (${runbook})`,
      topic,
      threshold: settings.alarmP99LatencyMs,
      periods: 3,
      metric: { namespace: 'AWS/ApiGateway', name: 'Latency', dimensions: api, stat: 'p99' },
    }),
    ...alarm('TableThrottlesAlarm', {
      name: `${prefix}-dynamodb-throttles`,
      description: `DynamoDB throttled reads or writes on ${table} (${runbook})`,
      topic,
      threshold: 0,
      sumOf: ['ReadThrottleEvents', 'WriteThrottleEvents'].map((name) => ({
        namespace: 'AWS/DynamoDB',
        name,
        dimensions: { TableName: table },
      })),
    }),
    ...sumOfChunks(TABLE_OPERATIONS).reduce(
      (all, operations, i) => ({
        ...all,
        ...alarm(`TableSystemErrorsAlarm${i || ''}`, {
          name: `${prefix}-dynamodb-system-errors${i ? `-${i + 1}` : ''}`,
          description: `DynamoDB answered with internal errors on ${table} (${runbook})`,
          topic,
          threshold: 0,
          sumOf: operations.map((Operation) => ({
            namespace: 'AWS/DynamoDB',
            name: 'SystemErrors',
            dimensions: { TableName: table, Operation },
          })),
        }),
      }),
      {},
    ),
    ...alarm('LoginLockoutsAlarm', {
      name: `${prefix}-login-lockouts`,
      description: `Many requests refused because an (e-mail, IP) pair is locked after failed logins: a brute-force attempt? (${runbook})`,
      topic,
      threshold: 100,
      metric: storeMetric('loginLockouts'),
    }),
  };
  // Lambda errors and throttles, per domain (not per function): one alarm per 10 functions of a domain.
  for (const domain of DOMAINS) {
    const names = allFunctions(domain, undefined, settings.api ?? 'rest').map((fn) => fn.name);
    for (const [kind, metricName] of [
      ['errors', 'Errors'],
      ['throttles', 'Throttles'],
    ]) {
      sumOfChunks(names).forEach((chunk, i) => {
        const part = sumOfChunks(names).length > 1 ? `-${i + 1}` : '';
        Object.assign(
          resources,
          alarm(`${pascal(domain)}Lambda${pascal(kind)}${i || ''}Alarm`, {
            name: `${prefix}-${domain}-lambda-${kind}${part}`,
            description: `Lambda ${kind} in the ${domain} stack's functions (${chunk.join(', ')}) (${runbook})`,
            topic,
            threshold: 0,
            sumOf: chunk.map((name) => ({
              namespace: 'AWS/Lambda',
              name: metricName,
              dimensions: { FunctionName: fnName(name) },
            })),
          }),
        );
      });
    }
  }
  // The change feed: its consumer falling behind the table's stream, and batches it failed (retried until they succeed).
  for (const consumer of STREAM_FUNCTIONS) {
    const FunctionName = fnName(consumer.name);
    Object.assign(
      resources,
      alarm(`${pascal(consumer.name)}IteratorAgeAlarm`, {
        name: `${prefix}-${consumer.name}-iterator-age`,
        description: `${consumer.name} is more than ${settings.alarmIteratorAgeMs / 1000} s behind the table's stream (${runbook})`,
        topic,
        threshold: settings.alarmIteratorAgeMs,
        periods: 2,
        metric: { namespace: 'AWS/Lambda', name: 'IteratorAge', dimensions: { FunctionName }, stat: 'Maximum' },
      }),
      alarm(`${pascal(consumer.name)}FailedBatchesAlarm`, {
        name: `${prefix}-${consumer.name}-failed-batches`,
        description: `${consumer.name} failed stream batches; they are retried (halved) until they succeed or leave the stream after 24 h (${runbook})`,
        topic,
        threshold: 0,
        metric: { namespace: 'AWS/Lambda', name: 'Errors', dimensions: { FunctionName } },
      }),
    );
  }
  Object.assign(
    resources,
    alarm('WebhookDeliveryFailuresAlarm', {
      name: `${prefix}-webhook-delivery-failures`,
      description: `More than ${settings.alarmWebhookFailures} webhook delivery attempts failed in 5 minutes (${runbook})`,
      topic,
      threshold: settings.alarmWebhookFailures,
      metric: storeMetric('webhookDeliveryFailures'),
    }),
    alarm('WebhooksDisabledAlarm', {
      name: `${prefix}-webhooks-disabled`,
      description: `A webhook endpoint was disabled after failing every retry for 24 h (${runbook})`,
      topic,
      threshold: 0,
      metric: storeMetric('webhooksDisabled'),
    }),
    // The change feed's queues (infra/webhook-queues.cjs, events stack): anything at all in these two needs a look.
    alarm('EventsConsumerFailureQueueAlarm', {
      name: `${prefix}-events-consumer-failures`,
      description: `The change feed's consumer gave up on a stream batch: replay it within the stream's 24 h (${runbook})`,
      topic,
      threshold: 0,
      metric: queueDepth(`${prefix}-${QUEUE_NAMES.EventsConsumerFailureQueue}`),
    }),
    alarm('WebhookDeliveryDeadLetterQueueAlarm', {
      name: `${prefix}-webhook-delivery-dead-letters`,
      description: `Webhook delivery messages failed 5 receives (the deliveries stay due in the table) (${runbook})`,
      topic,
      threshold: 0,
      metric: queueDepth(`${prefix}-${QUEUE_NAMES.WebhookDeliveryDeadLetterQueue}`),
    }),
  );
  return resources;
}

/**
 * The core stack's monitoring: the topic (unless `alarmTopicArn` names one; `alarmEmail` subscribed to it), every
 * alarm, and the dashboard. `settings`: DEFAULT_MONITORING with the stage's params.
 */
function monitoringResources({ service, stage, settings = DEFAULT_MONITORING }) {
  const resources = {
    ...dashboard({
      service,
      stage,
      table: settings.table ?? `${service}-${stage}`,
      consumers: STREAM_FUNCTIONS.map((fn) => `${service}-${stage}-${fn.name}`),
    }),
  };
  if (!settings.alarms) return resources;
  if (!settings.alarmTopicArn) {
    resources.AlarmTopic = {
      Type: 'AWS::SNS::Topic',
      Properties: {
        TopicName: `${service}-${stage}-alarms`,
        ...(settings.alarmEmail ? { Subscription: [{ Protocol: 'email', Endpoint: settings.alarmEmail }] } : {}),
      },
    };
  }
  return { ...resources, ...alarmsOf({ service, stage, topic: alarmTopic(settings), settings }) };
}

const alarmTopic = (settings) => settings.alarmTopicArn || { Ref: 'AlarmTopic' };

/** The stage params of serverless.yml as monitoring settings. */
async function monitoringSettings(resolveVariable) {
  const param = async (name) => String(await resolveVariable(`param:${name}`));
  return {
    alarms: (await param('alarms')) === 'true',
    alarmEmail: await param('alarmEmail'),
    alarmTopicArn: await param('alarmTopicArn'),
    alarm5xxRate: Number(await param('alarm5xxRate')),
    alarmP99LatencyMs: Number(await param('alarmP99LatencyMs')),
    alarmIteratorAgeMs: Number(await param('alarmIteratorAgeMs')),
    alarmWebhookFailures: Number(await param('alarmWebhookFailures')),
    api: await apiKind(resolveVariable),
  };
}

module.exports = { DEFAULT_MONITORING, monitoringResources, monitoringSettings, alarmTopic };
