/**
 * CloudWatch alarms as small builders: one call per alarm, every alarm notifying the stage's alarm topic
 * (the core stack's `AlarmTopic`, or the existing topic of the `alarmTopicArn` param; a domain stack imports
 * it as `<service>-<stage>-AlarmTopicArn`). docs/deploy.md, "Alarms", says what to do when each fires.
 *
 *   alarm('ApiServerErrorsAlarm', { name: 'api-5xx-rate', description, topic, threshold: 0.01,
 *          metric: { namespace: 'AWS/ApiGateway', name: '5XXError', dimensions: { ApiName: … }, stat: 'Average' } })
 *   alarm('OrdersErrorsAlarm', { name: …, topic, threshold: 0, sumOf: [metric, metric, …] })  // metric math
 *
 * An alarm names a single metric (`metric`), or the sum of up to ALARM_METRIC_LIMIT metrics (`sumOf`, one
 * metric-math expression: CloudWatch allows no more in one alarm, so `sumOfChunks` splits longer lists).
 */

/** CloudWatch's limit on the metrics one alarm's math expression may read. */
const ALARM_METRIC_LIMIT = 10;
const PERIOD_SECONDS = 300;

const dimensionList = (dimensions = {}) => Object.entries(dimensions).map(([Name, Value]) => ({ Name, Value }));

/**
 * @param {string} logicalId  the CloudFormation logical id
 * @param {object} spec
 * @param {string} spec.name  AlarmName (the caller prefixes it with `<service>-<stage>-`)
 * @param {string} spec.description  what it means and where the runbook is
 * @param {unknown} spec.topic  the SNS topic ARN (a string or an intrinsic function)
 * @param {number} spec.threshold
 * @param {{ namespace: string, name: string, dimensions?: Record<string, unknown>, stat?: string }} [spec.metric]
 * @param {Array<{ namespace: string, name: string, dimensions?: Record<string, unknown>, stat?: string }>} [spec.sumOf]
 * @param {number} [spec.periods]  how many consecutive 5-minute periods must breach (default 1)
 * @param {string} [spec.comparison]  default GreaterThanThreshold
 */
function alarm(
  logicalId,
  { name, description, topic, threshold, metric, sumOf, periods = 1, comparison = 'GreaterThanThreshold' },
) {
  if (Boolean(metric) === Boolean(sumOf)) throw new Error(`alarm ${name}: give either metric or sumOf`);
  if (sumOf && (sumOf.length === 0 || sumOf.length > ALARM_METRIC_LIMIT))
    throw new Error(`alarm ${name}: sumOf takes 1 to ${ALARM_METRIC_LIMIT} metrics`);
  const source = metric
    ? {
        Namespace: metric.namespace,
        MetricName: metric.name,
        Dimensions: dimensionList(metric.dimensions),
        ...(metric.stat && /^p\d/.test(metric.stat)
          ? { ExtendedStatistic: metric.stat }
          : { Statistic: metric.stat ?? 'Sum' }),
        Period: PERIOD_SECONDS,
      }
    : {
        Metrics: [
          { Id: 'total', Expression: 'SUM(METRICS())', Label: name, ReturnData: true },
          ...sumOf.map((m, i) => ({
            Id: `m${i}`,
            ReturnData: false,
            MetricStat: {
              Metric: { Namespace: m.namespace, MetricName: m.name, Dimensions: dimensionList(m.dimensions) },
              Period: PERIOD_SECONDS,
              Stat: m.stat ?? 'Sum',
            },
          })),
        ],
      };
  return {
    [logicalId]: {
      Type: 'AWS::CloudWatch::Alarm',
      Properties: {
        AlarmName: name,
        AlarmDescription: description,
        ...source,
        Threshold: threshold,
        ComparisonOperator: comparison,
        EvaluationPeriods: periods,
        DatapointsToAlarm: periods,
        // No traffic is no failure: an idle stage stays OK.
        TreatMissingData: 'notBreaching',
        AlarmActions: [topic],
        OKActions: [topic],
      },
    },
  };
}

/** `metrics` in groups CloudWatch accepts in one alarm: [[m0…m9], [m10…], …]. */
function sumOfChunks(metrics) {
  const chunks = [];
  for (let i = 0; i < metrics.length; i += ALARM_METRIC_LIMIT) chunks.push(metrics.slice(i, i + ALARM_METRIC_LIMIT));
  return chunks;
}

module.exports = { alarm, sumOfChunks, ALARM_METRIC_LIMIT, PERIOD_SECONDS };
