import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/**
 * One CloudWatch metric set per request, written as an Embedded Metric Format
 * log line (no API call): a count and the latency, by status class. Turned off
 * with POWERTOOLS_METRICS_DISABLED=true (local runs and tests).
 */
const metrics = new Metrics({ namespace: 'StoreApi', serviceName: 'store-api' });

export function recordRequest(status: number, latencyMs: number): void {
  metrics.addDimension('statusClass', `${Math.floor(status / 100)}xx`);
  metrics.addMetric('requests', MetricUnit.Count, 1);
  metrics.addMetric('latency', MetricUnit.Milliseconds, latencyMs);
  metrics.publishStoredMetrics();
}

/**
 * Events worth an alarm or a dashboard line (infra/monitoring.cjs), each one EMF line of its own with only the
 * `service` dimension: refusals of the per-user rate limit, requests refused while a login is locked after failed
 * attempts, failed webhook delivery attempts and webhooks disabled for failing.
 */
export type CountedEvent = 'rateLimited' | 'loginLockouts' | 'webhookDeliveryFailures' | 'webhooksDisabled';

export function countEvent(name: CountedEvent, count = 1): void {
  metrics.singleMetric().addMetric(name, MetricUnit.Count, count);
}
